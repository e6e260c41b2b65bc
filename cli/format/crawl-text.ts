/** The crawl report as a readable terminal report, in the user's language. */
import { outcomeText } from '../../lib/i18n/labels.ts';
import type { Phrase } from '../../lib/i18n/phrase.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import {
  isRobotsProblem,
  type CrawlReport,
  type ReportLinkSource,
} from '../../lib/crawl/report.ts';
import { terminalSafe } from './terminal-safe.ts';

/** Rows listed per section; the JSON report has them all. */
const MAX_ROWS = 50;

/** A row's reason in the reader's language when the report kept its phrase. */
const reasonOf = (row: { reason: string; reasonPhrase?: Phrase }, { say }: Translator) =>
  row.reasonPhrase ? say(row.reasonPhrase) : row.reason;

export function formatCrawlText(report: CrawlReport, i18n: Translator): string {
  const { t, say } = i18n;
  const none = t('no_response');
  const trapped = new Set(report.traps.map((trap) => trap.url));
  const section = sectionOf(i18n);
  const lines = [
    ...summary(report, i18n),
    ...section(t('cli_section_robots'), report.robots.filter(isRobotsProblem), (r) => [
      `  ${r.url}: ${r.status ?? none} ${r.code}`,
      `      ${reasonOf(r, i18n)}`,
    ]),
    ...section(t('cli_section_broken'), report.broken, (b) => [
      `  ${b.url}`,
      `      ${b.status ?? none} ${b.kind}: ${reasonOf(b, i18n)}`,
      ...b.foundOn.slice(0, 5).map((source) => `      ${foundOn(source, i18n)}`),
      ...(b.linkCount > 5 ? [`      ${t('cli_linked_times', { count: b.linkCount })}`] : []),
    ]),
    ...section(t('cli_section_redirects'), report.redirects, (r) => [
      `  ${r.from}`,
      ...r.chain.map((hop) => `      ${hop.status} ${hop.url}`),
      `      → ${r.finalStatus ?? '✗'} ${r.to} (${outcomeText(r.outcome, i18n)})`,
    ]),
    ...section(t('cli_section_traps'), report.traps, (trap) => [
      `  ${trap.kind}: ${trap.url}`,
      `      ${trap.detailPhrase ? say(trap.detailPhrase) : trap.detail}`,
    ]),
    ...section(t('cli_section_duplicates'), report.duplicates, (d) => [
      `  ${t('cli_same_text', { count: d.urls.length })}`,
      ...d.urls.map((u) => `      ${u}`),
    ]),
    ...section(t('cli_section_forbidden'), report.forbidden, (f) => [
      `  ${f.url}: ${reasonOf(f, i18n)}`,
    ]),
    ...section(t('cli_section_rate_limited'), report.rateLimited, (r) => [
      `  ${r.url}: ${reasonOf(r, i18n)}`,
    ]),
    ...section(t('cli_section_blocked'), report.blocked, (b) => [
      `  ${b.url}: ${reasonOf(b, i18n)}`,
    ]),
    ...section(t('cli_section_not_followed'), report.notFollowed, (n) => [
      `  ${t('cli_not_fetched', { page: n.page, count: n.links.length })}`,
    ]),
    ...section(t('cli_section_aliases'), report.aliases, (a) => [
      `  ${t('cli_alias', { raw: a.raw, url: a.url, reasons: a.reasons.join(', '), page: a.page })}`,
    ]),
    ...sitemap(report, i18n),
    ...section(
      t('cli_section_skipped'),
      report.skipped.filter((s) => !s.reason.startsWith('robots-txt:') && !trapped.has(s.url)),
      (s) => [`  ${s.url}: ${reasonOf(s, i18n)}`],
    ),
  ];
  return `${lines.map(terminalSafe).join('\n')}\n`;
}

function foundOn(source: ReportLinkSource, { t }: Translator): string {
  const where = {
    page: source.page,
    element: source.element,
    attribute: source.attribute,
    text: source.text,
  };
  return source.line
    ? t('cli_on_page_line', { ...where, line: String(source.line) })
    : t('cli_on_page', where);
}

function summary(report: CrawlReport, i18n: Translator): string[] {
  const { t, number } = i18n;
  const s = report.stats;
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  const seconds = number(s.durationMs / 1000, oneDecimal);
  const rate = s.durationMs > 0 ? number((s.done * 1000) / s.durationMs, oneDecimal) : '0';
  const soft = report.soft404
    .filter((o) => o.detected)
    .map((o) => `  ${t('cli_soft_404', { origin: o.origin })}`);
  const state = report.finished
    ? t('cli_finished')
    : t('cli_stopped', { why: report.stoppedBecause ?? 'interrupted' });
  return [
    t('cli_crawl_head', { url: report.startUrl, robot: report.robot, state }),
    `  ${t('cli_crawl_counts', {
      pages: s.pagesCrawled,
      done: s.done,
      outside: s.externalChecked,
      requests: s.requests,
      seconds,
      rate,
    })}`,
    `  ${t('cli_crawl_problems', {
      broken: s.broken,
      redirected: s.redirected,
      blocked: s.blocked,
      skipped: s.skipped,
    })}`,
    `  ${t('cli_http_statuses', { counts: formatCounts(report.distribution.httpStatus) })}`,
    ...soft,
  ];
}

function sitemap(report: CrawlReport, { t, say }: Translator): string[] {
  if (!report.sitemap) return [];
  const m = report.sitemap;
  return [
    '',
    t('cli_sitemaps', { sitemaps: m.sitemaps.join(', ') || t('none'), count: m.urls }),
    ...m.notLinked.slice(0, MAX_ROWS).map((url) => `  ${t('cli_sitemap_not_linked', { url })}`),
    ...m.missingFromSitemap
      .slice(0, MAX_ROWS)
      .map((url) => `  ${t('cli_sitemap_missing', { url })}`),
    ...m.errors.map(
      (error, index) =>
        `  ${t('cli_sitemap_problem', { error: m.errorPhrases?.[index] ? say(m.errorPhrases[index]) : error })}`,
    ),
  ];
}

function sectionOf({ t }: Translator) {
  return <T>(title: string, rows: T[], render: (row: T) => string[]): string[] => {
    if (rows.length === 0) return [];
    const more =
      rows.length > MAX_ROWS ? [`  ${t('cli_and_more', { count: rows.length - MAX_ROWS })}`] : [];
    return [
      '',
      t('cli_section', { title, count: rows.length }),
      ...rows.slice(0, MAX_ROWS).flatMap(render),
      ...more,
    ];
  };
}

function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}×${count}`)
    .join(' ');
}
