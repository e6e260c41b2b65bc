/**
 * What changed between two crawls of a site, and how much of it is for the
 * worse. Every list is keyed by URL (Maps and Sets: 100,000 pages compare in
 * a fraction of a second) and sorted by URL, so the same two crawls always
 * give the same changes.
 */
import { compareText } from '../text/compare-text.ts';
import { robotsDecider, robotsEffects, type RobotsDecider } from './robots-effects.ts';
import { robotsLineDiff } from './robots-line-diff.ts';
import type {
  CrawlChanges,
  CrawlSnapshot,
  IndexabilityChange,
  RedirectChange,
  RobotsChange,
  SitemapChange,
  SnapshotBroken,
  SnapshotPage,
  WorseCounts,
} from './types.ts';

/**
 * A link broken before is fixed only if the newer crawl looked again: it
 * fetched the URL itself or a page that carried the link. A link whose
 * pages were not crawled this time (blocked, removed, past a limit) is not
 * reached, which says nothing about it: seen on Debian's django docs, where
 * a new `Disallow` hid four broken links that then showed as "fixed".
 */
function reachedAgain(row: SnapshotBroken, crawled: ReadonlySet<string>): boolean {
  return crawled.has(row.url) || row.pages.some((carrier) => crawled.has(carrier.page));
}

/** Changes from `before` to `after` (the same site; URLs compared as the reports spell them). */
export function compareCrawls(before: CrawlSnapshot, after: CrawlSnapshot): CrawlChanges {
  const robot = after.auditRobot ?? after.robot;
  const brokenBefore = byKey(before.broken, (row) => row.url);
  const brokenAfter = byKey(after.broken, (row) => row.url);
  const crawledAfter = new Set(after.pages.map((page) => page.url));
  const broken = {
    added: byUrl([...brokenAfter.values()].filter((row) => !brokenBefore.has(row.url))),
    fixed: byUrl(
      [...brokenBefore.values()].filter(
        (row) => !brokenAfter.has(row.url) && reachedAgain(row, crawledAfter),
      ),
    ),
  };
  const indexability = indexabilityChanges(before, after, robot);
  const redirects = { added: newRedirects(before, after) };
  const trapsBefore = new Set(before.traps.map((trap) => trap.url));
  const traps = {
    added: byUrl(
      [...byKey(after.traps, (t) => t.url).values()].filter((t) => !trapsBefore.has(t.url)),
    ),
  };
  const robots = robotsChanges(before, after, robot);
  const sitemap = sitemapChange(before.sitemap, after.sitemap);
  return {
    sinceMs: before.startedAtMs,
    untilMs: after.startedAtMs,
    startUrl: after.startUrl,
    auditRobot: after.auditRobot,
    broken,
    indexability,
    redirects,
    traps,
    robots,
    sitemap,
    worse: worseCounts({ broken, indexability, redirects, traps, robots, sitemap }),
  };
}

/**
 * Pages with a verdict in both crawls that answered without error in both
 * (a page that broke is a broken link, not also a lost page), plus pages
 * one crawl fetched and the other did not because robots.txt blocked them
 * there: the deploy that adds `Disallow: /` shows as lost pages.
 */
function indexabilityChanges(
  before: CrawlSnapshot,
  after: CrawlSnapshot,
  robot: string,
): CrawlChanges['indexability'] {
  const pagesBefore = byKey(before.pages, (page) => page.url);
  const pagesAfter = byKey(after.pages, (page) => page.url);
  const lost: IndexabilityChange[] = [];
  const regained: IndexabilityChange[] = [];
  for (const [url, now] of pagesAfter) {
    const was = pagesBefore.get(url);
    if (!was || !answered(was) || !answered(now)) continue;
    if (was.indexable === true && now.indexable === false) {
      lost.push({ url, before: was.blocking, now: now.blocking });
    } else if (was.indexable === false && now.indexable === true) {
      regained.push({ url, before: was.blocking, now: now.blocking });
    }
  }
  const blockedNow = robotsBlocks(after, robot);
  for (const [url, was] of pagesBefore) {
    if (pagesAfter.has(url) || was.indexable !== true || !answered(was)) continue;
    if (blockedNow(url)) lost.push({ url, before: was.blocking, now: ['robots-txt'] });
  }
  const blockedBefore = robotsBlocks(before, robot);
  for (const [url, now] of pagesAfter) {
    if (pagesBefore.has(url) || now.indexable !== true || !answered(now)) continue;
    if (blockedBefore(url)) regained.push({ url, before: ['robots-txt'], now: now.blocking });
  }
  return { lost: byUrl(lost), regained: byUrl(regained) };
}

/** A verdict, and an answer that is not an error. */
function answered(page: SnapshotPage): boolean {
  return page.indexable !== null && page.status !== null && page.status < 400;
}

/** Does a crawl's robots.txt keep `robot` from a URL? False where the crawl fetched no robots.txt. */
function robotsBlocks(crawl: CrawlSnapshot, robot: string): (url: string) => boolean {
  const deciders = new Map<string, RobotsDecider>();
  for (const robots of crawl.robots) deciders.set(robots.origin, robotsDecider(robots, robot));
  return (url) => {
    const decide = deciders.get(originOf(url));
    return decide !== undefined && !decide(url).allowed;
  };
}

