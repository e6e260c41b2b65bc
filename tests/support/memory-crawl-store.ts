/**
 * extension/crawl-store.ts in memory, for unit tests in Node (which has no
 * IndexedDB): the same rules — a save writes its rows, links, tail items
 * and head together, `replace` drops the crawl's first, an empty row is
 * deleted — over maps the test owns, so they outlive `vi.resetModules()`
 * (a stopped worker).
 *
 *   const memory = vi.hoisted(() => ({ heads: new Map(), rows: new Map(), failure: null }));
 *   vi.mock('../../extension/crawl-store.ts', async () =>
 *     (await import('../../tests/support/memory-crawl-store.ts')).memoryCrawlStore(memory));
 */
import {
  checkpointOfRows,
  isEmptyRow,
  joinRows,
  type CheckpointChanges,
  type EntryRow,
  type LinkRow,
  type StoredHead,
  type TailItem,
  type UrlRow,
} from '../../lib/crawl/checkpoint-rows.ts';
import type { StoredRows } from '../../extension/crawl-store.ts';

export interface MemoryCrawlState {
  heads: Map<string, string>;
  /** Origin → URL (or, for the tail, list and index) → row. */
  rows: Map<string, Map<string, UrlRow | TailItem>>;
  /** When set, every save fails with it (a full disk). */
  failure: Error | null;
}

/** One site's keys, per store, as IndexedDB's keys are. */
const keyOf = {
  row: (row: EntryRow) => `rows ${row.url}`,
  link: (row: LinkRow) => `links ${row.url}`,
  tail: (item: TailItem) => `tails ${item.list} ${item.index}`,
};

export function memoryCrawlStore(state: MemoryCrawlState) {
  return {
    async saveCrawlChanges(origin: string, changes: CheckpointChanges): Promise<void> {
      await Promise.resolve();
      if (state.failure) throw state.failure;
      const kept = changes.replace ? new Map() : new Map(state.rows.get(origin));
      const { rows, links, tail } = structuredClone(changes);
      const write = <T extends EntryRow | LinkRow>(all: T[], key: (row: T) => string) => {
        for (const row of all) {
          if (isEmptyRow(row)) kept.delete(key(row));
          else kept.set(key(row), row);
        }
      };
      write(rows, keyOf.row);
      write(links, keyOf.link);
      for (const item of tail) kept.set(keyOf.tail(item), item);
      state.rows.set(origin, kept);
      state.heads.set(origin, JSON.stringify(changes.head));
    },
    async loadCrawl(origin: string): Promise<StoredRows | undefined> {
      await Promise.resolve();
      const head = state.heads.get(origin);
      if (head === undefined) return undefined;
      const stored = structuredClone([...(state.rows.get(origin) ?? [])]);
      const of = <T>(store: string) =>
        stored.filter(([key]) => key.startsWith(`${store} `)).map(([, row]) => row as T);
      const parsed = JSON.parse(head) as StoredHead;
      return {
        checkpoint: checkpointOfRows(
          parsed,
          joinRows(of<EntryRow>('rows'), of<LinkRow>('links')),
          of<TailItem>('tails'),
        ),
        current: parsed.contentSeen === undefined,
      };
    },
  };
}
