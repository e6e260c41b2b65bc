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
 *     heads   origin          → the checkpoint's head, as JSON text
 *     saves   [origin, n]     → the n-th save's rows, links and tail items,
 *                               as one value                        (version 2)
 *     rows    [origin, url]   → a whole UrlRow (version 1; read, never written)
 *
 * A save is one value, not one per URL: each request costs the worker and
 * the browser's storage process alike, and a crawl of Debian's django docs
 * made 8,000–12,000 of them (a row per changed URL), which took a quarter
 * of the crawl's CPU time. Loading applies the saves in order, the later
 * row of a URL replacing the earlier; the crawl writes everything again
 * (`replace`, saves from 0) once the saves hold a few times its state
 * (lib/crawl/crawl.ts), so they stay within a few times its size.
 *
 * A crawl stored by version 1 (whole rows, a head with the growing lists)
 * still loads; it is not `current`, so a resumed crawl writes it all again,
 * the new way, with its first save.
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
  type EntryRow,
  type LinkRow,
  type StoredHead,
  type UrlRow,
} from '../lib/crawl/checkpoint-rows.ts';
import type { CrawlCheckpoint } from '../lib/crawl/crawl-book.ts';

const DB_NAME = 'robotlens-crawl';
const DB_VERSION = 2;
/** Rows and links in one stored value at most: a crawl written whole is cut into values of this size. */
const ROWS_PER_VALUE = 5_000;

/** What one save wrote but the head. */
type SavedChanges = Pick<CheckpointChanges, 'rows' | 'links' | 'tail'>;

interface CrawlDb extends DBSchema {
  /** Text: a head holds robots.txt answers, copied faster as one string. */
  heads: { key: string; value: string };
  saves: { key: [string, number]; value: SavedChanges };
  rows: { key: [string, string]; value: UrlRow };
}

/** A site's crawl as IndexedDB holds it. */
export interface StoredRows {
  checkpoint: CrawlCheckpoint;
  /** Stored the current way: a crawl resumed from it need not write it all again. */
  current: boolean;
}

/** Per site, the number of its next save (read from the store by the first save of this worker). */
const nextSave = new Map<string, number>();

let opened: Promise<IDBPDatabase<CrawlDb>> | undefined;

