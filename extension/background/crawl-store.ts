/**
 * Where crawls live in the browser. A crawl's checkpoint is in
 * storage.local (it survives a stopped worker and a browser restart; the
 * `unlimitedStorage` permission lifts the 10 MB cap for big sites); the live
 * progress of every site is one small item in storage.session that the
 * popup watches. One checkpoint per origin: one crawl per site at a time,
 * several sites kept.
 */
import { browser } from 'wxt/browser';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { withPhraseReasons } from '../../lib/crawl/stored-reasons.ts';
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import { setKept } from './session-cache.ts';

const CHECKPOINT_PREFIX = 'crawl.checkpoint.';
/** Also read by extension/crawl-progress.ts. */
export const PROGRESS_KEY = 'crawl.progress';

export type ProgressMap = Record<string, CrawlSummary>;

export async function loadCheckpoint(origin: string): Promise<CrawlCheckpoint | undefined> {
  const key = CHECKPOINT_PREFIX + origin;
  const stored: unknown = (await browser.storage.local.get(key))[key];
  // Stored as JSON text since 0.1.0; an object is a checkpoint written before that.
  const checkpoint =
    typeof stored === 'string'
      ? (JSON.parse(stored) as CrawlCheckpoint)
      : (stored as CrawlCheckpoint | undefined);
  return checkpoint && withPhraseReasons(checkpoint);
}

/**
 * Stored as one JSON string: the browser copies a string in one piece, while
 * an object tree of thousands of records and sources is converted value by
 * value on the worker's thread — 20× slower, and it held the crawl up.
 */
export async function saveCheckpoint(origin: string, checkpoint: CrawlCheckpoint): Promise<void> {
  await browser.storage.local.set({ [CHECKPOINT_PREFIX + origin]: JSON.stringify(checkpoint) });
}

/** Origins with a stored crawl, finished or not (names only: checkpoints can be megabytes). */
export async function storedCrawlOrigins(): Promise<string[]> {
  const area = browser.storage.local as typeof browser.storage.local & {
    getKeys?: () => Promise<string[]>;
  };
  const keys = area.getKeys ? await area.getKeys() : Object.keys(await area.get(null));
  return keys
    .filter((key) => key.startsWith(CHECKPOINT_PREFIX))
    .map((key) => key.slice(CHECKPOINT_PREFIX.length));
}

export async function loadProgress(): Promise<ProgressMap> {
  return (
    ((await browser.storage.session.get(PROGRESS_KEY))[PROGRESS_KEY] as ProgressMap | undefined) ??
    {}
  );
}

let progressWrites: Promise<void> = Promise.resolve();

/** Sites whose progress is kept at most; the longest-untouched finished ones go first. */
const MAX_PROGRESS_SITES = 50;
/** A URL or message in a progress item is cut to this: it is shown in one line of the popup. */
const MAX_PROGRESS_TEXT_CHARS = 2_048;

/**
 * Writes one site's progress. The item is bounded (texts cut, at most
 * MAX_PROGRESS_SITES sites) and, should session storage be full, cached
 * copies are evicted to make room (setKept); it throws only when even that fails.
 */
export function saveProgress(summary: CrawlSummary): Promise<void> {
  // Writes in the order asked: a live tick never lands after the final state it preceded.
  const write = progressWrites.then(async () => {
    const progress = await loadProgress();
    progress[summary.origin] = boundedSummary(summary);
    await setKept({ [PROGRESS_KEY]: withinSiteLimit(progress) });
  });
  progressWrites = write.catch(() => undefined);
  return write;
}

function boundedSummary(summary: CrawlSummary): CrawlSummary {
  const cut = (text: string) => text.slice(0, MAX_PROGRESS_TEXT_CHARS);
  return {
    ...summary,
    startUrl: cut(summary.startUrl),
    currentUrl: summary.currentUrl === null ? null : cut(summary.currentUrl),
    ...(summary.error === undefined ? {} : { error: cut(summary.error) }),
  };
}

function withinSiteLimit(progress: ProgressMap): ProgressMap {
  const sites = Object.values(progress);
  if (sites.length <= MAX_PROGRESS_SITES) return progress;
  const dropped = sites
    .filter((site) => site.phase !== 'running')
    .sort((a, b) => a.updatedAtMs - b.updatedAtMs)
    .slice(0, sites.length - MAX_PROGRESS_SITES)
    .map((site) => site.origin);
  return Object.fromEntries(
    Object.entries(progress).filter(([origin]) => !dropped.includes(origin)),
  );
}
