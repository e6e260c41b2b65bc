/**
 * The report in the order a webmaster acts on it: the site's own broken
 * links first (the ones to fix, most-linked first), then redirected links
 * to update, then broken links to other sites, then what could not be
 * verified (other sites' DNS failures, timeouts and bot walls), which is
 * not "broken". The text report and the summary line read these sections,
 * so their counts and their lists are one thing.
 */
import type { Phrase } from '../i18n/phrase.ts';
import type { CrawlReport, ReportLinkSource } from './report.ts';
import { isRobotsProblem } from './robots-problem.ts';
import { originOf } from '../url/http-url.ts';

/** One link target with a problem, and the pages that carry it. */
export interface LinkProblem {
  url: string;
  status: number | null;
  kind: string;
  reason: Phrase;
  /** Pages that carry the link (at least the ones listed). */
  pageCount: number;
  /** One source per page, in the order found. */
  pages: ReportLinkSource[];
}

export interface RedirectToFix {
  from: string;
  to: string;
  finalStatus: number | null;
  hops: number;
  pageCount: number;
  pages: ReportLinkSource[];
}

export interface ReportSections {
  siteBroken: LinkProblem[];
  redirectsToFix: RedirectToFix[];
  offSiteBroken: LinkProblem[];
  /** Other sites that did not give an answer that says "broken": DNS, timeouts, bot walls. */
  unverified: LinkProblem[];
  /** Other sites whose robots.txt could not be read as a file (their links were not all requested). */
  otherSitesRobots: string[];
}

/** Failures that say nothing about whether another site's page exists. */
const UNVERIFIABLE_KINDS = new Set(['dns', 'timeout', 'connection', 'tls', 'aborted']);

/** The fields of a report row this module reads: kept narrow so the report can grow. */
type BrokenRow = Pick<
  CrawlReport['broken'][number],
  'url' | 'status' | 'kind' | 'reason' | 'internal' | 'foundOn'
> & { pageCount?: number };
type WallRow = Omit<BrokenRow, 'kind' | 'internal'>;

export function reportSections(report: CrawlReport): ReportSections {
  const siteOrigins = new Set([
    new URL(report.startUrl).origin,
    ...report.pages.map((p) => new URL(p.url).origin),
  ]);
  const onSite = (url: string) => siteOrigins.has(originOf(url) ?? '');
  const rows = report.broken as BrokenRow[];
  const offSite = rows.filter((row) => !row.internal);
  const walls = (rows: WallRow[], kind: string) =>
    rows
      .filter((row) => !onSite(row.url))
      .map((row) => problemOf({ ...row, kind, internal: false }));
  const unverified = [
    ...offSite.filter((row) => UNVERIFIABLE_KINDS.has(row.kind)).map(problemOf),
    ...walls(report.forbidden, 'forbidden'),
    ...walls(
      report.rateLimited.map((row) => ({ ...row, foundOn: [] })),
      'rate-limited',
    ),
  ];
  return {
    siteBroken: mostLinkedFirst(rows.filter((row) => row.internal).map(problemOf)),
    redirectsToFix: report.redirects
      .filter((r) => r.outcome === 'redirected')
      .map((r) => {
        const pages = onePerPage(r.foundOn);
        return {
          from: r.from,
          to: r.to,
          finalStatus: r.finalStatus,
          hops: r.chain.length,
          pageCount: pages.length,
          pages,
        };
      })
      .sort(byPagesThenUrl((r) => r.from)),
    offSiteBroken: mostLinkedFirst(
      offSite.filter((row) => !UNVERIFIABLE_KINDS.has(row.kind)).map(problemOf),
    ),
    unverified: mostLinkedFirst(unverified),
    otherSitesRobots: report.robots
      .filter((r) => isRobotsProblem(r) && !onSite(r.url))
      .map((r) => r.origin),
  };
}

function problemOf(row: BrokenRow): LinkProblem {
  const pages = onePerPage(row.foundOn);
  return {
    url: row.url,
    status: row.status,
    kind: row.kind,
    reason: row.reason,
    pageCount: Math.max(row.pageCount ?? 0, pages.length),
    pages,
  };
}

function onePerPage(sources: ReportLinkSource[]): ReportLinkSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => !seen.has(source.page) && seen.add(source.page));
}

function mostLinkedFirst(problems: LinkProblem[]): LinkProblem[] {
  return problems.sort(byPagesThenUrl((p) => p.url));
}

function byPagesThenUrl<T extends { pageCount: number }>(url: (row: T) => string) {
  return (a: T, b: T) => b.pageCount - a.pageCount || url(a).localeCompare(url(b));
}
