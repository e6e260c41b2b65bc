/**
 * The crawl report: the checkpoint turned into what a webmaster reads —
 * broken links with every page and anchor text that carry them, redirect
 * chains hop by hop, traps with the rule that caught them, duplicates,
 * skipped URLs with reasons, and the distributions that come for free. The
 * command line prints it (JSON, text, CSV) and the extension shows it; both
 * use this one shape.
 */
import type { CrawlCheckpoint, SourcesKept } from './crawl-book.ts';
import type { SourceList } from './link-sources.ts';
import { isHtml } from '../http/content-type.ts';
import { asWritten, phrase, type Phrase } from '../i18n/phrase.ts';
import { decodeUtf8 } from '../robots/bytes.ts';
import { fromJson, type RobotsFetchJson } from '../robots/cache.ts';
import { robotsPolicyFor, type RobotsPolicyCode } from '../robots/policy.ts';
import type { RobotsPolicyName } from '../robots/types.ts';
import { SOFT_404_PATH_PREFIX } from './soft-404.ts';
import type { CrawlStats, LinkSource, LinkStatus, StopReason, UrlRecord } from './types.ts';
import { auditPages } from '../audit/audit-pages.ts';
import { linkGraphOf, siteAuditInput } from '../audit/site-audit-input.ts';
import { siteFindings } from '../audit/site-findings.ts';
import type { PageAudit, SiteAuditSummary, SiteFinding } from '../audit/types.ts';
import type { LinkGraph } from './link-graph.ts';
import type { ReasonCode } from '../verdict/types.ts';
import { EMPTY_LIST } from '../empty-list.ts';

export interface ReportLinkSource {
  page: string;
  element: string;
  attribute: string;
  text: string;
  line?: number;
  raw: string;
}

/** One page that links a URL: how many times, and the first few of those links. */
export interface ReportLinkPage {
  page: string;
  linkCount: number;
  links: Omit<ReportLinkSource, 'page'>[];
}

export interface CrawlReport {
  startUrl: string;
  /**
   * Start URLs that gave no answer at all (DNS, refused connection, TLS,
   * timeout), with why: the site could not be crawled, which is an error,
   * not a broken link.
   */
  unreachableStart: { url: string; reason: Phrase }[];
  robot: string;
  finished: boolean;
  stoppedBecause: StopReason | null;
  stats: ReportStats;
  pages: {
    url: string;
    status: number | null;
    outcome: LinkStatus;
    depth: number;
    contentType: string | null;
    fingerprint: string | null;
    noindex: boolean;
    nofollow: boolean;
    duplicateOf: string | null;
    truncated: boolean;
    /** The page verdict for the audit robot (`audit.robot`); null when the page was not audited. */
    indexable: boolean | null;
    /** The verdict's reasons, blocking first (codes: lib/verdict/types.ts ReasonCode). */
    reasons: { code: ReasonCode; blocking: boolean; source: string | Phrase; detail: Phrase }[];
    title: string | null;
    canonical: string | null;
  }[];
  /** Job 1 for every page: counts per verdict and reason; null when the audit was off. */
  audit: SiteAuditSummary | null;
  /** The checks only a whole crawl can make (lib/audit/types.ts SiteFindingCode). */
  findings: SiteFinding[];
  broken: {
    url: string;
    status: number | null;
    reason: Phrase;
    kind: string;
    internal: boolean;
    linkCount: number;
    /** Pages that carry the link (every one, however many). */
    pageCount: number;
    foundOn: ReportLinkSource[];
    /** Every page that carries the link, most links first, with the first few of them. */
    pages: ReportLinkPage[];
  }[];
  redirects: {
    from: string;
    chain: { url: string; status: number }[];
    to: string;
    finalStatus: number | null;
    outcome: LinkStatus;
    /** The pages that link to the redirecting URL: where to put the final one. */
    foundOn: ReportLinkSource[];
  }[];
  duplicates: { fingerprint: string; urls: string[] }[];
  traps: {
    url: string;
    kind: string;
    detail: Phrase;
    foundOn: ReportLinkSource[];
  }[];
  skipped: { url: string; reason: Phrase }[];
  blocked: { url: string; reason: Phrase }[];
  rateLimited: { url: string; status: number | null; reason: Phrase }[];
  forbidden: {
    url: string;
    status: number | null;
    reason: Phrase;
    foundOn: ReportLinkSource[];
  }[];
  aliases: { raw: string; url: string; page: string; reasons: string[] }[];
  /** Links that make no request (`mailto:`, `tel:`, `javascript:`, …), counted by scheme. */
  notRequestedLinks: Record<string, number>;
  notFollowed: { page: string; links: string[] }[];
  soft404: { origin: string; detected: boolean }[];
  /** Each origin's robots.txt answer and what the crawl made of it (RFC 9309). */
  robots: {
    origin: string;
    url: string;
    status: number | null;
    policy: RobotsPolicyName;
    code: RobotsPolicyCode;
    reason: Phrase;
    /**
     * The file as fetched, decoded (null when nothing usable came back), so a
     * later crawl can show robots.txt changes line by line. Absent in reports
     * saved before it existed.
     */
    text?: string | null;
  }[];
  sitemap: {
    sitemaps: string[];
    urls: number;
    /** Every URL the sitemaps list (for comparing crawls). Absent in reports saved before it existed. */
    listed?: string[];
    notLinked: string[];
    missingFromSitemap: string[];
    errors: Phrase[];
    /** Sitemaps named in robots.txt (or an index) that were not fetched, and why. */
    notFetched: { url: string; reason: Phrase }[];
  } | null;
  distribution: {
    httpStatus: Record<string, number>;
    contentType: Record<string, number>;
    depth: Record<string, number>;
  };
}

