/** Forbidden: URLs that answered 401, 403 or 999 (bot walls, logins), and the pages linking them. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { statusText } from '../cells.tsx';
import {
  foundOnColumn,
  reasonColumn,
  reasonText,
  sourcesText,
  statusColumn,
  urlColumn,
  type Row,
} from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

export function forbiddenSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'forbidden'>> {
  const { t, plural } = i18n;
  return {
    id: 'forbidden',
    count: (n) => plural('rows_forbidden_urls', n),
    noun: t('noun_forbidden_urls'),
    rows: report.forbidden,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}\n${sourcesText(r.foundOn)}`,
    filters: [{ label: t('col_status'), valueOf: (r) => statusText(r.status, i18n) }],
    columns: [
      urlColumn('url', t('col_url')),
      statusColumn('status', t('col_status'), i18n),
      reasonColumn(t('col_reason'), i18n),
      foundOnColumn(t('col_found_on')),
    ],
  };
}

export const section: ReportSection = {
  id: 'forbidden',
  label: 'section_forbidden',
  about: 'about_forbidden',
  lists: ['forbidden'],
  count: (report) => report.forbidden.length,
  Body: ({ report }) => <ReportTable report={report} build={forbiddenSpec} />,
};
