/**
 * extension/crawl-store.ts in memory, for unit tests in Node (which has no
 * IndexedDB): the same rules — a save writes its rows and head together,
 * `replace` drops the crawl's rows first, an empty row is deleted — over
 * maps the test owns, so they outlive `vi.resetModules()` (a stopped worker).
 *
 *   const memory = vi.hoisted(() => ({ heads: new Map(), rows: new Map(), failure: null }));
 *   vi.mock('../../extension/crawl-store.ts', async () =>
 *     (await import('../../tests/support/memory-crawl-store.ts')).memoryCrawlStore(memory));
 */
import {
  checkpointOfRows,
  isEmptyRow,
  type CheckpointChanges,
  type UrlRow,
} from '../../lib/crawl/checkpoint-rows.ts';
import type { CheckpointHead, CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';

export interface MemoryCrawlState {
  heads: Map<string, string>;
  /** Origin → URL → row. */
  rows: Map<string, Map<string, UrlRow>>;
  /** When set, every save fails with it (a full disk). */
  failure: Error | null;
}

export function memoryCrawlStore(state: MemoryCrawlState) {
  return {
    async saveCrawlChanges(origin: string, changes: CheckpointChanges): Promise<void> {
      await Promise.resolve();
      if (state.failure) throw state.failure;
      const rows = changes.replace ? new Map<string, UrlRow>() : new Map(state.rows.get(origin));
      for (const row of structuredClone(changes.rows)) {
        if (isEmptyRow(row)) rows.delete(row.url);
        else rows.set(row.url, row);
      }
      state.rows.set(origin, rows);
      state.heads.set(origin, JSON.stringify(changes.head));
    },
    async loadCrawl(origin: string): Promise<CrawlCheckpoint | undefined> {
      await Promise.resolve();
      const head = state.heads.get(origin);
      if (head === undefined) return undefined;
      const rows = [...(state.rows.get(origin)?.values() ?? [])];
      return checkpointOfRows(JSON.parse(head) as CheckpointHead, structuredClone(rows));
    },
  };
}
