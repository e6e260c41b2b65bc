/** Soft 404: sites that answer a random missing path with 200 instead of an error. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { urlColumn, type Row } from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import { soft404Rows } from '../section-rows.ts';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

export function soft404Spec(report: CrawlReport, i18n: Translator): TableSpec<Row<'soft404'>> {
  const { t, plural } = i18n;
  return {
    id: 'soft-404',
    count: (n) => plural('crawlview_rows_soft_404_sites', n),
    noun: t('crawlview_noun_soft_404_sites'),
    rows: soft404Rows(report),
    searchText: (r) => r.origin,
    columns: [
      urlColumn('origin', t('col_site')),
      {
        id: 'detected',
        label: t('col_a_random_missing_path_answers'),
        sortValue: (r) => (r.detected ? 1 : 0),
        render: (r) =>
          r.detected ? <strong class="bad">{t('soft404_detected')}</strong> : t('soft404_fine'),
      },
    ],
  };
}

export const section: ReportSection = {
  id: 'soft-404',
  label: 'section_soft_404',
  about: 'about_soft_404',
  lists: ['soft404'],
  count: (report) => soft404Rows(report).length,
  Body: ({ report }) => <ReportTable report={report} build={soft404Spec} />,
};