function db(): Promise<IDBPDatabase<CrawlDb>> {
  opened ??= openDB<CrawlDb>(DB_NAME, DB_VERSION, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('heads');
        database.createObjectStore('rows');
      }
      database.createObjectStore('saves');
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

const STORES = ['heads', 'saves', 'rows'] as const;

/** A save's rows, links and tail items in values of at most ROWS_PER_VALUE rows and links. */
function valuesOf({ rows, links, tail }: SavedChanges): SavedChanges[] {
  if (rows.length + links.length <= ROWS_PER_VALUE) return [{ rows, links, tail }];
  const values: SavedChanges[] = [{ rows: [], links: [], tail }];
  for (let i = 0; i < rows.length; i += ROWS_PER_VALUE)
    values.push({ rows: rows.slice(i, i + ROWS_PER_VALUE), links: [], tail: [] });
  for (let i = 0; i < links.length; i += ROWS_PER_VALUE)
    values.push({ rows: [], links: links.slice(i, i + ROWS_PER_VALUE), tail: [] });
  return values;
}

/** Writes one save: what changed, as one value, and the head, in one transaction. */
export async function saveCrawlChanges(origin: string, changes: CheckpointChanges): Promise<void> {
  // Relaxed: committed without waiting for the disk's flush — a stopped worker or a closed
  // browser loses nothing committed, only a crash of the whole system could.
  const tx = (await db()).transaction(STORES, 'readwrite', { durability: 'relaxed' });
  const saves = tx.objectStore('saves');
  let next = changes.replace ? 0 : nextSave.get(origin);
  if (next === undefined) {
    const last = await saves.openKeyCursor(rowsOf(origin), 'prev');
    next = last ? last.key[1] + 1 : 0;
  }
  const writes: Promise<unknown>[] = [];
  try {
    if (changes.replace)
      for (const store of ['saves', 'rows'] as const)
        writes.push(tx.objectStore(store).delete(rowsOf(origin)));
    for (const value of valuesOf(changes)) writes.push(saves.put(value, [origin, next++]));
    writes.push(tx.objectStore('heads').put(JSON.stringify(changes.head), origin));
  } catch (error) {
    // A request refused at once (a value that cannot be cloned, a full disk) would leave the
    // transaction to commit the requests before it: rows without their head, or a replace's
    // delete alone. Aborted, it leaves the previous save whole.
    tx.abort();
    nextSave.delete(origin);
    await Promise.allSettled([...writes, tx.done]);
    throw error;
  }
  // tx.done rejects with the transaction's error (QuotaExceededError, say); the requests' own
  // rejections are the same error, so they are only awaited with it.
  try {
    await Promise.all([...writes, tx.done]);
    nextSave.set(origin, next);
  } catch (error) {
    // Read again from the store: it holds what it held before this save.
    nextSave.delete(origin);
    throw error;
  }
}

/**
 * The rows and links a site's saves leave, each save's replacing the ones
 * before, and the tail items of them all, in order.
 */
class Replay {
  readonly rows = new Map<string, EntryRow>();
  readonly links = new Map<string, LinkRow>();
  readonly tail: SavedChanges['tail'] = [];

  constructor(legacy: readonly UrlRow[]) {
    // A version 1 row holds both.
    for (const { url, queued, record, ...linkParts } of legacy) {
      this.rows.set(url, { url, ...(queued ? { queued } : {}), ...(record ? { record } : {}) });
      this.links.set(url, { ...linkParts, url });
    }
  }

  apply(save: SavedChanges): void {
    for (const row of save.rows) {
      if (isEmptyRow(row)) this.rows.delete(row.url);
      else this.rows.set(row.url, row);
    }
    for (const row of save.links) {
      if (isEmptyRow(row)) this.links.delete(row.url);
      else this.links.set(row.url, row);
    }
    for (const item of save.tail) this.tail.push(item);
  }
}

/**
 * Saves read at a time on load. The saves can hold a few times the crawl's
 * state (see above); read all at once, they were alive together when V8
 * collected during the load, and it then set its next collection so far
 * off that a restarted worker's fetch garbage grew the process by ~40 MB
 * per 1,000 pages (README, "The crawl in the browser").
 */
const SAVES_PER_READ = 4;

/** A site's stored crawl, or undefined when IndexedDB holds none. */
export async function loadCrawl(origin: string): Promise<StoredRows | undefined> {
  const tx = (await db()).transaction(STORES, 'readonly');
  const [head, legacy] = await Promise.all([
    tx.objectStore('heads').get(origin),
    tx.objectStore('rows').getAll(rowsOf(origin)),
  ]);
  const replay = new Replay(legacy);
  const saves = tx.objectStore('saves');
  for (let range: IDBKeyRange | null = rowsOf(origin); range !== null;) {
    const [keys, values]: [[string, number][], SavedChanges[]] = await Promise.all([
      saves.getAllKeys(range, SAVES_PER_READ),
      saves.getAll(range, SAVES_PER_READ),
    ]);
    for (const value of values) replay.apply(value);
    const last = keys.at(-1);
    range =
      keys.length < SAVES_PER_READ || last === undefined
        ? null
        : IDBKeyRange.bound(last, [origin, []], true);
  }
  await tx.done;
  if (head === undefined) return undefined;
  const stored = JSON.parse(head) as StoredHead;
  return {
    checkpoint: checkpointOfRows(
      stored,
      joinRows([...replay.rows.values()], [...replay.links.values()]),
      replay.tail,
    ),
    // Every head written before version 2 holds the fingerprints; none written since does.
    current: stored.contentSeen === undefined,
  };
}
