/** Skipped: every URL the crawl did not request, and the rule that skipped it. */
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { Phrase } from '../../../lib/i18n/phrase.ts';
import type { Translator } from '../../../lib/i18n/translator.ts';
import { reasonColumn, reasonText, urlColumn, type Row } from '../columns.tsx';
import { ReportTable } from '../ReportTable.tsx';
import type { ReportSection } from '../section-model.ts';
import type { TableSpec } from '../table/table-model.ts';

/** `robots-txt: Disallow: /x` → `robots-txt`: the rule the reason names first. */
const ruleOf = (reason: Phrase) =>
  reason.key === 'skipped_rule' ? String(reason.values.rule) : 'not reached';

export function skippedSpec(report: CrawlReport, i18n: Translator): TableSpec<Row<'skipped'>> {
  const { t, plural } = i18n;
  return {
    id: 'skipped',
    count: (n) => plural('rows_skipped_urls', n),
    noun: t('noun_skipped_urls'),
    rows: report.skipped,
    searchText: (r) => `${r.url}\n${reasonText(r, i18n)}`,
    filters: [{ label: t('col_rule'), valueOf: (r) => ruleOf(r.reason) }],
    columns: [urlColumn('url', t('col_url')), reasonColumn(t('col_reason'), i18n)],
  };
}

export const section: ReportSection = {
  id: 'skipped',
  label: 'section_skipped',
  about: 'about_skipped',
  lists: ['skipped'],
  count: (report) => report.skipped.length,
  Body: ({ report }) => <ReportTable report={report} build={skippedSpec} />,
};