export type ReportStats = Omit<CrawlStats, 'inFlight'> & {
  externalChecked: number;
  durationMs: number;
};

/**
 * The URLs whose link sources the report reads, with the crawl's link graph
 * at hand (it counts every URL's links): the problems it lists with the
 * pages that carry them (broken, forbidden, traps) and the redirects it
 * lists with theirs (a CrawlBook.toJSON `sourcesKept`). A fine URL keeps a
 * few sources (and one not checked yet, every one) that the report never
 * shows.
 */
export const reportListsSources: SourcesKept = (record) =>
  record !== undefined &&
  (record.status === 'broken' ||
    record.status === 'forbidden' ||
    Boolean(record.trap) ||
    (record.redirects?.length ?? 0) > 0);

/** Sources listed per problem URL in the report (the count is exact). */
const MAX_SOURCES_SHOWN = 100;

export interface ReportOptions {
  /**
   * The caller has no more use for the checkpoint: the report lets go of
   * its parts once read (the link graph's notes as the graph is built from
   * them, each record's page facts once its page is judged, its records
   * as the page rows are made last), so they are not held to the end. A
   * big crawl's report peaks lower; the checkpoint is then not whole any
   * more (its records are gone), nor are the crawl's own records it shares
   * (those the crawl held as objects rather than packed).
   */
  usesUpCheckpoint?: boolean;
}

