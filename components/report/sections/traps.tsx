/** Traps: URLs the crawl stopped following, with the rule that caught them. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import {
  foundOnColumn,
  pageTextColumn,
  sourcesText,
  trapText,
  urlColumn,
  type Row,
} from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

export function trapsSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'traps'>> {
  const { t, plural } = i18n;
  return {
    id: 'traps',
    count: (n) => plural('rows_traps', n),
    noun: t('noun_traps'),
    rows: report.traps,
    searchText: (r) => `${r.url}\n${trapText(r, i18n)}\n${sourcesText(r.foundOn)}`,
    filters: [{ label: t('col_kind'), valueOf: (r) => r.kind }],
    columns: [
      {
        id: 'kind',
        label: t('col_kind'),
        width: 'narrow',
        sortValue: (r) => r.kind,
        render: (r) => <span class="kind">{r.kind}</span>,
      },
      urlColumn('url', t('col_url')),
      pageTextColumn('detail', t('col_rule'), (r) => trapText(r, i18n)),
      foundOnColumn(t('col_found_on')),
    ],
  };
}

export const section: ReportSection = {
  id: 'traps',
  label: 'section_traps',
  about: 'about_traps',
  lists: ['traps'],
  count: (report) => report.traps.length,
  Body: ({ report }) => <ReportTable report={report} build={trapsSpec} />,
};