/** URLs that redirect now and did not before, and redirects whose chain grew. */
function newRedirects(before: CrawlSnapshot, after: CrawlSnapshot): RedirectChange[] {
  const hopsBefore = new Map(before.redirects.map((r) => [r.from, r.hops]));
  const added: RedirectChange[] = [];
  for (const redirect of byKey(after.redirects, (r) => r.from).values()) {
    const was = hopsBefore.get(redirect.from) ?? 0;
    if (redirect.hops > was) {
      added.push({ from: redirect.from, to: redirect.to, hops: redirect.hops, hopsBefore: was });
    }
  }
  return added.sort((a, b) => compareText(a.from, b.from));
}

/**
 * One change per origin whose robots.txt answered otherwise (status or
 * text). A crawl that did not reach an origin is compared as "no answer";
 * effects need both files, and are decided for the pages either crawl
 * fetched on that origin.
 */
function robotsChanges(before: CrawlSnapshot, after: CrawlSnapshot, robot: string): RobotsChange[] {
  const filesBefore = byKey(before.robots, (r) => r.origin);
  const filesAfter = byKey(after.robots, (r) => r.origin);
  const origins = [...new Set([...filesBefore.keys(), ...filesAfter.keys()])].sort(compareText);
  const changed = origins.filter((origin) => {
    const was = filesBefore.get(origin);
    const now = filesAfter.get(origin);
    return (
      (was?.status ?? null) !== (now?.status ?? null) || (was?.text ?? null) !== (now?.text ?? null)
    );
  });
  if (changed.length === 0) return [];
  const urlsByOrigin = pagesByOrigin([...before.pages, ...after.pages], new Set(changed));
  return changed.map((origin) => {
    const was = filesBefore.get(origin);
    const now = filesAfter.get(origin);
    return {
      origin,
      url: (now ?? was)!.url,
      statusBefore: was?.status ?? null,
      statusNow: now?.status ?? null,
      lines: robotsLineDiff(was?.text ?? null, now?.text ?? null),
      effects: was && now ? robotsEffects(was, now, urlsByOrigin.get(origin) ?? [], robot) : [],
    };
  });
}

function pagesByOrigin(pages: SnapshotPage[], origins: Set<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { url } of pages) {
    const origin = originOf(url);
    if (!origins.has(origin)) continue;
    const urls = out.get(origin);
    if (urls) urls.push(url);
    else out.set(origin, [url]);
  }
  return out;
}

/** `https://host:port` of a URL as reports spell it (no parsing: it runs for every page). */
export function originOf(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  return match ? match[0].toLowerCase() : url;
}

/** Null when neither crawl read sitemaps or nothing listed changed; a crawl that read none lists nothing. */
function sitemapChange(
  before: CrawlSnapshot['sitemap'],
  after: CrawlSnapshot['sitemap'],
): SitemapChange | null {
  if (before === null && after === null) return null;
  const change: SitemapChange = {
    sitemapsAdded: onlyIn(after?.sitemaps ?? [], before?.sitemaps ?? []),
    sitemapsRemoved: onlyIn(before?.sitemaps ?? [], after?.sitemaps ?? []),
    urlsAdded: onlyIn(after?.urls ?? [], before?.urls ?? []),
    urlsRemoved: onlyIn(before?.urls ?? [], after?.urls ?? []),
  };
  const empty = Object.values(change).every((list: string[]) => list.length === 0);
  return empty ? null : change;
}

/** What `these` list that `those` do not, once each, sorted. */
function onlyIn(these: string[], those: string[]): string[] {
  const known = new Set(those);
  return [...new Set(these)].filter((item) => !known.has(item)).sort(compareText);
}

function worseCounts(
  changes: Omit<CrawlChanges, 'sinceMs' | 'untilMs' | 'startUrl' | 'auditRobot' | 'worse'>,
): WorseCounts {
  const counts = {
    newBroken: changes.broken.added.length,
    lostIndexable: changes.indexability.lost.length,
    newRedirects: changes.redirects.added.length,
    newTraps: changes.traps.added.length,
    robotsBlocked: changes.robots
      .flatMap((change) => change.effects)
      .reduce((sum, effect) => sum + effect.nowBlocked, 0),
    robotsChanged: changes.robots.length,
    sitemapUrlsRemoved: changes.sitemap?.urlsRemoved.length ?? 0,
  };
  // robotsBlocked pages are in lostIndexable already when the crawls were audited: not counted twice.
  const total =
    counts.newBroken +
    counts.lostIndexable +
    counts.newRedirects +
    counts.newTraps +
    counts.robotsChanged +
    counts.sitemapUrlsRemoved;
  return { ...counts, total };
}

/** Rows by a key, the last row of a key kept (a report lists each URL once). */
function byKey<T>(rows: readonly T[], key: (row: T) => string): Map<string, T> {
  return new Map(rows.map((row) => [key(row), row]));
}

function byUrl<T extends { url: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => compareText(a.url, b.url));
}
