import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('writes in batches small enough for V8 to allocate them young (under 128 KB, two-byte text too)', async () => {
    const writes: number[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      writes.push(String(text).length);
      return true;
    });
    try {
      const pieces = Array.from({ length: 60_000 }, (_, i) => `조각 ${i} of a report\n`);
      await writeOutput(pieces);
    } finally {
      write.mockRestore();
    }
    expect(writes.length).toBeGreaterThan(5);
    // A string of 64K UTF-16 units is 128 KB: V8 puts it straight in the large-object space,
    // which only a full collection empties (a million-URL report is 3,500 such writes).
    expect(Math.max(...writes)).toBeLessThan(64 * 1024);
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
