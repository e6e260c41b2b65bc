/**
 * Each site's crawl state in IndexedDB, written as it changes: a save is
 * one transaction with what changed (lib/crawl/checkpoint-rows.ts) — the
 * changed URLs' rows, the links to the URLs newly linked to, the new items
 * of the growing lists — and the small head, so its cost is what changed,
 * not the whole state. (As one JSON string in storage.local, a save of
 * Debian's django docs took 760–860 ms in the worker, so a stopped worker
 * lost hundreds of results.)
 *
 *   robotlens-crawl (IndexedDB)
 *     heads   origin               → the checkpoint's head, as JSON text
 *     rows    [origin, url]        → an EntryRow (queue entry, record); before
 *                                    version 2, a whole UrlRow
 *     links   [origin, url]        → a LinkRow (sources, link graph entry)   (version 2)
 *     tails   [origin, list, i]    → a TailItem (a fingerprint, an alias, …) (version 2)
 *
 * A crawl stored before version 2 (whole rows, a head with the growing
 * lists) still loads; it is not `current`, so a resumed crawl writes it all
 * again, the new way, with its first save.
 *
 * A transaction commits whole or not at all, so a worker stopped mid-save
 * leaves the previous save. Through `idb` (Jake Archibald's promise wrapper,
 * 1 kB): the raw API's request events are easy to get subtly wrong.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  checkpointOfRows,
  isEmptyRow,
  joinRows,
  type CheckpointChanges,
  type LinkRow,
  type StoredHead,
  type TailItem,
  type UrlRow,
} from '../lib/crawl/checkpoint-rows.ts';
import type { CrawlCheckpoint } from '../lib/crawl/crawl-book.ts';

const DB_NAME = 'robotlens-crawl';
const DB_VERSION = 2;

interface CrawlDb extends DBSchema {
  /** Text: a head holds robots.txt answers, copied faster as one string. */
  heads: { key: string; value: string };
  rows: { key: [string, string]; value: UrlRow };
  links: { key: [string, string]; value: LinkRow };
  tails: { key: [string, string, number]; value: TailItem };
}

/** A site's crawl as IndexedDB holds it. */
export interface StoredRows {
  checkpoint: CrawlCheckpoint;
  /** Stored the current way: a crawl resumed from it need not write it all again. */
  current: boolean;
}

let opened: Promise<IDBPDatabase<CrawlDb>> | undefined;

function db(): Promise<IDBPDatabase<CrawlDb>> {
  opened ??= openDB<CrawlDb>(DB_NAME, DB_VERSION, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('heads');
        database.createObjectStore('rows');
      }
      database.createObjectStore('links');
      database.createObjectStore('tails');
    },
  }).catch((error: unknown) => {
    // Opened again next time: a failure (disk full, say) need not last.
    opened = undefined;
    throw error;
  });
  return opened;
}

/** Every key of one site's crawl in a keyed store: [origin] sorts before [origin, …], and any string before an array. */
function rowsOf(origin: string): IDBKeyRange {
  return IDBKeyRange.bound([origin], [origin, []]);
}

const STORES = ['heads', 'rows', 'links', 'tails'] as const;

/** Writes one save: the changed rows, links and tail items and the head, in one transaction. */
export async function saveCrawlChanges(origin: string, changes: CheckpointChanges): Promise<void> {
  // Relaxed: committed without waiting for the disk's flush — a stopped worker or a closed
  // browser loses nothing committed, only a crash of the whole system could.
  const tx = (await db()).transaction(STORES, 'readwrite', { durability: 'relaxed' });
  const rows = tx.objectStore('rows');
  const links = tx.objectStore('links');
  const tails = tx.objectStore('tails');
  const writes: Promise<unknown>[] = [];
  try {
    if (changes.replace)
      for (const store of [rows, links, tails]) writes.push(store.delete(rowsOf(origin)));
    for (const row of changes.rows)
      writes.push(
        isEmptyRow(row) ? rows.delete([origin, row.url]) : rows.put(row, [origin, row.url]),
      );
    for (const row of changes.links)
      writes.push(
        isEmptyRow(row) ? links.delete([origin, row.url]) : links.put(row, [origin, row.url]),
      );
    for (const item of changes.tail) writes.push(tails.put(item, [origin, item.list, item.index]));
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
export async function loadCrawl(origin: string): Promise<StoredRows | undefined> {
  const tx = (await db()).transaction(STORES, 'readonly');
  const [head, rows, links, tail] = await Promise.all([
    tx.objectStore('heads').get(origin),
    tx.objectStore('rows').getAll(rowsOf(origin)),
    tx.objectStore('links').getAll(rowsOf(origin)),
    tx.objectStore('tails').getAll(rowsOf(origin)),
    tx.done,
  ]);
  if (head === undefined) return undefined;
  const stored = JSON.parse(head) as StoredHead;
  return {
    checkpoint: checkpointOfRows(stored, joinRows(rows, links), tail),
    // Every head written before version 2 holds the fingerprints; none written since does.
    current: stored.contentSeen === undefined,
  };
}
