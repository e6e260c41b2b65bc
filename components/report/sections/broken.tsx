/** Broken links: every link target that answered with an error, and the pages that carry it. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { PageText } from '../../PageText.tsx';
import {
  countColumn,
  foundOnColumn,
  reasonText,
  sourcesText,
  statusColumn,
  urlColumn,
  type Row,
} from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

export function brokenSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'broken'>> {
  const { t, plural } = i18n;
  return {
    id: 'broken',
    count: (n) => plural('rows_broken_links', n),
    noun: t('noun_broken_links'),
    rows: report.broken,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}\n${sourcesText(r.foundOn)}`,
    filters: [{ label: t('col_kind'), valueOf: (r) => r.kind }],
    columns: [
      urlColumn('url', t('col_broken_url'), (r) =>
        r.internal ? null : <span class="tag">{t('tag_other_site')}</span>,
      ),
      statusColumn('status', t('col_status'), i18n),
      {
        id: 'kind',
        label: t('col_kind_and_reason'),
        sortValue: (r) => r.kind,
        render: (r) => (
          <>
            <span class="kind">{r.kind}</span>{' '}
            <span class="muted">
              <PageText text={reasonText(r, i18n)} />
            </span>
          </>
        ),
      },
      countColumn(
        'links',
        t('col_links'),
        (r) => r.linkCount,
        (n) => i18n.number(n),
      ),
      foundOnColumn(t('col_found_on_page_anchor_text'), (r) => r.linkCount),
    ],
  };
}

export const section: ReportSection = {
  id: 'broken',
  label: 'section_broken',
  about: 'about_broken',
  lists: ['broken'],
  count: (report) => report.broken.length,
  Body: ({ report }) => <ReportTable report={report} build={brokenSpec} />,
};
