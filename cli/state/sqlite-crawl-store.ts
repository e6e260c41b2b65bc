/**
 * A crawl's state in one SQLite file, written as it changes: each save is
 * one transaction holding the changed URLs' rows and the head
 * (lib/crawl/checkpoint-rows.ts), so a save costs what changed, not the
 * whole state (as one JSON file, a save of 400,000 URLs wrote 214 MB in 42 s).
 *
 *   head          key 'head' → the checkpoint's head as JSON, but for the
 *                 two lists below
 *   rows          url → its UrlRow as JSON (queue entry, record, sources,
 *                 link graph entry), without the url, and `seq`: when the
 *                 URL was first saved, so a resumed crawl takes its queue in
 *                 the order it was found (a trap's cut — the first 50
 *                 queries of a calendar — depends on that order)
 *   content_seen  n → [fingerprint, first URL]   } only ever appended to, so
 *   not_followed  n → { page, links }            } a save adds the new tail
 *
 * The two lists grow with every page read (content_seen: one entry a page,
 * 55 MB of a million-URL crawl's head), and the engine only appends to them
 * (page-expansion.ts sets a fingerprint once, pushes a nofollow page once),
 * so the store writes the entries past the ones it holds.
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
import type { Database as SqliteDatabase } from 'better-sqlite3';
import {
  checkpointOfRows,
  isEmptyRow,
  type CheckpointChanges,
  type UrlRow,
} from '../../lib/crawl/checkpoint-rows.ts';
import type { CheckpointHead, CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { withPhraseReasons } from '../../lib/crawl/stored-reasons.ts';

/** "RbLn": tells a RobotLens state file from any other SQLite database. */
export const STATE_APPLICATION_ID = 0x52624c6e;
/** The WAL file kept on disk between saves at most. */
const WAL_KEPT_BYTES = 64 * 2 ** 20;
/** The schema below; a file of a later one is refused rather than misread. */
const SCHEMA_VERSION = 1;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS head (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS rows (url TEXT PRIMARY KEY, seq INTEGER NOT NULL, row TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS content_seen (n INTEGER PRIMARY KEY, fingerprint TEXT NOT NULL, url TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS not_followed (n INTEGER PRIMARY KEY, note TEXT NOT NULL);
`;

type StoredHead = Omit<CheckpointHead, 'contentSeen' | 'notFollowed'>;
type NotFollowed = CheckpointHead['notFollowed'][number];

export interface StoreOptions {
  /** Opened to read only (`robotlens diff`): no schema written, no save. */
  readonly?: boolean;
}

export class SqliteCrawlStore {
  readonly #db: SqliteDatabase;
  readonly #save: (changes: CheckpointChanges) => void;
  #held: Held;

  private constructor(db: SqliteDatabase, readonly: boolean) {
    this.#db = db;
    this.#held = {
      contentSeen: countOf(db, 'content_seen'),
      notFollowed: countOf(db, 'not_followed'),
      nextSeq: nextSeqOf(db),
    };
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
    const stored = JSON.parse(head.value) as StoredHead;
    const contentSeen = this.#db
      .prepare<[], { fingerprint: string; url: string }>(
        'SELECT fingerprint, url FROM content_seen ORDER BY n',
      )
      .all()
      .map(({ fingerprint, url }): [string, string] => [fingerprint, url]);
    const notFollowed = this.#db
      .prepare<[], { note: string }>('SELECT note FROM not_followed ORDER BY n')
      .all()
      .map(({ note }) => JSON.parse(note) as NotFollowed);
    const rows: UrlRow[] = [];
    for (const { url, row } of this.#db
      .prepare<[], { url: string; row: string }>('SELECT url, row FROM rows ORDER BY seq')
      .iterate())
      rows.push({ url, ...(JSON.parse(row) as Omit<UrlRow, 'url'>) });
    return withPhraseReasons(checkpointOfRows({ ...stored, contentSeen, notFollowed }, rows));
  }

  /** The database's size in bytes (what the whole state takes in the file). */
  sizeBytes(): number {
    const pages = this.#db.pragma('page_count', { simple: true }) as number;
    return pages * (this.#db.pragma('page_size', { simple: true }) as number);
  }

  /** How many URL rows the store holds. */
  rowCount(): number {
    return countOf(this.#db, 'rows');
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
      // A row saved again keeps its place (seq).
      putRow: db.prepare(
        'INSERT INTO rows (url, seq, row) VALUES (?, ?, ?) ON CONFLICT (url) DO UPDATE SET row = excluded.row',
      ),
      deleteRow: db.prepare('DELETE FROM rows WHERE url = ?'),
      addSeen: db.prepare('INSERT INTO content_seen (n, fingerprint, url) VALUES (?, ?, ?)'),
      addNotFollowed: db.prepare('INSERT INTO not_followed (n, note) VALUES (?, ?)'),
    };
    const write = db.transaction((changes: CheckpointChanges, held: Held): Held => {
      const { contentSeen, notFollowed, ...head } = changes.head;
      // A list shorter than the one held is another crawl's: written again from its start.
      if (
        changes.replace ||
        contentSeen.length < held.contentSeen ||
        notFollowed.length < held.notFollowed
      ) {
        if (changes.replace) db.exec('DELETE FROM rows');
        db.exec('DELETE FROM content_seen; DELETE FROM not_followed');
        held = { contentSeen: 0, notFollowed: 0, nextSeq: changes.replace ? 0 : held.nextSeq };
      }
      // Places in the order the crawl gives its changes (first changed first), taken before sorting.
      const seqOf = new Map(changes.rows.map((row, i) => [row, held.nextSeq + i]));
      // In key order: each B-tree page is changed once, in turn, then left. In crawl order a
      // save of 273,000 rows at 345,000 URLs touched pages at random, spilled the page cache
      // over and over, and wrote 2.5 GB of WAL for a 360 MB state.
      for (const row of [...changes.rows].sort(byUrl)) {
        if (isEmptyRow(row)) statements.deleteRow.run(row.url);
        else statements.putRow.run(row.url, seqOf.get(row)!, rowText(row));
      }
      appendTail(contentSeen, held.contentSeen, (item, n) =>
        statements.addSeen.run(n, item[0], item[1]),
      );
      appendTail(notFollowed, held.notFollowed, (item, n) =>
        statements.addNotFollowed.run(n, JSON.stringify(item)),
      );
      statements.putHead.run(JSON.stringify(head satisfies StoredHead));
      return {
        contentSeen: contentSeen.length,
        notFollowed: notFollowed.length,
        nextSeq: held.nextSeq + changes.rows.length,
      };
    });
    // Counted only once committed: a failed save leaves the file, and so the counts, as they were.
    return (changes) => {
      this.#held = write(changes, this.#held);
    };
  }
}

/** Entries of each append-only list the file holds, and the next row's place. */
interface Held {
  contentSeen: number;
  notFollowed: number;
  nextSeq: number;
}

/** SQLite's order for TEXT keys (BINARY: UTF-8 bytes), which UTF-16 order matches but for astral characters. */
function byUrl(a: UrlRow, b: UrlRow): number {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}

/** A row without its url (the key): what the store keeps per URL. */
function rowText(row: UrlRow): string {
  const { url: _url, ...rest } = row;
  return JSON.stringify(rest);
}

function appendTail<T>(
  items: readonly T[],
  held: number,
  add: (item: T, n: number) => unknown,
): void {
  for (let n = held; n < items.length; n++) add(items[n]!, n);
}

function nextSeqOf(db: SqliteDatabase): number {
  const found = db
    .prepare<[], { n: number }>('SELECT coalesce(max(seq) + 1, 0) AS n FROM rows')
    .get();
  return found?.n ?? 0;
}

function countOf(db: SqliteDatabase, table: 'rows' | 'content_seen' | 'not_followed'): number {
  const found = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get();
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
