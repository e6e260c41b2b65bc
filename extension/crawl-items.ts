/**
 * Where a site's crawl is kept in the browser: three typed storage items per
 * origin, declared here once for the service worker (their one writer,
 * entrypoints/background/crawl-session.ts) and the pages that watch them.
 *
 *   local:crawl.checkpoint.<origin>   the crawl's state, as JSON text (v2), until IndexedDB
 *                                     (crawl-store.ts) took it over: read for a crawl stored
 *                                     before, removed once it is saved there
 *   local:crawl.phase.<origin>        running | stopped | finished | failed
 *   session:crawl.progress.<origin>   its summary for the popup and report page
 *
 * The checkpoint and phase survive a stopped worker and a browser restart
 * (the `unlimitedStorage` permission lifts the 10 MB cap for big sites);
 * the progress lives for the browser's session. One checkpoint per origin:
 * one crawl per site at a time, several sites kept.
 */
import type { Browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { CrawlPhase, CrawlSummary } from '../lib/protocol/messages.ts';
import type { CrawlChanges } from '../lib/watch/types.ts';

/** A CrawlCheckpoint (lib/crawl/crawl-book.ts) as JSON text. */
export type CheckpointText = string;

export const PHASE_PREFIX = 'crawl.phase.';

/**
 * Stored as one JSON string: the browser copies a string in one piece, while
 * an object tree of thousands of records and sources is converted value by
 * value on the worker's thread — 20× slower, and it held the crawl up.
 * Version 2: a crawl stored before 0.1.0 is an object; the migration turns
 * it into text once, and 0.1.0's text (also unversioned) is kept as it is.
 */
function defineCheckpoint(origin: string) {
  return storage.defineItem<CheckpointText | null>(`local:crawl.checkpoint.${origin}`, {
    fallback: null,
    version: 2,
    migrations: {
      2: (stored: unknown) => (typeof stored === 'string' ? stored : JSON.stringify(stored)),
    },
  });
}

const definePhase = (origin: string) =>
  storage.defineItem<CrawlPhase | null>(`local:${PHASE_PREFIX}${origin}`, { fallback: null });

const defineProgress = (origin: string) =>
  storage.defineItem<CrawlSummary | null>(`session:crawl.progress.${origin}`, { fallback: null });

export const PROGRESS_PREFIX = 'crawl.progress.';

/**
 * Each item is defined once per origin and context: a definition reads the
 * stored value (and runs the migration), which for a checkpoint can be megabytes.
 */
function memo<T>(define: (origin: string) => T): (origin: string) => T {
  const items = new Map<string, T>();
  return (origin) => {
    let item = items.get(origin);
    if (!item) items.set(origin, (item = define(origin)));
    return item;
  };
}

export const checkpointItem = memo(defineCheckpoint);
export const phaseItem = memo(definePhase);
export const progressItem = memo(defineProgress);

/**
 * Watching a site (issue 18), beside its crawl:
 *
 *   local:watch.snapshot.<origin>   the last finished crawl's CrawlSnapshot, as JSON text
 *   local:watch.changes.<origin>    what changed since the finished crawl before it, and
 *                                   whether the user has seen it (the badge counts unseen ones)
 *   local:watch.run.<origin>        the last scheduled run: when, and what it did or why not
 *
 * A snapshot is about 100 bytes a page (10,000 pages: ~1 MB), one per site.
 */
export const CHANGES_PREFIX = 'watch.changes.';

export interface StoredChanges {
  changes: CrawlChanges;
  seen: boolean;
  /** The crawl that found them was started by the schedule (it notifies). */
  scheduled: boolean;
}

export type ScheduledRunOutcome =
  | { kind: 'started' }
  | { kind: 'no-access' }
  | { kind: 'busy' }
  | { kind: 'failed'; error: string };

export interface ScheduledRun {
  atMs: number;
  outcome: ScheduledRunOutcome;
  /** Set when the crawl it started has finished and been compared. */
  done?: boolean;
}

export const snapshotItem = memo((origin: string) =>
  storage.defineItem<string | null>(`local:watch.snapshot.${origin}`, { fallback: null }),
);
export const changesItem = memo((origin: string) =>
  storage.defineItem<StoredChanges | null>(`local:${CHANGES_PREFIX}${origin}`, { fallback: null }),
);
export const scheduledRunItem = memo((origin: string) =>
  storage.defineItem<ScheduledRun | null>(`local:watch.run.${origin}`, { fallback: null }),
);

/** A storage area's key names only (values can be megabytes). */
export async function storedKeys(area: Browser.storage.StorageArea): Promise<string[]> {
  const withKeys = area as typeof area & { getKeys?: () => Promise<string[]> };
  return withKeys.getKeys ? await withKeys.getKeys() : Object.keys(await area.get(null));
}
