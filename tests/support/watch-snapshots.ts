/**
 * Hand-made crawl snapshots and changes for the watch tests: a site's
 * snapshot with only the fields a test names, and a comparison with nothing
 * in it, to set one kind of change at a time.
 */
import type {
  CrawlChanges,
  CrawlSnapshot,
  SnapshotBroken,
  SnapshotPage,
} from '../../lib/watch/types.ts';

export const WATCH_SITE = 'https://watch.example';

/** `/a` → `https://watch.example/a`. */
export const at = (path: string): string => `${WATCH_SITE}${path}`;

/** A finished, audited crawl of WATCH_SITE with nothing in it but what `fields` says. */
export function snapshot(fields: Partial<CrawlSnapshot> = {}): CrawlSnapshot {
  return {
    version: 1,
    startUrl: at('/'),
    startedAtMs: Date.UTC(2026, 0, 15, 12),
    robot: 'robotlens',
    auditRobot: 'googlebot',
    finished: true,
    pages: [],
    broken: [],
    redirects: [],
    traps: [],
    robots: [],
    sitemap: null,
    ...fields,
  };
}

/** An indexable page answering 200 (`fields` overrides). */
export function page(path: string, fields: Partial<SnapshotPage> = {}): SnapshotPage {
  return { url: at(path), status: 200, indexable: true, blocking: [], ...fields };
}

/** An internal broken link (404) carried by `/`. */
export function broken(path: string, fields: Partial<SnapshotBroken> = {}): SnapshotBroken {
  return {
    url: at(path),
    status: 404,
    kind: 'http-404',
    internal: true,
    pageCount: 1,
    pages: [{ page: at('/'), text: path, line: 3 }],
    ...fields,
  };
}

/** A comparison in which nothing changed. */
export function noChanges(fields: Partial<CrawlChanges> = {}): CrawlChanges {
  return {
    sinceMs: Date.UTC(2026, 0, 14, 12),
    untilMs: Date.UTC(2026, 0, 15, 12),
    startUrl: at('/'),
    auditRobot: 'googlebot',
    broken: { added: [], fixed: [] },
    indexability: { lost: [], regained: [] },
    redirects: { added: [] },
    traps: { added: [] },
    robots: [],
    sitemap: null,
    worse: {
      newBroken: 0,
      lostIndexable: 0,
      newRedirects: 0,
      newTraps: 0,
      robotsBlocked: 0,
      robotsChanged: 0,
      sitemapUrlsRemoved: 0,
      total: 0,
    },
    ...fields,
  };
}
