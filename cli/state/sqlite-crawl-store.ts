/**
 * A crawl's state in one SQLite file, written as it changes: each save is
 * one transaction holding what changed (lib/crawl/checkpoint-rows.ts) and
 * the head, so a save costs what changed, not the whole state (as one JSON
 * file, a save of 400,000 URLs wrote 214 MB in 42 s).
 *
 *   head     key 'head' → the checkpoint's head as JSON
 *   entries  url → its EntryRow as JSON (queue entry, record), without the
 *            url, and `seq`: when the URL's own state was first saved, so a
 *            resumed crawl takes its queue in the order it was found (a
 *            trap's cut — the first 50 queries of a calendar — depends on
 *            that order)
 *   links    url → its LinkRow as JSON (sources, link graph entry), without the url
 *   tail     (list, n) → the n-th item of a growing list (content
 *            fingerprints, aliases, pages not followed), as JSON
 *
 * A URL's own state and the links to it are kept apart as the engine saves
 * them: a page linked from every other one is read once and linked
 * hundreds of times, and as one row its record was written again at each
 * link. The growing lists (content fingerprints: one a page, 55 MB of a
 * million-URL crawl's head) are only appended to, so a save writes their
 * new items, each once.
 *
 * Crash safety: WAL with synchronous=NORMAL. A commit is in the WAL file
 * (written, not yet synced) when `save` returns, so a killed process —
 * kill -9 at any instruction — loses nothing committed: the next open
 * replays the WAL. What NORMAL gives up is durability across a power cut or
 * an OS crash (the last commits may roll back; the file stays consistent),
 * and it spares an fsync per save. A save either commits whole or not at
 * all, so the file always holds exactly one checkpoint.
 *
 * Synchronous on purpose (better-sqlite3): the crawl loop is single-threaded
 * and a save of what changed takes milliseconds; an async driver would only
 * let the state change under a save.
 */
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
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
import { withPhraseReasons } from '../../lib/crawl/stored-reasons.ts';

