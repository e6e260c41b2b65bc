/** Rate-limited: URLs the site asked the crawl to come back to later (429/503, long Retry-After). */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { statusText } from '../cells.tsx';
import { reasonColumn, reasonText, statusColumn, urlColumn, type Row } from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

export function rateLimitedSpec(
  report: CrawlReport,
  i18n: Translator,
): TableSpec<Row<'rateLimited'>> {
  const { t, plural } = i18n;
  return {
    id: 'rate-limited',
    count: (n) => plural('rows_rate_limited_urls', n),
    noun: t('noun_rate_limited_urls'),
    rows: report.rateLimited,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}`,
    filters: [{ label: t('col_status'), valueOf: (r) => statusText(r.status, i18n) }],
    columns: [
      urlColumn('url', t('col_url')),
      statusColumn('status', t('col_status'), i18n),
      reasonColumn(t('col_reason'), i18n),
    ],
  };
}

export const section: ReportSection = {
  id: 'rate-limited',
  label: 'section_rate_limited',
  about: 'about_rate_limited',
  lists: ['rateLimited'],
  count: (report) => report.rateLimited.length,
  Body: ({ report }) => <ReportTable report={report} build={rateLimitedSpec} />,
};
