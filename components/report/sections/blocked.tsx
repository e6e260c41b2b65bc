/** Blocked: URLs robots.txt disallows for the crawl's robot, with the deciding rule. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { reasonColumn, reasonText, urlColumn, type Row } from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

export function blockedSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'blocked'>> {
  const { t, plural } = i18n;
  return {
    id: 'blocked',
    count: (n) => plural('rows_blocked_urls', n),
    noun: t('noun_blocked_urls'),
    rows: report.blocked,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}`,
    columns: [urlColumn('url', t('col_url')), reasonColumn(t('col_robots_txt_rule'), i18n)],
  };
}

export const section: ReportSection = {
  id: 'blocked',
  label: 'section_blocked',
  about: 'about_blocked',
  lists: ['blocked'],
  count: (report) => report.blocked.length,
  Body: ({ report }) => <ReportTable report={report} build={blockedSpec} />,
};
