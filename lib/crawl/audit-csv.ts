/**
 * The site audit's tables as CSV: every page with its verdict, and the
 * findings. Cells go through csvCell (report-csv.ts): invisible characters
 * made visible, formula-looking cells quoted.
 */
import type { SiteFinding } from '../audit/types.ts';
import type { Phrase } from '../i18n/phrase.ts';
import type { CrawlReport } from './report.ts';
import { csvText } from './report-csv.ts';

type Cell = string | number | null | undefined;

const PAGE_HEADER = [
  'url',
  'status',
  'indexable',
  'title',
  'canonical',
  'blocking',
  'notes',
  'reasons',
];
const FINDING_HEADER = ['code', 'severity', 'url', 'target', 'value', 'related', 'detail'];

/** Several values in one cell, e.g. reason codes or related URLs (no URL holds a space). */
const LIST_SEPARATOR = ' ';
/** Reason sentences in one cell. */
const SENTENCE_SEPARATOR = ' | ';

/**
 * One row per page: its verdict (`true`, `false`, empty when not audited),
 * the codes of its blocking reasons and of its notes, and every reason in
 * words with its source. `say` words them: CSV is data, so callers give English.
 */
export function indexabilityCsv(report: CrawlReport, say: (phrase: Phrase) => string): string {
  const rows: Cell[][] = [PAGE_HEADER];
  for (const page of report.pages) {
    const codes = (blocking: boolean) =>
      page.reasons
        .filter((r) => r.blocking === blocking)
        .map((r) => r.code)
        .join(LIST_SEPARATOR);
    rows.push([
      page.url,
      page.status,
      page.indexable === null ? null : String(page.indexable),
      page.title,
      page.canonical,
      codes(true),
      codes(false),
      page.reasons
        .map((r) => `${r.code}: ${say(r.detail)} (${sourceText(r.source, say)})`)
        .join(SENTENCE_SEPARATOR),
    ]);
  }
  return csvText(rows);
}

/** One row per finding, its related pages in one cell. */
export function findingsCsv(
  findings: readonly SiteFinding[],
  say: (phrase: Phrase) => string,
): string {
  const rows: Cell[][] = [FINDING_HEADER];
  for (const finding of findings) {
    rows.push([
      finding.code,
      finding.severity,
      finding.url,
      finding.target,
      finding.value,
      finding.related?.join(LIST_SEPARATOR),
      say(finding.detail),
    ]);
  }
  return csvText(rows);
}

function sourceText(source: string | Phrase, say: (phrase: Phrase) => string): string {
  return typeof source === 'string' ? source : say(source);
}