/** "RbLn": tells a RobotLens state file from any other SQLite database. */
export const STATE_APPLICATION_ID = 0x52624c6e;
/** The WAL file kept on disk between saves at most. */
const WAL_KEPT_BYTES = 64 * 2 ** 20;
/** The schema below; a file of a later one is refused rather than misread. */
const SCHEMA_VERSION = 1;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS head (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS entries (url TEXT PRIMARY KEY, seq INTEGER NOT NULL, row TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS links (url TEXT PRIMARY KEY, row TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS tail (list TEXT NOT NULL, n INTEGER NOT NULL, item TEXT NOT NULL, PRIMARY KEY (list, n)) WITHOUT ROWID;
`;

export interface StoreOptions {
  /** Opened to read only (`robotlens diff`): no schema written, no save. */
  readonly?: boolean;
}

export class SqliteCrawlStore {
  readonly #db: SqliteDatabase;
  readonly #save: (changes: CheckpointChanges) => void;
  /** The place (seq) of the next URL whose own state is saved for the first time. */
  #nextSeq: number;
  /** Reads one URL's own row (see readPacked); prepared when first asked for. */
  #readRow: Statement<[string], { row: string }> | null = null;

  private constructor(db: SqliteDatabase, readonly: boolean) {
    this.#db = db;
    this.#nextSeq = nextSeqOf(db);
    this.#save = readonly ? refuseSave : this.#writer();
  }

  /**
   * Opens (or creates) the store in `file`. The file must be a RobotLens
   * state file or empty; anything else throws, with nothing written to it
   * (WAL is switched on only once the file is known to be one).
   */
  static open(file: string, options: StoreOptions = {}): SqliteCrawlStore {
    const readonly = options.readonly ?? false;
    const db = new Database(file, { readonly, fileMustExist: readonly });
    try {
      checkStoreFile(db, !readonly);
      if (!readonly) {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        // After a checkpoint the WAL is cut back to this size rather than kept at its largest.
        db.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
      }
      return new SqliteCrawlStore(db, readonly);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Writes one save in one transaction: it commits whole or not at all. */
  save(changes: CheckpointChanges): void {
    this.#save(changes);
  }

  /** The crawl the store holds, or null when it holds none yet. */
  load(): CrawlCheckpoint | null {
    const head = this.#db
      .prepare<[], { value: string }>("SELECT value FROM head WHERE key = 'head'")
      .get();
    if (!head) return null;
    const rowsOf = <T extends EntryRow | LinkRow>(sql: string): T[] => {
      const rows: T[] = [];
      for (const { url, row } of this.#db.prepare<[], { url: string; row: string }>(sql).iterate())
        rows.push({ url, ...(JSON.parse(row) as Omit<T, 'url'>) } as T);
      return rows;
    };
    // Entries first, in the order they were first saved: checkpointOfRows keeps it within a depth.
    const entries = rowsOf<EntryRow>('SELECT url, row FROM entries ORDER BY seq');
    const links = rowsOf<LinkRow>('SELECT url, row FROM links');
    const tail = this.#db
      .prepare<[], { list: TailItem['list']; item: string; n: number }>(
        'SELECT list, n, item FROM tail ORDER BY list, n',
      )
      .all()
      .map(({ list, n, item }) => ({ list, index: n, item: JSON.parse(item) }) as TailItem);
    return withPhraseReasons(
      checkpointOfRows(JSON.parse(head.value) as StoredHead, joinRows(entries, links), tail),
    );
  }

  /**
   * The packed state the store holds for a URL (its row's `packed`), or
   * undefined: what a crawl reads back of a packed URL it evicted (crawl.ts
   * `readPacked`). One lookup by key, through one statement prepared once.
   */
  readonly readPacked = (url: string): string | undefined => {
    this.#readRow ??= this.#db.prepare<[string], { row: string }>(
      'SELECT row FROM entries WHERE url = ?',
    );
    const found = this.#readRow.get(url);
    return found ? (JSON.parse(found.row) as Omit<EntryRow, 'url'>).packed : undefined;
  };

  /** The database's size in bytes (what the whole state takes in the file). */
  sizeBytes(): number {
    const pages = this.#db.pragma('page_count', { simple: true }) as number;
    return pages * (this.#db.pragma('page_size', { simple: true }) as number);
  }

  /** How many URLs have their own state (queue entry or record) in the store. */
  rowCount(): number {
    const found = this.#db.prepare<[], { n: number }>('SELECT count(*) AS n FROM entries').get();
    return found?.n ?? 0;
  }

  /** Closes the file; the WAL is folded back in, so the file alone is the whole state. */
  close(): void {
    if (!this.#db.readonly) this.#db.pragma('wal_checkpoint(TRUNCATE)');
    this.#db.close();
  }

  #writer(): (changes: CheckpointChanges) => void {
    const db = this.#db;
    const statements = {
      putHead: db.prepare("INSERT OR REPLACE INTO head (key, value) VALUES ('head', ?)"),
      // An entry saved again keeps its place (seq).
      putEntry: db.prepare(
        'INSERT INTO entries (url, seq, row) VALUES (?, ?, ?) ON CONFLICT (url) DO UPDATE SET row = excluded.row',
      ),
      deleteEntry: db.prepare('DELETE FROM entries WHERE url = ?'),
      putLink: db.prepare('INSERT OR REPLACE INTO links (url, row) VALUES (?, ?)'),
      deleteLink: db.prepare('DELETE FROM links WHERE url = ?'),
      // As the extension's store: the item at a place is the one saved there last.
      putItem: db.prepare('INSERT OR REPLACE INTO tail (list, n, item) VALUES (?, ?, ?)'),
    };
    const write = db.transaction((changes: CheckpointChanges, nextSeq: number): number => {
      if (changes.replace) {
        db.exec('DELETE FROM entries; DELETE FROM links; DELETE FROM tail');
        nextSeq = 0;
      }
      // Places in the order the crawl gives its changes (first changed first), taken before sorting.
      const seqOf = new Map(changes.rows.map((row, i) => [row, nextSeq + i]));
      // In key order: each B-tree page is changed once, in turn, then left. In crawl order a
      // save of 273,000 rows at 345,000 URLs touched pages at random, spilled the page cache
      // over and over, and wrote 2.5 GB of WAL for a 360 MB state.
      for (const row of [...changes.rows].sort(byUrl)) {
        if (isEmptyRow(row)) statements.deleteEntry.run(row.url);
        else statements.putEntry.run(row.url, seqOf.get(row)!, rowText(row));
      }
      for (const row of [...changes.links].sort(byUrl)) {
        if (isEmptyRow(row)) statements.deleteLink.run(row.url);
        else statements.putLink.run(row.url, rowText(row));
      }
      for (const { list, index, item } of changes.tail)
        statements.putItem.run(list, index, JSON.stringify(item));
      statements.putHead.run(JSON.stringify(changes.head));
      return nextSeq + changes.rows.length;
    });
    // Taken only once committed: a failed save leaves the file, and so the places, as they were.
    return (changes) => {
      this.#nextSeq = write(changes, this.#nextSeq);
    };
  }
}

/** SQLite's order for TEXT keys (BINARY: UTF-8 bytes), which UTF-16 order matches but for astral characters. */
function byUrl(a: { url: string }, b: { url: string }): number {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}

/** A row without its url (the key): what the store keeps per URL. */
function rowText(row: EntryRow | LinkRow): string {
  const { url: _url, ...rest } = row;
  return JSON.stringify(rest);
}

function nextSeqOf(db: SqliteDatabase): number {
  const found = db
    .prepare<[], { n: number }>('SELECT coalesce(max(seq) + 1, 0) AS n FROM entries')
    .get();
  return found?.n ?? 0;
}

/**
 * Refuses a database that is not a RobotLens state file; `create`: an
 * empty one becomes one (schema, application id, version).
 */
function checkStoreFile(db: SqliteDatabase, create: boolean): void {
  const id = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  const empty = id === 0 && version === 0 && tableCount(db) === 0;
  if (empty && create) {
    db.exec(SCHEMA);
    db.pragma(`application_id = ${STATE_APPLICATION_ID}`);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    return;
  }
  if (id !== STATE_APPLICATION_ID)
    throw new Error('a SQLite database, but no RobotLens crawl state');
  if (version !== SCHEMA_VERSION)
    throw new Error(`crawl state of schema ${version}; this RobotLens reads ${SCHEMA_VERSION}`);
}

function tableCount(db: SqliteDatabase): number {
  const found = db
    .prepare<[], { n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'")
    .get();
  return found?.n ?? 0;
}

function refuseSave(): never {
  throw new Error('this crawl state was opened to read only');
}
