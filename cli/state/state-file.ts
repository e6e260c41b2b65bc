/**
 * The `--resume` state file: a SQLite database (sqlite-crawl-store.ts)
 * since saves became incremental; a JSON file of the format before
 * (checkpoint-file.ts) is still read, and becomes a database the first time
 * a crawl goes on from it. The two are told apart by their first bytes:
 * every SQLite file starts with "SQLite format 3\0".
 *
 * A state file often sits in a shared directory such as /tmp. SQLite opens
 * the path it is given and creates `<file>-wal` and `<file>-shm` beside it,
 * following symlinks: so a symlink at any of those paths is refused (a
 * planted one would have the crawl write through it), a new state file is
 * created owner-only with O_EXCL first, and a whole state (a migrated JSON
 * file, the state of a crawl cut short) is built under a random temp name
 * and renamed into place, so a kill leaves the old file or the new one.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, rename, unlink } from 'node:fs/promises';
import { rowsOfCheckpoint } from '../../lib/crawl/checkpoint-rows.ts';
import type { CrawlCheckpoint, ResumableCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { phrase } from '../../lib/i18n/phrase.ts';
import { readCheckpoint } from '../checkpoint-file.ts';
import { UsageError } from '../usage-error.ts';
import { SqliteCrawlStore } from './sqlite-crawl-store.ts';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** What SQLite puts beside a database while it is open. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

export type StateFormat = 'sqlite' | 'json';

/** A state file's format by its first bytes; null when there is none yet (missing or empty). */
export async function stateFormatOf(file: string): Promise<StateFormat | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new UsageError(phrase('cli_cannot_read', { file, error: (error as Error).message }));
  }
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead === 0) return null;
    return bytesRead === head.length && head.equals(SQLITE_MAGIC) ? 'sqlite' : 'json';
  } finally {
    await handle.close();
  }
}

/**
 * The crawl a state file of either format holds, or null when there is none
 * yet; a database's packed URLs are left in it, for the crawl that goes on
 * there (SqliteCrawlStore.loadToGoOn; `whole`: every URL read back).
 */
export async function readStateFile(file: string, whole: true): Promise<CrawlCheckpoint | null>;
export async function readStateFile(
  file: string,
  whole?: false,
): Promise<ResumableCheckpoint | null>;
export async function readStateFile(
  file: string,
  whole = false,
): Promise<ResumableCheckpoint | null> {
  const format = await stateFormatOf(file);
  if (format === null) return null;
  if (format === 'json') return readCheckpoint(file);
  await refuseSymlinks(file);
  try {
    // Read-write: a WAL left by a killed crawl is replayed into the file, not skipped.
    return withStore(file, (store) => (whole ? store.load() : store.loadToGoOn()));
  } catch (error) {
    throw new UsageError(phrase('cli_not_state_file', { file, error: (error as Error).message }));
  }
}

/**
 * The store a crawl saves to as it goes. `holding`: the crawl it goes on
 * from; a JSON state file is first rewritten as a database holding it, so
 * either way the store then holds `holding` and saves only what changes.
 */
export async function openStateStore(
  file: string,
  holding: ResumableCheckpoint | null,
): Promise<SqliteCrawlStore> {
  await refuseSymlinks(file);
  const format = await stateFormatOf(file);
  // A JSON file's crawl is whole: only a database leaves URLs packed in it.
  if (format === 'json' && holding) await writeWholeState(file, holding as CrawlCheckpoint);
  else if (format === null) await createOwnerOnly(file);
  return SqliteCrawlStore.open(file);
}

/** Writes a whole crawl as a new state file at `file`, atomically (temp file, then rename). */
export async function writeWholeState(file: string, checkpoint: CrawlCheckpoint): Promise<void> {
  await refuseSymlinks(file);
  const temporary = `${file}.${randomBytes(16).toString('hex')}.tmp`;
  await createOwnerOnly(temporary, true);
  try {
    withStore(temporary, (store) => store.save({ replace: true, ...rowsOfCheckpoint(checkpoint) }));
    await rename(temporary, file);
  } catch (error) {
    await Promise.all(
      ['', ...COMPANIONS].map((end) => unlink(temporary + end).catch(() => undefined)),
    );
    throw error;
  }
}

function withStore<T>(file: string, use: (store: SqliteCrawlStore) => T): T {
  const store = SqliteCrawlStore.open(file);
  try {
    return use(store);
  } finally {
    store.close();
  }
}

/** Creates an empty file no one else can read, never through a symlink; `exclusive`: never an existing one. */
async function createOwnerOnly(file: string, exclusive = false): Promise<void> {
  try {
    await (await open(file, 'wx', 0o600)).close();
  } catch (error) {
    if (exclusive || (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Refuses a state file, or a file SQLite would write beside it, that is a symlink. */
async function refuseSymlinks(file: string): Promise<void> {
  for (const path of [file, ...COMPANIONS.map((end) => file + end)]) {
    const stats = await lstat(path).catch(() => null);
    if (stats?.isSymbolicLink())
      throw new UsageError(
        phrase('cli_cannot_read', { file: path, error: 'a symbolic link, refused as crawl state' }),
      );
  }
}
