/**
 * Each site's crawl state in IndexedDB, written as it changes: a save is
 * one transaction with the changed URLs' rows and the small head
 * (lib/crawl/checkpoint-rows.ts), so its cost is what changed, not the
 * whole state. (As one JSON string in storage.local, a save of Debian's
 * django docs took 760–860 ms in the worker, so a stopped worker lost
 * hundreds of results.)
 *
 *   robotlens-crawl (IndexedDB)
 *     heads   origin        → the checkpoint's head, as JSON text
 *     rows    [origin, url] → a UrlRow (queue entry, record, sources, links)
 *
 * A transaction commits whole or not at all, so a worker stopped mid-save
 * leaves the previous save. Through `idb` (Jake Archibald's promise wrapper,
 * 1 kB): the raw API's request events are easy to get subtly wrong.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  checkpointOfRows,
  isEmptyRow,
  type CheckpointChanges,
  type UrlRow,
} from '../lib/crawl/checkpoint-rows.ts';
import type { CheckpointHead, CrawlCheckpoint } from '../lib/crawl/crawl-book.ts';

const DB_NAME = 'robotlens-crawl';
const DB_VERSION = 1;

interface CrawlDb extends DBSchema {
  /** Text: a head holds robots.txt answers and fingerprints, copied faster as one string. */
  heads: { key: string; value: string };
  rows: { key: [string, string]; value: UrlRow };
}

let opened: Promise<IDBPDatabase<CrawlDb>> | undefined;

function db(): Promise<IDBPDatabase<CrawlDb>> {
  opened ??= openDB<CrawlDb>(DB_NAME, DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('heads');
      database.createObjectStore('rows');
    },
  }).catch((error: unknown) => {
    // Opened again next time: a failure (disk full, say) need not last.
    opened = undefined;
    throw error;
  });
  return opened;
}

/** Every row of one site's crawl: [origin] sorts before [origin, url], and any string before an array. */
function rowsOf(origin: string): IDBKeyRange {
  return IDBKeyRange.bound([origin], [origin, []]);
}

/** Writes one save: the changed rows and the head, in one transaction. */
export async function saveCrawlChanges(origin: string, changes: CheckpointChanges): Promise<void> {
  // Relaxed: committed without waiting for the disk's flush — a stopped worker or a closed
  // browser loses nothing committed, only a crash of the whole system could.
  const tx = (await db()).transaction(['heads', 'rows'], 'readwrite', { durability: 'relaxed' });
  const rows = tx.objectStore('rows');
  const writes: Promise<unknown>[] = [];
  try {
    if (changes.replace) writes.push(rows.delete(rowsOf(origin)));
    for (const row of changes.rows)
      writes.push(
        isEmptyRow(row) ? rows.delete([origin, row.url]) : rows.put(row, [origin, row.url]),
      );
    writes.push(tx.objectStore('heads').put(JSON.stringify(changes.head), origin));
  } catch (error) {
    // A request refused at once (a row that cannot be cloned, a full disk) would leave the
    // transaction to commit the requests before it: rows without their head, or a replace's
    // delete alone. Aborted, it leaves the previous save whole.
    tx.abort();
    await Promise.allSettled([...writes, tx.done]);
    throw error;
  }
  // tx.done rejects with the transaction's error (QuotaExceededError, say); the requests' own
  // rejections are the same error, so they are only awaited with it.
  await Promise.all([...writes, tx.done]);
}

/** A site's stored crawl, or undefined when IndexedDB holds none. */
export async function loadCrawl(origin: string): Promise<CrawlCheckpoint | undefined> {
  const tx = (await db()).transaction(['heads', 'rows'], 'readonly');
  const [head, rows] = await Promise.all([
    tx.objectStore('heads').get(origin),
    tx.objectStore('rows').getAll(rowsOf(origin)),
    tx.done,
  ]);
  if (head === undefined) return undefined;
  return checkpointOfRows(JSON.parse(head) as CheckpointHead, rows);
}
