/**
 * What the site checks (site-findings.ts) read, built from a checkpoint and
 * its page audits: the crawl's answer for any URL, the link graph notes
 * (link-graph.ts), the redirects with the pages that link them, the sitemap
 * URLs and robots.txt as the audit robot reads it. No I/O.
 */
import type { CrawlCheckpoint } from '../crawl/crawl-book.ts';
import { LinkGraph } from '../crawl/link-graph.ts';
import type { SourceList } from '../crawl/link-sources.ts';
import type { UrlRecord } from '../crawl/types.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import { AuditRobotsTxt } from './audit-robot.ts';
import type { PageAudit, SiteAuditInput, SiteAuditSettings, TargetState } from './types.ts';

/** Linking pages listed per URL when they come from the link sources (an older checkpoint). */
const PAGES_LISTED = 5;

/**
 * `graph`: the checkpoint's link graph when the caller has already built
 * it (the report does, for the sitemap too): one copy of a graph that has
 * an entry per URL, not two.
 */
export function siteAuditInput(
  checkpoint: CrawlCheckpoint,
  pages: PageAudit[],
  settings: SiteAuditSettings,
  graph: LinkGraph | null = linkGraphOf(checkpoint),
): SiteAuditInput {
  const records = new Map(checkpoint.records.map((record) => [record.url, record]));
  const sources = new Map(checkpoint.sources.entries);
  const robots = new AuditRobotsTxt(new Map(checkpoint.robots), settings.robot);
  const redirected = checkpoint.records.filter((record) => record.redirects?.length);
  const redirectsTo = redirectSourcesByTarget(redirected);
  return {
    settings,
    startUrls: checkpoint.options.startUrls,
    pages,
    target: (url) => targetOf(records.get(url)),
    linkedFrom: (url) => graph?.linkedFrom(url) ?? linkedFromSources(url, sources.get(url)),
    hasFollowedLink: (url) =>
      // Without the notes (a checkpoint from before them) nothing is known: no finding rests on it.
      graph === null ||
      graph.isFollowed(url) ||
      (redirectsTo.get(url) ?? []).some((from) => graph.isFollowed(from)),
    nofollowLinks: [...(graph?.nofollowLinks ?? [])],
    nofollowLinkCount: graph?.nofollowLinkCount ?? 0,
    redirectLinks: redirected.map((record) => ({
      url: record.url,
      to: normalized(record.finalUrl ?? record.url),
      pages: linkingPages(sources.get(record.url)),
    })),
    sitemapUrls: checkpoint.sitemap?.urls ?? null,
    robotAllows: (url) => robots.allows(url),
  };
}

/**
 * The checkpoint's link graph, or null when it has none (one saved before
 * the graph existed). `usesUp`: the checkpoint's notes are taken apart to
 * build it (LinkGraph.fromUsedUpJSON) and are gone from it afterwards.
 */
export function linkGraphOf(checkpoint: CrawlCheckpoint, usesUp = false): LinkGraph | null {
  const notes = checkpoint.linkGraph;
  if (!notes) return null;
  if (!usesUp) return LinkGraph.fromJSON(notes);
  delete checkpoint.linkGraph;
  return LinkGraph.fromUsedUpJSON(notes);
}

function targetOf(record: UrlRecord | undefined): TargetState | null {
  if (!record) return null;
  return {
    url: record.url,
    httpStatus: record.httpStatus,
    status: record.status,
    finalUrl: record.finalUrl === undefined ? null : normalized(record.finalUrl),
  };
}

/** Redirect end → the URLs that redirect there (a link to them reaches it). */
function redirectSourcesByTarget(redirected: readonly UrlRecord[]): Map<string, string[]> {
  const byTarget = new Map<string, string[]>();
  for (const record of redirected) {
    const to = normalized(record.finalUrl ?? record.url);
    byTarget.set(to, [...(byTarget.get(to) ?? []), record.url]);
  }
  return byTarget;
}

/** Every page that links the URL (a problem URL keeps them all), in the order found. */
function linkingPages(list: SourceList | undefined): string[] {
  if (!list) return [];
  const pages = list.pages?.map(([page]) => page) ?? list.sources.map((source) => source.page);
  return [...new Set(pages)];
}

/** From the link sources (a checkpoint without link graph notes): a page's links to itself left out. */
function linkedFromSources(
  url: string,
  list: SourceList | undefined,
): { count: number; pages: string[] } {
  if (!list) return { count: 0, pages: [] };
  const selfLinks = list.pages?.find(([page]) => page === url)?.[1] ?? 0;
  const pages = linkingPages(list).filter((page) => page !== url);
  return { count: Math.max(0, list.count - selfLinks), pages: pages.slice(0, PAGES_LISTED) };
}

function normalized(url: string): string {
  const result = normalizeUrl(url);
  return result.ok ? result.url : url;
}
