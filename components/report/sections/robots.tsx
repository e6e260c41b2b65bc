/** Robots: sites whose robots.txt the crawl could not use as rules, with the policy it led to. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { reasonText, statusColumn, textColumn, urlColumn, type Row } from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import { robotsProblemRows } from '../section-rows.ts';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

export function robotsTxtSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'robots'>> {
  const { t, plural } = i18n;
  return {
    id: 'robots',
    count: (n) => plural('crawlview_rows_robots_problems', n),
    noun: t('crawlview_noun_robots_problems'),
    rows: robotsProblemRows(report),
    searchText: (r) => `${r.url}\n${r.code}\n${reasonText(r, i18n)}`,
    filters: [{ label: t('col_policy'), valueOf: (r) => r.policy }],
    columns: [
      urlColumn('url', t('col_url')),
      statusColumn('status', t('col_status'), i18n),
      {
        id: 'reason',
        label: t('col_reason'),
        sortValue: (r) => reasonText(r, i18n),
        render: (r) => (
          <>
            <span class="kind">{r.code}</span> <span class="muted">{reasonText(r, i18n)}</span>
          </>
        ),
      },
      textColumn('policy', t('col_policy'), (r) => r.policy),
    ],
  };
}

export const section: ReportSection = {
  id: 'robots',
  label: 'section_robots',
  about: 'about_robots',
  lists: ['robots'],
  count: (report) => robotsProblemRows(report).length,
  Body: ({ report }) => <ReportTable report={report} build={robotsTxtSpec} />,
};