export function buildReport(
  checkpoint: CrawlCheckpoint,
  stats: CrawlStats,
  options: ReportOptions = {},
): CrawlReport {
  const records = checkpoint.records;
  const notReached = {
    reason: phrase('skip_not_reached', { why: checkpoint.stoppedBecause ?? 'interrupted' }),
  };
  const sources = new Map(checkpoint.sources.entries);
  const sourcesOf = (url: string) => toReportSources(sources.get(url));
  const pages = records.filter((r) => r.internal && r.method === 'GET' && r.httpStatus !== null);
  const { site, sitemap } = linkGraphChecks(checkpoint, pages, sources, options);
  const report: CrawlReport = {
    startUrl: checkpoint.options.startUrls[0]!,
    unreachableStart: unreachableStarts(checkpoint),
    robot: checkpoint.options.robot,
    finished: checkpoint.finished,
    stoppedBecause: checkpoint.stoppedBecause,
    stats: reportStats(stats, records),
    // Made last, in their place (see below).
    pages: [],
    audit: site.summary,
    findings: site.findings,
    broken: records
      .filter((r) => r.status === 'broken')
      .map((r) => brokenRow(r, sources.get(r.url))),
    redirects: records
      .filter((r) => r.redirects?.length)
      .map((r) => redirectRow(r, sourcesOf(r.url))),
    duplicates: duplicateGroups(pages),
    traps: records
      .filter((r) => r.trap)
      .map((r) => ({
        url: r.url,
        kind: r.trap!,
        detail: r.reason ?? asWritten(''),
        foundOn: sourcesOf(r.url),
      })),
    // Every URL not requested, whatever the rule: traps and robots.txt blocks are also listed on their own.
    skipped: [
      ...records
        .filter((r) => r.status === 'skipped' || r.status === 'blocked')
        .map((r) => ({ url: r.url, ...skipReasonOf(r) })),
      ...checkpoint.queue.map((e) => ({ url: e.url, ...notReached })),
    ],
    blocked: records
      .filter((r) => r.status === 'blocked')
      .map((r) => ({ url: r.url, ...reasonOf(r) })),
    rateLimited: records
      .filter((r) => r.status === 'rate-limited')
      .map((r) => ({ url: r.url, status: r.httpStatus, ...reasonOf(r) })),
    forbidden: records
      .filter((r) => r.status === 'forbidden')
      .map((r) => ({
        url: r.url,
        status: r.httpStatus,
        ...reasonOf(r),
        foundOn: sourcesOf(r.url),
      })),
    aliases: checkpoint.aliases,
    notRequestedLinks: Object.fromEntries(checkpoint.schemeLinks ?? []),
    notFollowed: checkpoint.notFollowed,
    soft404: checkpoint.soft404.map(([origin, fingerprint]) => ({
      origin,
      detected: fingerprint !== null,
    })),
    robots: checkpoint.robots.map(([origin, fetched]) => robotsRow(origin, fetched)),
    sitemap,
    distribution: distribution(records),
  };
  const usesUp = options.usesUpCheckpoint ?? false;
  // Every other part is made: a used-up checkpoint's records are the page rows' to let go.
  if (usesUp) records.length = 0;
  report.pages = pageRowsOf(pages, site.pages, usesUp);
  return report;
}

/**
 * What needs the link graph: the site audit and the sitemap comparison. The
 * graph has an entry per URL, so it is built for them alone and let go
 * before the pages' rows are made: the generated 200,000-URL site's report
 * then peaked at 227 MB of heap instead of 263, and at 193 MB when the
 * checkpoint's notes it is built from go too (`usesUpCheckpoint`).
 */
function linkGraphChecks(
  checkpoint: CrawlCheckpoint,
  pages: UrlRecord[],
  sources: Map<string, SourceList>,
  { usesUpCheckpoint = false }: ReportOptions,
): { site: ReturnType<typeof siteAudit>; sitemap: CrawlReport['sitemap'] } {
  const graph = linkGraphOf(checkpoint, usesUpCheckpoint);
  return {
    site: siteAudit(checkpoint, graph, usesUpCheckpoint),
    sitemap: sitemapComparison(checkpoint, pages, sources, graph),
  };
}

function unreachableStarts(checkpoint: CrawlCheckpoint): CrawlReport['unreachableStart'] {
  const starts = new Set(checkpoint.options.startUrls);
  return checkpoint.records
    .filter((r) => starts.has(r.url) && r.status === 'broken' && r.httpStatus === null)
    .map((r) => ({ url: r.url, ...reasonOf(r) }));
}

/** Job 1 for every page, and the checks only a whole crawl can make; nothing when the audit is off. */
function siteAudit(
  checkpoint: CrawlCheckpoint,
  graph: LinkGraph | null,
  usesUpCheckpoint: boolean,
): {
  pages: PageAudit[];
  summary: SiteAuditSummary | null;
  findings: SiteFinding[];
} {
  const settings = checkpoint.options.audit;
  if (!settings) return { pages: [], summary: null, findings: [] };
  const pages = auditPages(checkpoint, { usesUpFacts: usesUpCheckpoint });
  const findings = siteFindings(siteAuditInput(checkpoint, pages, settings, graph));
  return { pages, summary: auditSummary(settings.robot, pages, findings), findings };
}

