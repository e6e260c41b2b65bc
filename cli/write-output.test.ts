import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUT_BATCH_CHARS, writeOutput } from './write-output.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('writeOutput', () => {
  it('writes every piece to the file, in order, across many batches', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-output-'));
    const file = path.join(dir, 'report.json');
    const pieces = Array.from({ length: 60_000 }, (_, i) => `piece ${i} é 한\n`);
    expect(pieces.join('').length).toBeGreaterThan(2 * OUTPUT_BATCH_CHARS);
    await writeOutput(pieces, file);
    expect(await readFile(file, 'utf8')).toBe(pieces.join(''));
  });

  it('replaces what the file held, and writes an empty output as an empty file', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-output-'));
    const file = path.join(dir, 'report.txt');
    await writeOutput(['a much longer first report'], file);
    await writeOutput(['short'], file);
    expect(await readFile(file, 'utf8')).toBe('short');
    await writeOutput([], file);
    expect(await readFile(file, 'utf8')).toBe('');
  });
});
