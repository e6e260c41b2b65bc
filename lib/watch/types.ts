/**
 * Watching a site: what of a crawl is kept to compare a later crawl with
 * (a snapshot, taken from the crawl's report — the JSON `robotlens crawl
 * --format json` writes), and what changed between two of them. The command
 * line (`robotlens diff`, `crawl --compare`, `--fail-on`), the report page's
 * "Changes since <date>" and the scheduled re-crawl's notification all read
 * these shapes.
 */
import type { ReasonCode } from '../verdict/types.ts';

/** What a later crawl is compared with: small enough to keep one per site in the browser. */
export interface CrawlSnapshot {
  version: 1;
  startUrl: string;
  /** When the crawl started (ms since the epoch): the "since" of a comparison. */
  startedAtMs: number;
  /** The crawl's own robots.txt token. */
  robot: string;
  /** The robot the pages' verdicts are for; null when the crawl ran without the audit. */
  auditRobot: string | null;
  finished: boolean;
  /** Every page the crawl fetched, with its verdict (null: not audited). */
  pages: SnapshotPage[];
  broken: SnapshotBroken[];
  redirects: SnapshotRedirect[];
  traps: { url: string; kind: string }[];
  /** Each crawled origin's robots.txt as fetched (text null: nothing usable came back). */
  robots: { origin: string; url: string; status: number | null; text: string | null }[];
  /** The sitemaps read and every URL they list; null when sitemaps were not read. */
  sitemap: { sitemaps: string[]; urls: string[] } | null;
}

export interface SnapshotPage {
  url: string;
  status: number | null;
  indexable: boolean | null;
  /** The verdict's blocking reasons (empty when indexable). */
  blocking: ReasonCode[];
}

export interface SnapshotBroken {
  url: string;
  status: number | null;
  /** The report's broken kind (`http-404`, `dns`, …). */
  kind: string;
  internal: boolean;
  /** Pages carrying the link (all of them: `pageCount`; the first few: `pages`). */
  pageCount: number;
  pages: SnapshotLinkPage[];
}

/** A page that carries a link, with where (for SARIF locations and "found on" lists). */
export interface SnapshotLinkPage {
  page: string;
  /** Anchor text of the first link on that page. */
  text: string;
  line?: number;
}

export interface SnapshotRedirect {
  from: string;
  to: string;
  /** Number of redirect responses before the final answer (2 or more: a chain). */
  hops: number;
  finalStatus: number | null;
}

/** What changed from an older crawl of a site to a newer one. */
export interface CrawlChanges {
  /** The older crawl's start (ms since the epoch): "Changes since <date>". */
  sinceMs: number;
  untilMs: number;
  startUrl: string;
  /** The robot the indexability changes are for (the newer crawl's audit robot). */
  auditRobot: string | null;
  broken: { added: SnapshotBroken[]; fixed: SnapshotBroken[] };
  indexability: { lost: IndexabilityChange[]; regained: IndexabilityChange[] };
  /** URLs that redirect now and did not before, and redirects whose chain grew. */
  redirects: { added: RedirectChange[] };
  traps: { added: { url: string; kind: string }[] };
  /** One entry per origin whose robots.txt changed (status or text). */
  robots: RobotsChange[];
  /** Null when neither crawl read sitemaps, or nothing in them changed. */
  sitemap: SitemapChange | null;
  /** Counts of changes for the worse, by kind: what the notification, badge and `--fail-on` read. */
  worse: WorseCounts;
}

export interface IndexabilityChange {
  url: string;
  /** Blocking reasons before and now. */
  before: ReasonCode[];
  now: ReasonCode[];
}

export interface RedirectChange {
  from: string;
  to: string;
  hops: number;
  /** Hops before (0: it did not redirect). */
  hopsBefore: number;
}

export interface RobotsChange {
  origin: string;
  url: string;
  statusBefore: number | null;
  statusNow: number | null;
  /** The file's lines, old against new (a longest-common-subsequence diff). */
  lines: RobotsLineDiff[];
  /** What the change does to the pages crawled, for the audit robot (or the crawl's robot). */
  effects: RobotsLineEffect[];
}

export interface RobotsLineDiff {
  op: 'kept' | 'added' | 'removed';
  /** 1-based line numbers in the old and new file (null on the side the line is not in). */
  oldLine: number | null;
  newLine: number | null;
  text: string;
}

/**
 * "Line 3 now blocks 212 crawled pages for Googlebot": pages allowed before
 * and blocked now (or the reverse), by the new file's line that decides them
 * (line null: no line — the whole file, e.g. a 5xx answer that blocks all).
 */
export interface RobotsLineEffect {
  robot: string;
  line: number | null;
  text: string | null;
  nowBlocked: number;
  nowAllowed: number;
  /** A few of the pages, for showing. */
  examples: string[];
}

export interface SitemapChange {
  sitemapsAdded: string[];
  sitemapsRemoved: string[];
  urlsAdded: string[];
  urlsRemoved: string[];
}

export interface WorseCounts {
  newBroken: number;
  lostIndexable: number;
  newRedirects: number;
  newTraps: number;
  /** Pages robots.txt now blocks that it allowed before (for the effects' robot). */
  robotsBlocked: number;
  /** Origins whose robots.txt changed at all. */
  robotsChanged: number;
  sitemapUrlsRemoved: number;
  /** The sum: 0 means nothing got worse. */
  total: number;
}

/**
 * `--fail-on` conditions (README "Use in CI"). `broken` needs one crawl; the
 * others compare with a previous one.
 */
export const FAIL_CONDITIONS = [
  'broken',
  'new-broken',
  'noindex-change',
  'robots-change',
  'new-redirect',
  'new-trap',
  'sitemap-change',
] as const;
export type FailCondition = (typeof FAIL_CONDITIONS)[number];
