/**
 * A store that keeps rows and links by URL and tail items by place, as the
 * extension's IndexedDB and the command line's SQLite store do, in memory.
 * What it is given is copied, and so is what it gives back: a crawl
 * resumed from it changes the checkpoint it is given.
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
} from '../../lib/crawl/checkpoint-rows.ts';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';

export class RowStore {
  head: StoredHead | null = null;
  readonly rows = new Map<string, EntryRow>();
  readonly links = new Map<string, LinkRow>();
  readonly tail = new Map<string, TailItem>();
  readonly saves: CheckpointChanges[] = [];

  apply(changes: CheckpointChanges): void {
    const saved = structuredClone(changes);
    this.saves.push(saved);
    if (saved.replace) for (const kept of [this.rows, this.links, this.tail]) kept.clear();
    for (const [rows, kept] of [
      [saved.rows, this.rows],
      [saved.links, this.links],
    ] as const)
      for (const row of rows) {
        if ('appended' in row && row.appended !== undefined) this.#append(row.url, row.appended);
        else if (isEmptyRow(row)) kept.delete(row.url);
        else kept.set(row.url, row);
      }
    for (const item of saved.tail) this.tail.set(`${item.list} ${item.index}`, item);
    this.head = saved.head;
  }

  /** Facts appended to a packed URL's string, as the command line's store reads them back. */
  #append(url: string, appended: string): void {
    const row = this.rows.get(url);
    if (row?.packed === undefined)
      throw new Error(`appended to ${url}, which is not stored packed`);
    row.packed += appended;
  }

  /** Saves as a crawl's `saveChanges` port does. */
  readonly save = (changes: CheckpointChanges): Promise<void> => {
    this.apply(changes);
    return Promise.resolve();
  };

  checkpoint(): CrawlCheckpoint {
    const rows = joinRows([...this.rows.values()], [...this.links.values()]);
    return structuredClone(checkpointOfRows(this.head!, rows, [...this.tail.values()]));
  }
}
