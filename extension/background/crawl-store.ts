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
import type { CrawlSummary } from '../../lib/protocol/messages.ts';

const CHECKPOINT_PREFIX = 'crawl.checkpoint.';
/** Also read by extension/crawl-progress.ts. */
export const PROGRESS_KEY = 'crawl.progress';

export type ProgressMap = Record<string, CrawlSummary>;

export async function loadCheckpoint(origin: string): Promise<CrawlCheckpoint | undefined> {
  const key = CHECKPOINT_PREFIX + origin;
  return (await browser.storage.local.get(key))[key] as CrawlCheckpoint | undefined;
}

export async function saveCheckpoint(origin: string, checkpoint: CrawlCheckpoint): Promise<void> {
  await browser.storage.local.set({ [CHECKPOINT_PREFIX + origin]: checkpoint });
}

/** Origins with a stored crawl, finished or not. */
export async function storedCrawlOrigins(): Promise<string[]> {
  const all = await browser.storage.local.get(null);
  return Object.keys(all)
    .filter((key) => key.startsWith(CHECKPOINT_PREFIX))
    .map((key) => key.slice(CHECKPOINT_PREFIX.length));
}

export async function loadProgress(): Promise<ProgressMap> {
  return (
    ((await browser.storage.session.get(PROGRESS_KEY))[PROGRESS_KEY] as ProgressMap | undefined) ??
    {}
  );
}

export async function saveProgress(summary: CrawlSummary): Promise<void> {
  const progress = await loadProgress();
  progress[summary.origin] = summary;
  await browser.storage.session.set({ [PROGRESS_KEY]: progress });
}