function auditSummary(
  robot: string,
  pages: readonly PageAudit[],
  findings: readonly SiteFinding[],
): SiteAuditSummary {
  const byReason: Record<string, number> = {};
  for (const page of pages) {
    const codes = new Set(page.reasons.filter((r) => r.blocking).map((r) => r.code));
    for (const code of codes) byReason[code] = (byReason[code] ?? 0) + 1;
  }
  const byFinding: SiteAuditSummary['byFinding'] = {};
  for (const finding of findings) byFinding[finding.code] = (byFinding[finding.code] ?? 0) + 1;
  const indexable = pages.filter((page) => page.indexable).length;
  return {
    robot,
    pages: pages.length,
    indexable,
    notIndexable: pages.length - indexable,
    byReason,
    byFinding,
  };
}

/** The reasons of a page that has none, one list for them all (most pages of a big site). */
const NO_REASONS: CrawlReport['pages'][number]['reasons'] = EMPTY_LIST;

/**
 * Each page's row, with its verdict. `usesUp`: the pages and audits are the
 * caller's to take apart, and each page's record and audit go once its row
 * is made, so that rows, records and audits are never all whole (at a
 * million pages: rows ~208 MB of heap, audits ~155 MB, records ~290 MB).
 */
export function pageRowsOf(
  pages: (UrlRecord | undefined)[],
  audits: PageAudit[],
  usesUp: boolean,
): CrawlReport['pages'] {
  const audited = new Map(audits.map((page) => [page.url, page]));
  if (usesUp) audits.length = 0;
  const rows: CrawlReport['pages'] = [];
  for (let i = 0; i < pages.length; i++) {
    const record = pages[i]!;
    const audit = audited.get(record.url);
    if (usesUp) {
      pages[i] = undefined;
      audited.delete(record.url);
    }
    rows.push(pageRow(record, audit));
  }
  return rows;
}

function pageRow(r: UrlRecord, audit: PageAudit | undefined): CrawlReport['pages'][number] {
  return {
    url: r.url,
    status: r.httpStatus,
    outcome: r.status,
    depth: r.depth,
    contentType: r.contentType ?? null,
    fingerprint: r.fingerprint ?? null,
    noindex: r.noindex ?? false,
    nofollow: r.nofollow ?? false,
    duplicateOf: r.duplicateOf ?? null,
    truncated: r.truncated ?? false,
    indexable: audit?.indexable ?? null,
    reasons: audit?.reasons.length
      ? audit.reasons.map(({ code, blocking, source, detail }) => ({
          code,
          blocking,
          source,
          detail,
        }))
      : NO_REASONS,
    title: audit?.title ?? null,
    canonical: audit?.canonical ?? null,
  };
}

function brokenRow(r: UrlRecord, list: SourceList | undefined): CrawlReport['broken'][number] {
  return {
    url: r.url.startsWith('invalid:') ? r.url.slice('invalid:'.length) : r.url,
    status: r.httpStatus,
    ...reasonOf(r),
    kind: r.brokenReason ?? 'other',
    internal: r.internal,
    linkCount: list?.count ?? 0,
    pageCount: pagesOf(list).length,
    foundOn: toReportSources(list),
    pages: pagesOf(list),
  };
}

/** Every page that links a URL, most links first (pages found first first among equals). */
function pagesOf(list: SourceList | undefined): ReportLinkPage[] {
  if (!list) return [];
  const pages = new Map<string, ReportLinkPage>();
  for (const [page, linkCount] of list.pages ?? []) pages.set(page, { page, linkCount, links: [] });
  for (const source of list.sources) {
    let row = pages.get(source.page);
    if (!row) {
      // A checkpoint from before pages were counted: what was kept is what is known.
      row = { page: source.page, linkCount: 0, links: [] };
      pages.set(source.page, row);
      if (!list.pages) row.linkCount = list.sources.filter((s) => s.page === source.page).length;
    }
    const { page: _page, ...link } = toReportSource(source);
    row.links.push(link);
  }
  return [...pages.values()].sort((a, b) => b.linkCount - a.linkCount);
}

function redirectRow(r: UrlRecord, foundOn: ReportLinkSource[]): CrawlReport['redirects'][number] {
  return {
    from: r.url,
    chain: r.redirects!,
    to: r.finalUrl ?? r.url,
    finalStatus: r.httpStatus,
    outcome: r.status,
    foundOn,
  };
}

export { isRobotsProblem } from './robots-problem.ts';

