/**
 * Watching a site end to end (issue 18): the watch-site fixture
 * (tests/fixtures/watch-site/README.md) crawled before and after a deploy
 * at the same origin. `crawl --compare` and `diff` must find exactly its
 * four changes; `--fail-on` decides the exit code; the JUnit, SARIF and
 * Markdown of the comparing crawl are valid and say the same. Crawls run
 * once, in beforeAll (several at once where they are independent): each
 * CLI start costs seconds on a slow machine.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlChanges } from '../../lib/watch/types.ts';
import { junitSchemaErrors, sarifSchemaErrors } from '../../tests/support/ci-schemas.ts';
import { runCli, type CliRun } from '../../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';

const FIXTURE = path.resolve('tests/fixtures/watch-site');
const CRAWL_MS = 300_000;

let site: SiteServer;
let dir: string;
let files: string;
const file = (name: string) => path.join(dir, name);
const crawl = (...args: string[]): Promise<CliRun> =>
  runCli(['crawl', `${site.origin}/`, '--delay', '0', ...args]);
const changesOf = (run: CliRun) => (JSON.parse(run.stdout) as { changes: CrawlChanges }).changes;

/** The site's folder holds `version`'s files only (the server reads them per request). */
function serve(version: 'before' | 'after'): void {
  rmSync(files, { recursive: true, force: true });
  cpSync(path.join(FIXTURE, version), files, { recursive: true });
}

let first: CliRun;
let compared: CliRun;
let junit: CliRun;
let sarif: CliRun;
let markdown: CliRun;
let failOnNew: CliRun;
let againstItself: CliRun;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'robotlens-watch-'));
  files = file('site');
  serve('before');
  site = await startSiteServer(files);
  // Its state file too: a saved crawl may be either.
  first = await crawl(
    '--format',
    'json',
    '--out',
    file('old.json'),
    '--resume',
    file('old-state.json'),
  );
  serve('after');
  const comparing = (...args: string[]) => crawl('--compare', file('old.json'), ...args);
  [compared, junit, sarif, markdown, failOnNew] = await Promise.all([
    comparing('--format', 'json', '--out', file('new.json')),
    comparing('--format', 'junit'),
    comparing('--format', 'sarif'),
    comparing('--format', 'markdown'),
    comparing('--fail-on', 'new-broken', '--format', 'json'),
  ]);
  // The same site again: its broken link is old now, so new-broken does not hold.
  againstItself = await crawl('--compare', file('new.json'), '--fail-on', 'new-broken');
}, CRAWL_MS);

afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (pathname: string) => `${site.origin}${pathname}`;

