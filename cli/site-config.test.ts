import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSiteConfig, validateConfig } from './site-config.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

async function siteFolder(siteJson?: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-config-'));
  folders.push(root);
  if (siteJson !== undefined) await writeFile(path.join(root, 'site.json'), siteJson);
  return root;
}

const ROOT = path.join(os.tmpdir(), 'a-site');

describe('validateConfig', () => {
  it.each<[string, unknown, string]>([
    [
      'a typo in a route',
      { routes: { '/a': { stauts: 404 } } },
      'routes["/a"]: unknown key "stauts"',
    ],
    ['an unknown top-level key', { route: {} }, '(top level): unknown key "route"'],
    [
      'a typo in a sequence step',
      { routes: { '/a': { sequence: [{ bdy: 'x' }] } } },
      '.sequence[0]: unknown key "bdy"',
    ],
    [
      'a typo in a method override',
      { prefixes: { '/a/': { methods: { HEAD: { stat: 1 } } } } },
      'methods.HEAD: unknown key "stat"',
    ],
    [
      'a lower-case method',
      { routes: { '/a': { methods: { head: {} } } } },
      'method names are upper-case',
    ],
    [
      'a bad status',
      { routes: { '/a': { status: 99 } } },
      '.status: must be an integer from 100 to 599',
    ],
    [
      'a bad header value',
      { routes: { '/a': { headers: { X: 1 } } } },
      '.headers.X: must be a string',
    ],
    [
      'two body sources',
      { routes: { '/a': { body: 'x', file: 'y' } } },
      'body and file exclude each other',
    ],
    [
      'a file outside the folder',
      { routes: { '/a': { file: '../../etc/passwd' } } },
      'must stay inside the site folder',
    ],
    [
      'an unknown generator',
      { routes: { '/a': { generator: 'forever' } } },
      'generator: must be one of calendar',
    ],
    ['an empty sequence', { routes: { '/a': { sequence: [] } } }, 'must be a non-empty array'],
    ['a relative path', { routes: { a: {} } }, 'the path must start with "/"'],
  ])('refuses %s', (_name, config, message) => {
    expect(validateConfig(config, ROOT).join('\n')).toContain(message);
  });

  it('accepts every kind of answer', () => {
    const config = {
      routes: {
        '/a': { status: 200, headers: { X: ['1', '2'] }, body: 'x', gzip: true, delayMs: 5 },
        '/b': { redirect: '{{origin}}/a', sequence: [{ status: 429 }, { file: 'b.html' }] },
        '/c': { generator: 'calendar', methods: { HEAD: { status: 405, hang: true } } },
      },
      prefixes: { '/big/': { bytes: 1000 } },
    };
    expect(validateConfig(config, ROOT)).toEqual([]);
  });
});

describe('readSiteConfig', () => {
  it('reads no site.json as no routes', async () => {
    expect(await readSiteConfig(await siteFolder())).toEqual({});
  });

  it('refuses site.json that is not JSON', async () => {
    const root = await siteFolder('{ routes: }');
    await expect(readSiteConfig(root)).rejects.toThrow(/site\.json: not valid JSON/);
  });

  it('lists every problem, one per line', async () => {
    const root = await siteFolder(JSON.stringify({ routes: { a: { status: 1 } } }));
    await expect(readSiteConfig(root)).rejects.toThrow(
      /is invalid:\n {2}.*must start with "\/"\n {2}.*must be an integer from 100 to 599/,
    );
  });
});
