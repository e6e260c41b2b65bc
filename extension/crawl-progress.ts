/** Watches one site's crawl progress (storage.session, written by the background). */
import { browser } from 'wxt/browser';
import type { CrawlSummary } from '../lib/protocol/messages.ts';

const PROGRESS_KEY = 'crawl.progress';

export function watchCrawlProgress(
  origin: string,
  onSummary: (summary: CrawlSummary | null) => void,
): () => void {
  const read = (map: unknown) =>
    onSummary(((map as Record<string, CrawlSummary> | undefined) ?? {})[origin] ?? null);
  void browser.storage.session.get(PROGRESS_KEY).then((stored) => read(stored[PROGRESS_KEY]));
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'session' && changes[PROGRESS_KEY]) read(changes[PROGRESS_KEY].newValue);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