describe('robotlens crawl --compare: the four changes of the watch site', () => {
  let changes: CrawlChanges;
  beforeAll(() => {
    changes = changesOf({ ...compared, stdout: readFileSync(file('new.json'), 'utf8') });
  });

  it('crawled both versions (each with a broken link: exit 1 by default)', () => {
    expect([first.code, compared.code]).toEqual([1, 1]);
    expect(changes.startUrl).toBe(at('/'));
  });

  it('finds the link that broke and the one fixed', () => {
    expect(changes.broken.added.map((b) => [b.url, b.pages.map((p) => p.page)])).toEqual([
      [at('/guide.html'), [at('/')]],
    ]);
    expect(changes.broken.fixed.map((b) => b.url)).toEqual([at('/old-link.html')]);
  });

  it('finds news.html now noindex, and the archive pages robots.txt now blocks', () => {
    expect(changes.indexability.lost).toEqual([
      { url: at('/archive/2024.html'), before: [], now: ['robots-txt'] },
      { url: at('/archive/2025.html'), before: [], now: ['robots-txt'] },
      { url: at('/news.html'), before: [], now: ['meta-robots'] },
    ]);
    expect(changes.indexability.regained).toEqual([]);
  });

  it('diffs robots.txt line by line: line 3 added, blocking the 2 crawled archive pages', () => {
    expect(changes.robots).toHaveLength(1);
    const [robots] = changes.robots;
    expect(robots!.lines.filter((l) => l.op !== 'kept')).toEqual([
      { op: 'added', oldLine: null, newLine: 3, text: 'Disallow: /archive/' },
    ]);
    expect(robots!.effects).toMatchObject([{ robot: 'googlebot', line: 3, nowBlocked: 2 }]);
  });

  it('finds nothing else', () => {
    expect(changes.redirects.added).toEqual([]);
    expect(changes.traps.added).toEqual([]);
    expect(changes.sitemap).toBeNull();
  });

  it('starts the text report with "Changes since <date>"', async () => {
    const run = await runCli(['diff', file('old.json'), file('new.json')]);
    expect(run.stdout).toMatch(/^Changes since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(/);
    expect(run.stdout).toContain('line 3 now blocks 2 crawled pages for googlebot');
    expect(run.stdout).toContain('  +3: Disallow: /archive/');
  });
});

describe('robotlens diff', () => {
  it('agrees with crawl --compare, in text and JSON, and exits 1: something got worse', async () => {
    const [json, text] = await Promise.all([
      runCli(['diff', file('old.json'), file('new.json'), '--format', 'json']),
      runCli(['diff', file('old.json'), file('new.json')]),
    ]);
    const changes = changesOf(json);
    const crawled = changesOf({ ...compared, stdout: readFileSync(file('new.json'), 'utf8') });
    expect({ ...changes, untilMs: 0 }).toEqual({ ...crawled, untilMs: 0 });
    expect([json.code, text.code]).toEqual([1, 1]);
    for (const url of ['/guide.html', '/old-link.html', '/news.html', '/archive/2024.html'])
      expect(text.stdout).toContain(at(url));
  });

  it('reads a --resume state file as the same saved crawl as its JSON report', async () => {
    const [fromState, fromReport] = await Promise.all([
      runCli(['diff', file('old-state.json'), file('new.json'), '--format', 'json']),
      runCli(['diff', file('old.json'), file('new.json'), '--format', 'json']),
    ]);
    expect(fromState.code).toBe(1);
    expect(changesOf(fromState)).toEqual(changesOf(fromReport));
  });

  it('refuses a file that is no saved crawl with exit 2', async () => {
    writeFileSync(file('garbage.json'), '{"hello": ');
    const run = await runCli(['diff', file('garbage.json'), file('new.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cannot read ${file('garbage.json')} as a saved crawl`);
  });
});

describe('--fail-on', () => {
  it('new-broken fails on the new broken link and names it on stderr', () => {
    expect(failOnNew.code).toBe(1);
    expect(failOnNew.stderr).toContain('robotlens: failing because: new-broken (1)');
  });

  it('new-broken passes when only old broken links remain (the default rule would fail)', () => {
    expect(againstItself.code).toBe(0);
    expect(againstItself.stdout).toContain('Nothing changed.');
  });

  it('refuses a comparing condition without --compare (exit 2, before crawling)', async () => {
    const requests = site.log.length;
    const run = await crawl('--fail-on', 'noindex-change');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--fail-on noindex-change compares with a previous crawl');
    expect(site.log.length).toBe(requests);
  });

  it('refuses an unknown condition, listing the known ones', async () => {
    const run = await runCli(['diff', file('old.json'), file('new.json'), '--fail-on', 'nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown condition “nope” (known: broken, new-broken');
  });

  it('refuses to compare with a crawl of another site, naming both', async () => {
    const other = JSON.parse(readFileSync(file('old.json'), 'utf8')) as { startUrl: string };
    writeFileSync(
      file('other.json'),
      JSON.stringify({ ...other, startUrl: 'https://other.example/' }),
    );
    const run = await crawl('--compare', file('other.json'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`is a crawl of https://other.example/, not of ${at('/')}`);
  });
});

describe('CI formats of the comparing crawl', () => {
  it('JUnit: valid, the broken link and the changes for the worse as failing cases', async () => {
    expect(await junitSchemaErrors(junit.stdout)).toEqual([]);
    expect(junit.stdout).toContain(
      `<testcase classname="Broken links" name="${at('/guide.html')}">`,
    );
    expect(junit.stdout).toContain(`name="New broken link: ${at('/guide.html')}"`);
    expect(junit.stdout).toMatch(/<testsuite name="Changes" tests="5" failures="5"/);
  });

  it('SARIF: valid, one new result at the page and line carrying the broken link', () => {
    const log = JSON.parse(sarif.stdout) as {
      runs: { results: { baselineState: string; locations: unknown[] }[] }[];
    };
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0]!.results).toMatchObject([
      {
        ruleId: 'broken-link',
        baselineState: 'new',
        locations: [
          { physicalLocation: { artifactLocation: { uri: at('/') }, region: { startLine: 6 } } },
        ],
      },
    ]);
  });

  it('Markdown: the changes first, robots.txt as a diff with its effect, then the table', () => {
    const text = markdown.stdout;
    expect(text).toContain('```diff\n User-agent: *\n Disallow: /tmp/\n+Disallow: /archive/\n```');
    expect(text).toContain('- line 3 now blocks 2 crawled pages for googlebot');
    expect(text.indexOf('### Changes since')).toBeLessThan(text.indexOf('### Broken links'));
    expect(text).toContain(`| ${at('/guide.html')} | 404 http-4xx |`);
  });
});