function robotsRow(origin: string, json: RobotsFetchJson): CrawlReport['robots'][number] {
  const fetched = fromJson(json);
  const { policy, code, reason } = robotsPolicyFor(fetched);
  // Only a 2xx answer is a robots.txt file: a 404 page's HTML is no rules to compare.
  const isFile = fetched.status !== null && fetched.status >= 200 && fetched.status < 300;
  const text = isFile && fetched.body ? decodeUtf8(fetched.body) : null;
  return { origin, url: fetched.url, status: fetched.status, policy, code, reason, text };
}

function toReportSources(list: SourceList | undefined): ReportLinkSource[] {
  return (list?.sources ?? []).slice(0, MAX_SOURCES_SHOWN).map(toReportSource);
}

function toReportSource(s: LinkSource): ReportLinkSource {
  return {
    page: s.page,
    element: s.element,
    attribute: s.attribute,
    text: s.text,
    ...(s.line !== undefined ? { line: s.line } : {}),
    raw: s.raw,
  };
}

/** Pages with the same text fingerprint (links stripped), two or more. */
function duplicateGroups(pages: UrlRecord[]): CrawlReport['duplicates'] {
  const groups = new Map<string, string[]>();
  for (const page of pages) {
    if (!page.fingerprint) continue;
    groups.set(page.fingerprint, [...(groups.get(page.fingerprint) ?? []), page.url]);
  }
  return [...groups]
    .filter(([, urls]) => urls.length > 1)
    .map(([fingerprint, urls]) => ({ fingerprint, urls }));
}

function sitemapComparison(
  checkpoint: CrawlCheckpoint,
  pages: UrlRecord[],
  sources: Map<string, SourceList>,
  graph: LinkGraph | null,
): CrawlReport['sitemap'] {
  const note = checkpoint.sitemap;
  if (!note) return null;
  const inSitemap = new Set(note.urls);
  // Links from other pages: a page whose only link is its own (its canonical, say) is still an orphan.
  const linkCount = (url: string) =>
    graph ? graph.linkedFrom(url).count : (sources.get(url)?.count ?? 0);
  return {
    sitemaps: note.sitemaps,
    urls: note.urls.length,
    listed: note.urls,
    notLinked: note.urls.filter((url) => linkCount(url) === 0),
    missingFromSitemap: pages
      .filter(
        (p) => p.status === 'ok' && isHtml(p.contentType) && !inSitemap.has(p.url) && !p.noindex,
      )
      .map((p) => p.url),
    errors: note.errors,
    notFetched: note.notFetched ?? [],
  };
}

function reportStats(stats: CrawlStats, records: UrlRecord[]): ReportStats {
  const { inFlight: _inFlight, ...rest } = stats;
  return {
    ...rest,
    externalChecked: records.filter((r) => !r.internal && r.httpStatus !== null).length,
    durationMs: stats.elapsedMs,
  };
}

function distribution(records: UrlRecord[]): CrawlReport['distribution'] {
  const httpStatus: Record<string, number> = {};
  const contentType: Record<string, number> = {};
  const depth: Record<string, number> = {};
  for (const r of records) {
    if (r.url.includes(SOFT_404_PATH_PREFIX)) continue;
    const status = r.httpStatus === null ? 'none' : String(r.httpStatus);
    httpStatus[status] = (httpStatus[status] ?? 0) + 1;
    if (r.contentType) {
      const type = r.contentType.split(';')[0]!.trim().toLowerCase();
      contentType[type] = (contentType[type] ?? 0) + 1;
    }
    if (r.internal) depth[String(r.depth)] = (depth[String(r.depth)] ?? 0) + 1;
  }
  return { httpStatus, contentType, depth };
}

function reasonOf(record: UrlRecord): { reason: Phrase } {
  return { reason: record.reason ?? asWritten('') };
}

/** `rule: reason`, the rule (robots-txt, a trap kind, a skip reason) first, for the report's filter. */
function skipReasonOf(record: UrlRecord): { reason: Phrase } {
  const rule =
    record.status === 'blocked' ? 'robots-txt' : (record.trap ?? record.skipReason ?? 'skipped');
  return { reason: phrase('skipped_rule', { rule, reason: record.reason ?? '' }) };
}
