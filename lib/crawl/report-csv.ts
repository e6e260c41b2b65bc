/**
 * The broken links as CSV, one row per (broken URL, page that carries it).
 * Cells are page data: a cell starting with = + - @ (or a tab/CR) would run
 * as a formula in a spreadsheet, so it is prefixed with a quote.
 */
import type { CrawlReport } from './report.ts';

const HEADER = ['url', 'status', 'kind', 'reason', 'page', 'element', 'attribute', 'text', 'line'];

export function brokenLinksCsv(report: CrawlReport): string {
  const rows: (string | number | null | undefined)[][] = [HEADER];
  for (const broken of report.broken) {
    const sources = broken.foundOn.length > 0 ? broken.foundOn : [undefined];
    for (const source of sources) {
      rows.push([
        broken.url,
        broken.status,
        broken.kind,
        broken.reason,
        source?.page,
        source?.element,
        source?.attribute,
        source?.text,
        source?.line,
      ]);
    }
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
