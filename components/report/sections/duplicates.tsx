/** Duplicates: groups of pages with the same text (one fingerprint). */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { countColumn, urlListColumn, type Row } from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

export function duplicatesSpec(
  report: CrawlReport,
  i18n: Translator,
): TableSpec<Row<'duplicates'>> {
  const { t, plural } = i18n;
  return {
    id: 'duplicates',
    count: (n) => plural('rows_duplicate_groups', n),
    noun: t('noun_duplicate_groups'),
    rows: report.duplicates,
    searchText: (r) => r.urls.join('\n'),
    columns: [
      urlListColumn('urls', t('col_pages_with_the_same_text'), (r) => r.urls, { sortable: true }),
      countColumn('count', t('col_pages'), (r) => r.urls.length),
      {
        id: 'fingerprint',
        label: t('col_fingerprint'),
        sortValue: (r) => r.fingerprint,
        render: (r) => <code title={r.fingerprint}>{r.fingerprint.slice(0, 12)}</code>,
      },
    ],
  };
}

export const section: ReportSection = {
  id: 'duplicates',
  label: 'section_duplicates',
  about: 'about_duplicates',
  lists: ['duplicates'],
  count: (report) => report.duplicates.length,
  Body: ({ report }) => <ReportTable report={report} build={duplicatesSpec} />,
};
