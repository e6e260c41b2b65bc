/**
 * The crawl report as a readable terminal report, in the user's language,
 * in the order a webmaster acts on it (lib/crawl/report-sections.ts): the
 * site's own broken links, all of them, most linked first; redirected links
 * to fix; broken links to other sites; what could not be verified; then the
 * rest. A crawl cut short says so at the top, with the command that goes on.
 */
import type { SiteFinding } from '../../lib/audit/types.ts';
import type { Phrase } from '../../lib/i18n/phrase.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import {
  isRobotsProblem,
  type CrawlReport,
  type ReportLinkSource,
} from '../../lib/crawl/report.ts';
import {
  reportSections,
  type LinkProblem,
  type ReportSections,
} from '../../lib/crawl/report-sections.ts';
import { robotName } from '../../lib/verdict/robot-label.ts';
import { cutShortWhy, seconds, summaryLine, type CutShortNote } from './crawl-summary.ts';
import { terminalSafe } from './terminal-safe.ts';

/** Rows listed per section but the site's own broken links (all listed); the JSON report has them all. */
const MAX_ROWS = 50;
/** Pages named under each link; the rest are counted. */
const PAGES_SHOWN = 3;
/** Findings listed, with their detail, per finding code; the rest are counted. */
const FINDINGS_SHOWN = 3;

const reasonOf = (row: { reason: Phrase }, { say }: Translator) => say(row.reason);

/** mailto: and tel: links are counted, not listed: there is nothing to request. */
const isNotWebLink = (url: string) => /^(mailto|tel):/i.test(url);

export function formatCrawlText(
  report: CrawlReport,
  i18n: Translator,
  cut: CutShortNote | null = null,
  sections: ReportSections = reportSections(report),
): string {
  const { t, say } = i18n;
  const none = t('no_response');
  const trapped = new Set(report.traps.map((trap) => trap.url));
  const section = sectionOf(i18n);
  const siteOrigin = new URL(report.startUrl).origin;
  const onSite = (url: string) => url.startsWith(`${siteOrigin}/`);
  const skipped = report.skipped.filter(
    (s) => !isRuleSkip(s.reason, 'robots-txt') && !trapped.has(s.url),
  );
  // Counted by the crawl per scheme; a state saved before that listed them as skipped.
  const notWebLinks =
    Object.entries(report.notRequestedLinks ?? {})
      .filter(([scheme]) => /^(mailto|tel):?$/i.test(scheme))
      .reduce((sum, [, links]) => sum + links, 0) +
    skipped.filter((s) => isNotWebLink(s.url)).length;
  const lines = [
    ...head(report, cut, i18n),
    ...section(
      t('cli_section_robots'),
      report.robots.filter((r) => isRobotsProblem(r) && onSite(r.url)),
      (r) => [`  ${r.url}: ${r.status ?? none} ${r.code}`, `      ${reasonOf(r, i18n)}`],
    ),
    ...section(
      t('cli_report_section_site_broken'),
      sections.siteBroken,
      (p) => problemLines(p, i18n),
      Infinity,
    ),
    ...section(t('cli_report_section_redirects'), sections.redirectsToFix, (r) => [
      `  ${r.from}`,
      `      ${t('cli_report_redirect_to', { status: r.finalStatus ?? '✗', url: r.to, hops: r.hops })}`,
      ...pagesLines(r.pageCount, r.pages, i18n),
    ]),
    ...section(t('cli_report_section_off_site'), sections.offSiteBroken, (p) =>
      problemLines(p, i18n),
    ),
    ...section(t('cli_report_section_unverified'), sections.unverified, (p) => [
      `  ${p.url}`,
      `      ${p.status ?? none} ${p.kind}: ${reasonOf(p, i18n)}`,
      ...pagesLines(p.pageCount, p.pages, i18n, 1),
    ]),
    ...(sections.otherSitesRobots.length > 0
      ? [
          ...(sections.unverified.length === 0 ? [''] : []),
          `  ${t('cli_report_other_robots', {
            count: sections.otherSitesRobots.length,
            origins: ellipsis(sections.otherSitesRobots, 5),
          })}`,
        ]
      : []),
    ...section(t('cli_section_findings'), findingGroups(report.findings), (group) =>
      findingLines(group, i18n),
    ),
    ...section(t('cli_section_traps'), report.traps, (trap) => [
      `  ${trap.kind}: ${trap.url}`,
      `      ${say(trap.detail)}`,
    ]),
    ...section(t('cli_section_duplicates'), report.duplicates, (d) => [
      `  ${t('cli_same_text', { count: d.urls.length })}`,
      ...d.urls.map((u) => `      ${u}`),
    ]),
    ...section(
      t('cli_section_forbidden'),
      report.forbidden.filter((f) => onSite(f.url)),
      (f) => [`  ${f.url}: ${reasonOf(f, i18n)}`],
    ),
    ...section(
      t('cli_section_rate_limited'),
      report.rateLimited.filter((r) => onSite(r.url)),
      (r) => [`  ${r.url}: ${reasonOf(r, i18n)}`],
    ),
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
      skipped.filter((s) => !isNotWebLink(s.url) && !isLeftOver(s, cut)),
      (s) => [`  ${s.url}: ${reasonOf(s, i18n)}`],
    ),
    ...(notWebLinks > 0 ? ['', t('cli_report_not_web_links', { count: notWebLinks })] : []),
    '',
    summaryLine(report, sections, cut, i18n),
  ];
  return `${lines.map(terminalSafe).join('\n')}\n`;
}

/** URLs a cut-short crawl did not reach are counted at the top, not listed one by one. */
function isLeftOver(row: { reason: Phrase }, cut: CutShortNote | null): boolean {
  return (
    cut !== null && (row.reason.key === 'skip_not_reached' || isRuleSkip(row.reason, 'max-pages'))
  );
}

