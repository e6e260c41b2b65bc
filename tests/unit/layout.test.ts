/**
 * Each file where its reader looks: what ships (lib/, cli/, extension/,
 * components/, entrypoints/) is what the extension or the command line
 * runs, and what only tests use lives in tests/ (tests/support,
 * tests/fixtures). Checked by following the relative imports from the
 * shipped entry points: WXT's entrypoints (a file directly in entrypoints/,
 * a folder's index.ts, or the scripts a folder's index.html loads) and the
 * command line's cli/bin.mjs.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const SHIPPED = ['lib', 'cli', 'extension', 'components', 'entrypoints'];
const isSource = (file: string) => /\.(ts|tsx|mjs)$/.test(file) && !/\.d\.ts$/.test(file);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Shipped files no entry point imports yet, with why they stay where they are. */
const NOT_YET_IMPORTED: Record<string, string> = {
  'lib/url/alias-hints.ts': 'library code written ahead of its first caller (alias hints)',
};

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The files a source file imports by a relative path (static, side-effect and dynamic imports). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g);
  return [...specifiers].map((match) => normalize(join(dirname(file), match[1]!)));
}

function reachableFrom(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !isSource(file)) continue;
    seen.add(file);
    pending.push(...importsOf(file));
  }
  return seen;
}

const shipped = SHIPPED.flatMap(filesUnder).filter((f) => isSource(f) && !isTest(f));

function entrypoints(): string[] {
  return readdirSync('entrypoints').flatMap((name) => {
    const path = join('entrypoints', name);
    if (!statSync(path).isDirectory()) return isSource(path) && !isTest(path) ? [path] : [];
    const html = join(path, 'index.html');
    const scripts = existsSync(html)
      ? [...readFileSync(html, 'utf8').matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) =>
          normalize(join(path, m[1]!)),
        )
      : [];
    return [...scripts, join(path, 'index.ts')].filter((file) => existsSync(file));
  });
}

// The page reader pool's worker is loaded by URL (new URL('./read-page-worker.mjs', …)), not imported.
const roots = [...entrypoints(), 'cli/bin.mjs', 'cli/threads/read-page-worker.mjs'];
const reached = reachableFrom(roots);

describe('layout', () => {
  it('ships no file that only tests import (test doubles and fixtures live in tests/)', () => {
    const unreached = shipped.filter((file) => !reached.has(file) && !(file in NOT_YET_IMPORTED));
    expect(unreached).toEqual([]);
  });

  it('keeps the exceptions real: each is still shipped and still not imported', () => {
    for (const file of Object.keys(NOT_YET_IMPORTED)) {
      expect(shipped).toContain(file);
      expect(reached.has(file)).toBe(false);
    }
  });

  it('starts from every entrypoint WXT builds', () => {
    expect(roots).toEqual(
      expect.arrayContaining([
        'entrypoints/content.ts',
        'entrypoints/popup/main.tsx',
        'entrypoints/report/main.tsx',
        'entrypoints/options/main.tsx',
      ]),
    );
    expect(roots.some((file) => /^entrypoints\/background(\.ts|\/index\.ts)$/.test(file))).toBe(
      true,
    );
  });

  it('never ships a file from tests/', () => {
    expect([...reached].filter((file) => file.startsWith('tests/'))).toEqual([]);
  });
});
