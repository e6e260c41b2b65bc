/**
 * `robotlens` as people install it: `npm pack`, then the tarball installed
 * globally into an empty prefix with only its runtime dependencies, then the
 * installed command crawls the demo site. Proves the package holds the
 * compiled command line and everything it reads (message catalogs), and
 * needs neither tsx nor wxt nor any other development dependency.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';

const run = promisify(execFile);
const NPM_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline'];

let work: string;
let prefix: string;
let packedFiles: string[];
let demo: SiteServer;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'robotlens-pack-'));
  prefix = path.join(work, 'prefix');
  const packed = await run('npm', ['pack', '--json', '--pack-destination', work], {
    maxBuffer: 16 * 1024 * 1024,
  });
  // Lifecycle scripts (prepare, prepack) print before the JSON.
  const json = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('\n[') + 1)) as {
    filename: string;
    files: { path: string }[];
  }[];
  packedFiles = json[0]!.files.map((f) => f.path);
  const tarball = path.join(work, json[0]!.filename);
  await run('npm', ['install', '-g', '--prefix', prefix, tarball, '--omit=dev', ...NPM_FLAGS]);
  demo = await startSiteServer(path.resolve('demo/site'));
  // better-sqlite3 compiles its native part on install where no prebuilt one can be fetched:
  // ~100 s of the 136 s this took on a loaded 2-core machine.
}, 360_000);

afterAll(async () => {
  await demo?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

function installed(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(prefix, 'bin', 'robotlens'), ...args], {
      cwd: work,
      env: { ...process.env, LC_ALL: 'en_US.UTF-8' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

describe('the packed robotlens', () => {
  it('holds the compiled command line and what it reads, and no sources or tests', () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        'bin/robotlens.mjs',
        'dist/robotlens.mjs',
        'public/_locales/en/messages.json',
        'public/_locales/ko/messages.json',
        'demo/site/index.html',
        'package.json',
      ]),
    );
    const stray = packedFiles.filter((f) => /^(cli|lib|tests|entrypoints|components)\//.test(f));
    expect(stray).toEqual([]);
  });

  it('installs with its runtime dependencies only', () => {
    const modules = path.join(prefix, 'lib', 'node_modules', 'robotlens', 'node_modules');
    expect(existsSync(path.join(modules, 'htmlparser2'))).toBe(true);
    for (const dev of ['tsx', 'wxt', 'esbuild', 'vitest', 'typescript'])
      expect(existsSync(path.join(modules, dev)), dev).toBe(false);
  });

  it('answers --help and --version', async () => {
    const help = await installed(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/robotlens crawl <url>/);
    const version = await installed(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('crawls the demo site and finds its broken links', async () => {
    const json = await installed([
      'crawl',
      `${demo.origin}/`,
      '--delay-ms',
      '0',
      '--format',
      'json',
    ]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as CrawlReport;
    expect(report.broken.map((b) => b.url)).toContain(`${demo.origin}/img/logo.png`);
    const text = await installed(['crawl', `${demo.origin}/`, '--delay-ms', '0']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('/img/logo.png');
  }, 60_000);
});
