/**
 * A crawl's state in one SQLite file, written as it changes: each save is
 * one transaction holding what changed (lib/crawl/checkpoint-rows.ts) and
 * the head, so a save costs what changed, not the whole state (as one JSON
 * file, a save of 400,000 URLs wrote 214 MB in 42 s).
 *
 *   head     key 'head' → the checkpoint's head as JSON; key 'saves' → how
 *            many saves the file holds (the next one's number); key
 *            'folded' → the last save whose appends were folded (see #folder)
 *   entries  url → its EntryRow as JSON (queue entry, record), without the
 *            url; `seq`: when the URL's own state was first saved, so a
 *            resumed crawl takes its queue in the order it was found (a
 *            trap's cut — the first 50 queries of a calendar — depends on
 *            that order); `saved`: the number of the save that wrote it
 *   appends  (n, url) → facts the n-th save appended to the packed string
 *            of the URL's entry row (EntryRow.appended); only those of saves
 *            after its `saved` count (a row written whole holds the ones
 *            before), and only saves after 'folded' keep theirs
 *   links    url → its LinkRow as JSON (sources, link graph entry), without the url
 *   tail     (list, n) → the n-th item of a growing list (content
 *            fingerprints, aliases, pages not followed), as JSON
 *
 * A URL's own state and the links to it are kept apart as the engine saves
 * them: a page linked from every other one is read once and linked
 * hundreds of times, and as one row its record was written again at each
 * link. The growing lists (content fingerprints: one a page, 55 MB of a
 * million-URL crawl's head) are only appended to, so a save writes their
 * new items, each once. So is a waiting URL's packed string, once saved:
 * the links found to it later are a few facts each, not worth its row
 * written again (on the generated million-URL site 81–89 % of the URLs
 * known gain one between two saves). Keyed by save first, a save's appends
 * go at the end of the table, each page written once: keyed by URL, they
 * landed all over it, and a save rewrote nearly every page (1.3 GB written
 * for a 0.67 GB state, at 650,000 URLs known). Reading one URL back then
 * looks it up in each save since its row was written, or since the last
 * fold (at most ~72 lookups, once per URL waiting, when its turn comes);
 * what is appended to a row written again later is left, unread.
 *
 * Crash safety: WAL with synchronous=NORMAL. A commit is in the WAL file
 * (written, not yet synced) when `save` returns, so a killed process —
 * kill -9 at any instruction — loses nothing committed: the next open
 * replays the WAL. What NORMAL gives up is durability across a power cut or
 * an OS crash (the last commits may roll back; the file stays consistent),
 * and it spares an fsync per save. A save either commits whole or not at
 * all, so the file always holds exactly one checkpoint.
 *
 * The WAL is copied into the file once it outgrows the file, not after
 * each save (SQLite's default copies it once it passes 1,000 pages, so at
 * every save here): a save's new URLs land all over `entries`, so late in a
 * big crawl each save changes most of its pages, and each was written
 * twice per save. Pages changed by several saves in between are copied
 * once. On the generated million-URL site (bench/scale-curve.ts), the
 * crawl's saves wrote 8.8 GB this way against 11.3 GB, in the same time.
 * The WAL costs disk, at most about the file's size again; a kill loses
 * nothing more for it (the next open reads the WAL).
 *
 * Synchronous on purpose (better-sqlite3): the crawl loop is single-threaded
 * and a save of what changed takes milliseconds; an async driver would only
 * let the state change under a save.
 */
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  checkpointOfRows,
  isEmptyRow,
  joinRows,
  LeftPacked,
  resumableOfRows,
  type UrlRow,
  type CheckpointChanges,
  type EntryRow,
  type LinkRow,
  type StoredHead,
  type TailItem,
} from '../../lib/crawl/checkpoint-rows.ts';
import type { CrawlCheckpoint, ResumableCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { withPhraseReasons } from '../../lib/crawl/stored-reasons.ts';

/** "RbLn": tells a RobotLens state file from any other SQLite database. */
export const STATE_APPLICATION_ID = 0x52624c6e;
/** The WAL is copied into the file once it is this many times the file's size. */
const WAL_COPIED_AT = 1;
/**
 * The schema below; a file of a later one is refused rather than misread.
 * 2 added `appends` and `entries.saved`: a file of 1 opened to write gains them.
 */
const SCHEMA_VERSION = 2;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS head (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS entries (url TEXT PRIMARY KEY, seq INTEGER NOT NULL, row TEXT NOT NULL, saved INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS appends (n INTEGER NOT NULL, url TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (n, url)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS links (url TEXT PRIMARY KEY, row TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS tail (list TEXT NOT NULL, n INTEGER NOT NULL, item TEXT NOT NULL, PRIMARY KEY (list, n)) WITHOUT ROWID;
`;

export interface StoreOptions {
  /** Opened to read only (`robotlens diff`): no schema written, no save. */
  readonly?: boolean;
  /** Appends are folded into their rows once this many saves have appended since the last fold (see #fold). */
  foldAfterSaves?: number;
}

/**
 * Saves whose appends a read may look up, at most, beyond FOLDED_PER_FOLD:
 * past this many, the oldest are folded into their rows (see #fold).
 */
const FOLD_AFTER_SAVES = 64;
/** Saves folded at a time: a fold rewrites the rows their appends go to, so a few saves' worth at once. */
const FOLDED_PER_FOLD = 8;

export class SqliteCrawlStore {
  readonly #db: SqliteDatabase;
  readonly #save: (changes: CheckpointChanges) => void;
  /** The place (seq) of the next URL whose own state is saved for the first time. */
  #nextSeq: number;
  /** The number of the next save (see `saves` in the head table). */
  #saves: number;
  /**
   * The appends of saves up to this one are in their rows' packed strings
   * and gone from `appends` (key 'folded' in the head table; see #fold).
   */
  #folded: number;
  readonly #foldAfterSaves: number;
  /** Whether the file has `appends` (one of schema 1 opened to read has not). */
  readonly #hasAppends: boolean;
  /** Reads one URL's own row and what later saves appended to it (see readPacked); prepared when first asked for. */
  #reads: {
    row: Statement<[string], { row: string; saved: number }>;
    appends: Statement<[{ url: string; after: number; before: number }], string> | null;
  } | null = null;

  private constructor(db: SqliteDatabase, readonly: boolean, foldAfterSaves: number) {
    this.#db = db;
    this.#nextSeq = nextSeqOf(db);
    this.#hasAppends = tableExists(db, 'appends');
    this.#saves = headNumber(db, 'saves', 1);
    this.#folded = headNumber(db, 'folded', 0);
    this.#foldAfterSaves = foldAfterSaves;
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
        // Copied when it outgrows the file (#copyWalWhenOutgrown), not at SQLite's 1,000 pages.
        db.pragma('wal_autocheckpoint = 0');
      }
      return new SqliteCrawlStore(db, readonly, options.foldAfterSaves ?? FOLD_AFTER_SAVES);
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
    const head = this.#head();
    if (!head) return null;
    // No local holds the rows as read: checkpointOfRows lets each packed one go once unpacked.
    return withPhraseReasons(
      checkpointOfRows(
        head,
        joinRows(this.#entriesWithAppends(), this.#rowsOf<LinkRow>('SELECT url, row FROM links')),
        this.#tail(),
      ),
    );
  }

  /**
   * The crawl the store holds, to go on from this store (reading packed URLs
   * back with readPacked): its packed URLs are left here (LeftPacked), each
   * read back at its turn; null when it holds none yet.
   */
  loadToGoOn(): ResumableCheckpoint | null {
    const head = this.#head();
    if (!head) return null;
    const left = new LeftPacked();
    const rows: UrlRow[] = [];
    // Each entry with the links row of its URL: one of a packed URL is older than its string.
    const joined = this.#db.prepare<[], { url: string; row: string; links: string | null }>(
      'SELECT e.url, e.row, l.row AS links FROM entries e LEFT JOIN links l ON l.url = e.url ORDER BY e.seq',
    );
    for (const { url, row, links } of joined.iterate()) {
      const entry = { url, ...(JSON.parse(row) as Omit<EntryRow, 'url'>) };
      const linkRow = links === null ? {} : (JSON.parse(links) as Omit<LinkRow, 'url'>);
      if (entry.packed === undefined) {
        rows.push({ ...entry, ...linkRow });
        continue;
      }
      const kept = left.rowOf(url, entry.packed, linkRow.followed === true);
      // Not left packed: unpacked whole, with what later saves appended (resumableOfRows).
      rows.push(kept ?? { ...linkRow, ...entry, packed: this.readPacked(url)! });
    }
    const linksAlone = 'SELECT url, row FROM links WHERE url NOT IN (SELECT url FROM entries)';
    // A loop, not push(...rows): spread into arguments, a long list would overflow the stack.
    for (const row of this.#rowsOf<LinkRow>(linksAlone)) rows.push(row);
    return withPhraseReasons(resumableOfRows(head, rows, this.#tail(), left));
  }

  #head(): StoredHead | null {
    const head = this.#db
      .prepare<[], { value: string }>("SELECT value FROM head WHERE key = 'head'")
      .get();
    return head ? (JSON.parse(head.value) as StoredHead) : null;
  }

  #rowsOf<T extends EntryRow | LinkRow>(sql: string): T[] {
    const rows: T[] = [];
    for (const { url, row } of this.#db.prepare<[], { url: string; row: string }>(sql).iterate())
      rows.push({ url, ...(JSON.parse(row) as Omit<T, 'url'>) } as T);
    return rows;
  }

  #tail(): TailItem[] {
    return this.#db
      .prepare<[], { list: TailItem['list']; item: string; n: number }>(
        'SELECT list, n, item FROM tail ORDER BY list, n',
      )
      .all()
      .map(({ list, n, item }) => ({ list, index: n, item: JSON.parse(item) }) as TailItem);
  }

  /**
   * The packed state the store holds for a URL (its row's `packed`), or
   * undefined: what a crawl reads back of a packed URL it evicted (crawl.ts
   * `readPacked`). One lookup by key for its row, then one query for its
   * appends: a lookup by (save, URL) for each save since its row was
   * written (46 on average late in the generated million-URL crawl), run
   * inside SQLite. One statement per save, from JavaScript, took 253 µs a
   * URL there, 2.7 times as long: every waiting URL is read back once, at
   * its turn, and every packed record for the report.
   */
  readonly readPacked = (url: string): string | undefined => {
    this.#reads ??= {
      row: this.#db.prepare(`SELECT row, ${this.#savedColumn} FROM entries WHERE url = ?`),
      appends: this.#hasAppends
        ? this.#db
            .prepare<[{ url: string; after: number; before: number }], string>(
              `WITH RECURSIVE later(n) AS (
                 SELECT @after + 1 WHERE @after + 1 < @before
                 UNION ALL SELECT n + 1 FROM later WHERE n + 1 < @before)
               SELECT a.text FROM later JOIN appends a ON a.n = later.n AND a.url = @url
               ORDER BY later.n`,
            )
            .pluck()
        : null,
    };
    const found = this.#reads.row.get(url);
    const packed = found ? (JSON.parse(found.row) as Omit<EntryRow, 'url'>).packed : undefined;
    if (packed === undefined) return undefined;
    const appends = this.#reads.appends;
    if (appends === null) return packed;
    const after = Math.max(found!.saved, this.#folded);
    return [packed, ...appends.all({ url, after, before: this.#saves })].join('');
  };

  /** The `saved` column as a query reads it: a file of schema 1 (read only) has none, its rows are save 0's. */
  get #savedColumn(): string {
    return this.#hasAppends ? 'saved' : '0 AS saved';
  }

  /**
   * The entries, in the order they were first saved (checkpointOfRows keeps
   * it within a depth), packed ones with what later saves appended to them.
   */
  #entriesWithAppends(): EntryRow[] {
    const entries: EntryRow[] = [];
    // A packed entry → the save that wrote it.
    const packed = new Map<string, { entry: EntryRow; saved: number }>();
    const rows = this.#db.prepare<[], { url: string; row: string; saved: number }>(
      `SELECT url, row, ${this.#savedColumn} FROM entries ORDER BY seq`,
    );
    for (const { url, row, saved } of rows.iterate()) {
      const entry = { url, ...(JSON.parse(row) as Omit<EntryRow, 'url'>) };
      entries.push(entry);
      if (entry.packed !== undefined) packed.set(url, { entry, saved });
    }
    if (!this.#hasAppends) return entries;
    const appends = this.#db.prepare<[], { n: number; url: string; text: string }>(
      'SELECT n, url, text FROM appends ORDER BY n',
    );
    for (const { n, url, text } of appends.iterate()) {
      const found = packed.get(url);
      if (found && n > found.saved) found.entry.packed += text;
    }
    return entries;
  }

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
      putSaves: db.prepare("INSERT OR REPLACE INTO head (key, value) VALUES ('saves', ?)"),
      // An entry saved again keeps its place (seq).
      putEntry: db.prepare(
        'INSERT INTO entries (url, seq, row, saved) VALUES (?, ?, ?, ?) ON CONFLICT (url) DO UPDATE SET row = excluded.row, saved = excluded.saved',
      ),
      deleteEntry: db.prepare('DELETE FROM entries WHERE url = ?'),
      putAppend: db.prepare('INSERT INTO appends (n, url, text) VALUES (?, ?, ?)'),
      putLink: db.prepare('INSERT OR REPLACE INTO links (url, row) VALUES (?, ?)'),
      deleteLink: db.prepare('DELETE FROM links WHERE url = ?'),
      // As the extension's store: the item at a place is the one saved there last.
      putItem: db.prepare('INSERT OR REPLACE INTO tail (list, n, item) VALUES (?, ?, ?)'),
    };
    const write = db.transaction((changes: CheckpointChanges, nextSeq: number): number => {
      if (changes.replace) {
        db.exec('DELETE FROM entries; DELETE FROM appends; DELETE FROM links; DELETE FROM tail');
        nextSeq = 0;
      }
      // Places in the order the crawl gives its changes (first changed first), taken before sorting.
      const seqOf = new Map(changes.rows.map((row, i) => [row, nextSeq + i]));
      const n = this.#saves;
      // In key order: each B-tree page is changed once, in turn, then left. In crawl order a
      // save of 273,000 rows at 345,000 URLs touched pages at random, spilled the page cache
      // over and over, and wrote 2.5 GB of WAL for a 360 MB state.
      for (const row of [...changes.rows].sort(byUrl)) {
        if (row.appended !== undefined) statements.putAppend.run(n, row.url, row.appended);
        else if (isEmptyRow(row)) statements.deleteEntry.run(row.url);
        else statements.putEntry.run(row.url, seqOf.get(row)!, rowText(row), n);
      }
      for (const row of [...changes.links].sort(byUrl)) {
        if (isEmptyRow(row)) statements.deleteLink.run(row.url);
        else statements.putLink.run(row.url, rowText(row));
      }
      for (const { list, index, item } of changes.tail)
        statements.putItem.run(list, index, JSON.stringify(item));
      statements.putHead.run(JSON.stringify(changes.head));
      statements.putSaves.run(String(n + 1));
      return nextSeq + changes.rows.length;
    });
    // Taken only once committed: a failed save leaves the file, and so the places, as they were.
    const fold = this.#folder();
    return (changes) => {
      this.#nextSeq = write(changes, this.#nextSeq);
      this.#saves++;
      // A few saves at a time, or all but the last FOLD_AFTER_SAVES of a file that has more;
      // never past the last save made (this one, numbered #saves - 1).
      const last = this.#saves - 1;
      const behind = last - this.#folded;
      if (behind > this.#foldAfterSaves) {
        const upto = this.#folded + Math.max(FOLDED_PER_FOLD, behind - this.#foldAfterSaves);
        this.#folded = fold(this.#folded, Math.min(upto, last));
      }
      this.#copyWalWhenOutgrown();
    };
  }

  /**
   * Folds the appends of saves `from` + 1 to `upto` into the packed strings
   * they were appended to, in one transaction, and drops them; gives `upto`.
   * Reading a packed URL back looks its appends up in each save since its
   * row was written, and a crawl may save four times a second: a 200,000-URL
   * crawl resumed twice (3,200 saves) read each waiting URL back in 6.8 ms,
   * and crawled 100 URLs a second. Folded, a read looks up at most
   * FOLD_AFTER_SAVES + FOLDED_PER_FOLD saves, and the appends table keeps
   * only those saves' appends.
   */
  #folder(): (from: number, upto: number) => number {
    const db = this.#db;
    const foldAppends = db.prepare(`
      WITH folded AS (
        SELECT a.url, group_concat(a.text, '' ORDER BY a.n) AS text
        FROM appends a JOIN entries e ON e.url = a.url
        WHERE a.n > @from AND a.n <= @upto AND a.n > e.saved
        GROUP BY a.url)
      UPDATE entries SET row = json_set(row, '$.packed', json_extract(row, '$.packed') || folded.text)
      FROM folded
      WHERE entries.url = folded.url AND json_extract(entries.row, '$.packed') IS NOT NULL`);
    const dropAppends = db.prepare('DELETE FROM appends WHERE n <= @upto');
    const putFolded = db.prepare("INSERT OR REPLACE INTO head (key, value) VALUES ('folded', ?)");
    return db.transaction((from: number, upto: number): number => {
      foldAppends.run({ from, upto });
      dropAppends.run({ upto });
      putFolded.run(String(upto));
      return upto;
    });
  }

  /**
   * Copies the WAL into the file and empties it once it is bigger than the
   * file (see the top of this file). A reader holding the file (`robotlens
   * diff` of the same state) can keep the copy from finishing: it is tried
   * again after the next save, and the WAL stays whole meanwhile.
   */
  #copyWalWhenOutgrown(): void {
    if (this.walBytes() > WAL_COPIED_AT * this.sizeBytes())
      this.#db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /** The WAL's size in bytes: the saves not copied into the file yet. */
  walBytes(): number {
    try {
      return statSync(`${this.#db.name}-wal`).size;
    } catch {
      return 0;
    }
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

/** The number of the next save: 1 when none is recorded (a new file, or one of schema 1, whose rows count as save 0's). */
/** A number the head table keeps under `key`, or `fallback` when it has none. */
function headNumber(db: SqliteDatabase, key: string, fallback: number): number {
  const found = db
    .prepare<[string], { value: string }>('SELECT value FROM head WHERE key = ?')
    .get(key);
  return found ? Number(found.value) : fallback;
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
  if (version < 1 || version > SCHEMA_VERSION)
    throw new Error(
      `crawl state of schema ${version}; this RobotLens reads 1 to ${SCHEMA_VERSION}`,
    );
  if (version < SCHEMA_VERSION && create) {
    // What schema 2 added; nothing of schema 1 changes (its rows were written by save 0).
    db.exec('ALTER TABLE entries ADD COLUMN saved INTEGER NOT NULL DEFAULT 0');
    db.exec(SCHEMA);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }
}

function tableExists(db: SqliteDatabase, name: string): boolean {
  const found = db
    .prepare<[string], { n: number }>(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?",
    )
    .get(name);
  return (found?.n ?? 0) > 0;
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
