import { lstat, mkdtemp, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { Crawler } from '../../lib/crawl/crawl.ts';
import { writeCheckpoint } from '../checkpoint-file.ts';
import { openStateStore, readStateFile, stateFormatOf, writeWholeState } from './state-file.ts';

/** A real (small) checkpoint: the engine's own, before any request. */
function checkpoint(): CrawlCheckpoint {
  const crawler = Crawler.start(
    { startUrls: ['http://127.0.0.1:8921/'] },
    {
      http: () => Promise.reject(new Error('no network in this test')),
      clock: { nowMs: () => 5_000, sleep: () => Promise.resolve() },
    },
  );
  return crawler.checkpoint();
}

async function dir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'robotlens-state-file-'));
}

describe('state files', () => {
  it('tells SQLite from JSON by the first bytes; a missing or empty file is none yet', async () => {
    const d = await dir();
    expect(await stateFormatOf(path.join(d, 'missing'))).toBeNull();
    await writeFile(path.join(d, 'empty'), '');
    expect(await stateFormatOf(path.join(d, 'empty'))).toBeNull();
    await writeCheckpoint(path.join(d, 'old.json'), checkpoint());
    expect(await stateFormatOf(path.join(d, 'old.json'))).toBe('json');
    await writeWholeState(path.join(d, 'new'), checkpoint());
    expect(await stateFormatOf(path.join(d, 'new'))).toBe('sqlite');
    await writeFile(path.join(d, 'short'), 'SQLite');
    expect(await stateFormatOf(path.join(d, 'short'))).toBe('json');
  });

  it('migrates a JSON state file: the same path then holds a database with the same crawl', async () => {
    const d = await dir();
    const file = path.join(d, 'state.json');
    await writeCheckpoint(file, checkpoint());
    const previous = await readStateFile(file);
    expect(previous).toEqual(checkpoint());
    const store = await openStateStore(file, previous);
    store.close();
    expect(await stateFormatOf(file)).toBe('sqlite');
    expect(await readStateFile(file)).toEqual(checkpoint());
    // Nothing left beside it: no temp file, no WAL once closed.
    expect(await readdir(d)).toEqual(['state.json']);
  });

  it('creates a new state file owner-only', async () => {
    const d = await dir();
    const file = path.join(d, 'state');
    (await openStateStore(file, null)).close();
    expect((await lstat(file)).mode & 0o077).toBe(0);
    await writeWholeState(path.join(d, 'whole'), checkpoint());
    expect((await lstat(path.join(d, 'whole'))).mode & 0o077).toBe(0);
  });

  it('refuses a symlink at the state path or where SQLite writes beside it', async () => {
    const d = await dir();
    const victim = path.join(d, 'victim.txt');
    await writeFile(victim, 'precious\n');
    await symlink(victim, path.join(d, 'a'));
    await expect(openStateStore(path.join(d, 'a'), null)).rejects.toThrow(/symbolic link/);
    await symlink(victim, path.join(d, 'b-wal'));
    await expect(openStateStore(path.join(d, 'b'), null)).rejects.toThrow(/symbolic link/);
    await symlink(victim, path.join(d, 'c-shm'));
    await expect(writeWholeState(path.join(d, 'c'), checkpoint())).rejects.toThrow(/symbolic link/);
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
  });

  it('says a file that is neither format is no crawl state', async () => {
    const d = await dir();
    const file = path.join(d, 'notes.txt');
    await writeFile(file, 'hello');
    await expect(readStateFile(file)).rejects.toThrow(/not a crawl state file/);
  });
});
