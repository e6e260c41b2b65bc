/** The crawl report as a readable terminal report. */
import { isRobotsProblem, type CrawlReport } from '../../lib/crawl/report.ts';
import { terminalSafe } from './terminal-safe.ts';

/** Rows listed per section; the JSON report has them all. */
const MAX_ROWS = 50;

export function formatCrawlText(report: CrawlReport): string {
  const trapped = new Set(report.traps.map((t) => t.url));
  const lines = [
    ...summary(report),
    ...section('robots.txt problems', report.robots.filter(isRobotsProblem), (r) => [
      `  ${r.url}: ${r.status ?? 'no response'} ${r.code}`,
      `      ${r.reason}`,
    ]),
    ...section('Broken links', report.broken, (b) => [
      `  ${b.url}`,
      `      ${b.status ?? 'no response'} ${b.kind}: ${b.reason}`,
      ...b.foundOn
        .slice(0, 5)
        .map(
          (s) =>
            `      on ${s.page}${s.line ? ` line ${s.line}` : ''} <${s.element} ${s.attribute}> "${s.text}"`,
        ),
      ...(b.linkCount > 5 ? [`      … linked ${b.linkCount} times in all`] : []),
    ]),
    ...section('Redirects', report.redirects, (r) => [
      `  ${r.from}`,
      ...r.chain.map((hop) => `      ${hop.status} ${hop.url}`),
      `      → ${r.finalStatus ?? '✗'} ${r.to} (${r.outcome})`,
    ]),
    ...section('Traps refused', report.traps, (t) => [
      `  ${t.kind}: ${t.url}`,
      `      ${t.detail}`,
    ]),
    ...section('Duplicate content', report.duplicates, (d) => [
      `  ${d.urls.length} pages with the same text:`,
      ...d.urls.map((u) => `      ${u}`),
    ]),
    ...section('Forbidden to robots (not counted as broken)', report.forbidden, (f) => [
      `  ${f.url}: ${f.reason}`,
    ]),
    ...section('Rate-limited (not counted as broken)', report.rateLimited, (r) => [
      `  ${r.url}: ${r.reason}`,
    ]),
    ...section('Blocked by robots.txt (not requested)', report.blocked, (b) => [
      `  ${b.url}: ${b.reason}`,
    ]),
    ...section('Links not followed (nofollow)', report.notFollowed, (n) => [
      `  ${n.page}: ${n.links.length} links listed, not fetched`,
    ]),
    ...section('Aliases (different spellings of one URL)', report.aliases, (a) => [
      `  ${a.raw} → ${a.url} (${a.reasons.join(', ')}) on ${a.page}`,
    ]),
    ...sitemap(report),
    ...section(
      'Skipped (other rules)',
      report.skipped.filter((s) => !s.reason.startsWith('robots-txt:') && !trapped.has(s.url)),
      (s) => [`  ${s.url}: ${s.reason}`],
    ),
  ];
  return `${lines.map(terminalSafe).join('\n')}\n`;
}

function summary(report: CrawlReport): string[] {
  const s = report.stats;
  const seconds = (s.durationMs / 1000).toFixed(1);
  const rate = s.durationMs > 0 ? ((s.done * 1000) / s.durationMs).toFixed(1) : '0';
  const soft = report.soft404
    .filter((o) => o.detected)
    .map((o) => `  ${o.origin} answers 200 for missing pages (soft 404)`);
  return [
    `Crawl of ${report.startUrl} for ${report.robot}: ${report.finished ? 'finished' : `stopped (${report.stoppedBecause ?? 'interrupted'})`}`,
    `  ${s.pagesCrawled} pages crawled, ${s.done} URLs checked (${s.externalChecked} outside), ${s.requests} requests in ${seconds} s (${rate} URLs/s)`,
    `  ${s.broken} broken, ${s.redirected} redirected, ${s.blocked} blocked by robots.txt, ${s.skipped} skipped`,
    `  HTTP status: ${formatCounts(report.distribution.httpStatus)}`,
    ...soft,
  ];
}

function sitemap(report: CrawlReport): string[] {
  if (!report.sitemap) return [];
  const m = report.sitemap;
  return [
    '',
    `Sitemaps: ${m.sitemaps.join(', ') || 'none'} (${m.urls} URLs)`,
    ...m.notLinked
      .slice(0, MAX_ROWS)
      .map((url) => `  in the sitemap, but no link leads to it: ${url}`),
    ...m.missingFromSitemap
      .slice(0, MAX_ROWS)
      .map((url) => `  crawled, but missing from the sitemap: ${url}`),
    ...m.errors.map((error) => `  problem: ${error}`),
  ];
}

function section<T>(title: string, rows: T[], render: (row: T) => string[]): string[] {
  if (rows.length === 0) return [];
  const more =
    rows.length > MAX_ROWS ? [`  … and ${rows.length - MAX_ROWS} more (see --format json)`] : [];
  return ['', `${title} (${rows.length}):`, ...rows.slice(0, MAX_ROWS).flatMap(render), ...more];
}

function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}×${count}`)
    .join(' ');
}