/** A skipped row's reason names its rule first (`robots-txt: …`, `max-pages: …`). */
function isRuleSkip(reason: Phrase, rule: string): boolean {
  return reason.key === 'skipped_rule' && reason.values.rule === rule;
}

function problemLines(p: LinkProblem, i18n: Translator): string[] {
  const { t } = i18n;
  return [
    `  ${p.url}`,
    `      ${t('cli_report_problem', { status: p.status ?? t('no_response'), kind: p.kind, reason: reasonOf(p, i18n) })}`,
    ...pagesLines(p.pageCount, p.pages, i18n),
  ];
}

function pagesLines(
  count: number,
  pages: ReportLinkSource[],
  i18n: Translator,
  shown = PAGES_SHOWN,
): string[] {
  if (count === 0) return [];
  const { plural } = i18n;
  const rest = count - Math.min(shown, pages.length);
  return [
    `      ${plural('cli_report_linked_from', count)}`,
    ...pages.slice(0, shown).map((source) => `        ${foundOn(source, i18n)}`),
    ...(rest > 0 ? [`        ${plural('cli_report_more_pages', rest)}`] : []),
  ];
}

function ellipsis(items: string[], shown: number): string {
  return items.length > shown ? `${items.slice(0, shown).join(', ')}, …` : items.join(', ');
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

function head(report: CrawlReport, cut: CutShortNote | null, i18n: Translator): string[] {
  const { t, number } = i18n;
  const s = report.stats;
  const rate =
    s.durationMs > 0
      ? number((s.done * 1000) / s.durationMs, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        })
      : '0';
  const soft = report.soft404
    .filter((o) => o.detected)
    .map((o) => `  ${t('cli_soft_404', { origin: o.origin })}`);
  const state = cut
    ? t('cli_report_state_cut_short', { why: cutShortWhy(cut, i18n) })
    : t('cli_report_state_finished');
  const incomplete = cut
    ? [
        '',
        cut.reason === 'max-pages'
          ? t('cli_report_left_pages', { left: cut.left })
          : t('cli_report_left_urls', { left: cut.left }),
        t('cli_report_resume', { command: cut.resumeCommand }),
      ]
    : [];
  return [
    t('cli_report_head', { url: report.startUrl, robot: report.robot, state }),
    `  ${t('cli_report_counts', {
      pages: s.pagesCrawled,
      done: s.done,
      outside: s.externalChecked,
      requests: s.requests,
      seconds: seconds(report, i18n),
      rate,
    })}`,
    `  ${t('cli_http_statuses', { counts: formatCounts(report.distribution.httpStatus) })}`,
    ...auditLines(report, i18n),
    ...soft,
    ...incomplete,
  ];
}

/** The site audit in two lines: pages indexable for the audit robot or not, and why not. */
function auditLines(report: CrawlReport, { t }: Translator): string[] {
  const audit = report.audit;
  if (!audit) return [];
  const counts = t('cli_audit_counts', {
    indexable: audit.indexable,
    not: audit.notIndexable,
    robot: robotName(audit.robot),
  });
  const reasons = Object.keys(audit.byReason).length
    ? [`    ${t('cli_audit_by_reason', { counts: formatCounts(audit.byReason) })}`]
    : [];
  return [`  ${counts}`, ...reasons];
}

interface FindingGroup {
  code: SiteFinding['code'];
  severity: SiteFinding['severity'];
  findings: SiteFinding[];
}

/** Findings by code, in the order their codes first appear (errors before the rest). */
function findingGroups(findings: readonly SiteFinding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const finding of findings) {
    const group = groups.get(finding.code);
    if (group) group.findings.push(finding);
    else groups.set(finding.code, { ...finding, findings: [finding] });
  }
  const rank = { error: 0, warning: 1, note: 2 } as const;
  return [...groups.values()].sort((a, b) => rank[a.severity] - rank[b.severity]);
}

function findingLines(group: FindingGroup, { t, say }: Translator): string[] {
  const shown = group.findings.slice(0, FINDINGS_SHOWN);
  const rest = group.findings.length - shown.length;
  return [
    `  ${t('cli_finding_group', { code: group.code, severity: group.severity, count: group.findings.length })}`,
    ...shown.flatMap((finding) => [
      `      ${finding.target ? `${finding.url} → ${finding.target}` : finding.url}`,
      `        ${say(finding.detail)}`,
    ]),
    ...(rest > 0 ? [`      ${t('cli_and_more', { count: rest })}`] : []),
  ];
}

function sitemap(report: CrawlReport, { t }: Translator): string[] {
  if (!report.sitemap) return [];
  const m = report.sitemap;
  return [
    '',
    t('cli_sitemaps', { sitemaps: m.sitemaps.join(', ') || t('none'), count: m.urls }),
    ...m.notLinked.slice(0, MAX_ROWS).map((url) => `  ${t('cli_sitemap_not_linked', { url })}`),
    ...m.missingFromSitemap
      .slice(0, MAX_ROWS)
      .map((url) => `  ${t('cli_sitemap_missing', { url })}`),
    ...m.errors.map((error) => `  ${t('cli_sitemap_problem', { error })}`),
  ];
}

function sectionOf({ t }: Translator) {
  return <T>(
    title: string,
    rows: T[],
    render: (row: T) => string[],
    maxRows = MAX_ROWS,
  ): string[] => {
    if (rows.length === 0) return [];
    const more =
      rows.length > maxRows ? [`  ${t('cli_and_more', { count: rows.length - maxRows })}`] : [];
    return [
      '',
      t('cli_section', { title, count: rows.length }),
      ...rows.slice(0, maxRows).flatMap(render),
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
