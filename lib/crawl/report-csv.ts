/**
 * The broken links as CSV, one row per (broken URL, page that carries it).
 * Cells are page data, read in spreadsheets and terminals alike:
 * - control, bidi and invisible characters are written in their visible
 *   form (`⟨U+001B⟩`, `⟨U+202E⟩`, lib/text/invisible.ts), so `cat report.csv`
 *   cannot clear the screen, plant an OSC 8 link or reorder a line;
 * - a cell starting with = + - @ (or a tab) would run as a formula in a
 *   spreadsheet, so it is prefixed with a quote.
 */
import type { Phrase } from '../i18n/phrase.ts';
import { revealInvisible } from '../text/invisible.ts';
import type { CrawlReport } from './report.ts';

const HEADER = ['url', 'status', 'kind', 'reason', 'page', 'element', 'attribute', 'text', 'line'];

/** `say` words the reasons: CSV is data, so the callers give English. */
export function brokenLinksCsv(report: CrawlReport, say: (phrase: Phrase) => string): string {
  const rows: (string | number | null | undefined)[][] = [HEADER];
  for (const broken of report.broken) {
    const sources = broken.foundOn.length > 0 ? broken.foundOn : [undefined];
    for (const source of sources) {
      rows.push([
        broken.url,
        broken.status,
        broken.kind,
        say(broken.reason),
        source?.page,
        source?.element,
        source?.attribute,
        source?.text,
        source?.line,
      ]);
    }
  }
  return csvText(rows);
}

/** Rows of cells as CSV text, each line ended by CRLF (RFC 4180). */
export function csvText(
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = revealInvisible(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
