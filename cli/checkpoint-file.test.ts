import { lstat, mkdtemp, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrawlCheckpoint } from '../lib/crawl/crawl-book.ts';
import { readCheckpoint, writeCheckpoint } from './checkpoint-file.ts';

const VICTIM_TEXT = 'precious, not a crawl state\n';
const checkpoint = { version: 1, records: [], finished: false } as unknown as CrawlCheckpoint;

async function setUp() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-checkpoint-'));
  const victim = path.join(dir, 'victim.txt');
  await writeFile(victim, VICTIM_TEXT);
  return { dir, victim, state: path.join(dir, 'state.json') };
}

describe('writeCheckpoint and planted symlinks', () => {
  it('never writes through a symlink planted at the old predictable temp name', async () => {
    const { dir, victim, state } = await setUp();
    await symlink(victim, `${state}.${process.pid}.tmp`);
    await writeCheckpoint(state, checkpoint);
    expect(await readFile(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(await readCheckpoint(state)).toEqual(checkpoint);
    // Only the planted link, the victim and the state: no temp file left behind.
    expect((await readdir(dir)).sort()).toEqual(
      ['state.json', `state.json.${process.pid}.tmp`, 'victim.txt'].sort(),
    );
  });

  it('refuses a symlink at the chosen temp name (exclusive create) and takes another name', async () => {
    const { victim, state } = await setUp();
    const names = ['guessed', 'fresh'];
    await symlink(victim, `${state}.guessed.tmp`);
    await writeCheckpoint(state, checkpoint, () => names.shift() ?? 'spare');
    expect(await readFile(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(names).toEqual([]);
    expect(await readCheckpoint(state)).toEqual(checkpoint);
  });

  it('gives up with EEXIST when every name is taken, leaving the victim alone', async () => {
    const { victim, state } = await setUp();
    await symlink(victim, `${state}.guessed.tmp`);
    await expect(writeCheckpoint(state, checkpoint, () => 'guessed')).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(victim, 'utf8')).toBe(VICTIM_TEXT);
  });

  it('replaces a symlink at the state path itself instead of writing through it', async () => {
    const { victim, state } = await setUp();
    await symlink(victim, state);
    await writeCheckpoint(state, checkpoint);
    expect(await readFile(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect((await lstat(state)).isSymbolicLink()).toBe(false);
    expect(await readCheckpoint(state)).toEqual(checkpoint);
  });

  it('uses an unpredictable temp name, created owner-only', async () => {
    const { dir, state } = await setUp();
    const seen: string[] = [];
    const spy = () => {
      const name = `probe${seen.length}`;
      seen.push(name);
      return name;
    };
    await writeCheckpoint(state, checkpoint, spy);
    expect(seen).toEqual(['probe0']);
    await writeCheckpoint(state, checkpoint);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect((await lstat(state)).mode & 0o077).toBe(0);
  });
});
