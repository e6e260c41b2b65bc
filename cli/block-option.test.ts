/** `robotlens crawl --block`: every regex runs on RE2, and a pattern RE2 cannot run is refused up front. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlReport } from '../lib/crawl/report.ts';
import { runCli } from '../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from './site-server.ts';

let site: SiteServer;
beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/block-regex'));
});
afterAll(() => site.close());

const FLAGS = ['--delay-ms', '0', '--timeout', '2000', '--format', 'json'];

describe('robotlens crawl --block', () => {
  it('runs the pattern that hung the old engine on a long URL and finishes', async () => {
    const started = Date.now();
    const run = await runCli([
      'crawl',
      `${site.origin}/`,
      '--block',
      're:a{1,300}a{1,300}a{1,300}a{1,300}!',
      '--block',
      're:^http://[^/]+/private/',
      ...FLAGS,
    ]);
    // V8's engine ran for over a minute on the long link; the bound is generous.
    expect(Date.now() - started).toBeLessThan(20_000);
    // With --format json only the summary line goes to stderr: no error.
    expect(run.stderr).toMatch(/^Finished in [^\n]*\n$/);
    const report = JSON.parse(run.stdout) as CrawlReport;
    const urls = JSON.stringify(report);
    expect(urls).toContain('/private/report.html');
    const paths = site.log.map((entry) => new URL(entry.url, site.origin).pathname);
    expect(paths.some((p) => p.startsWith('/aaaa'))).toBe(true);
    expect(paths).not.toContain('/private/report.html');
  }, 30_000);

  it.each<[string, RegExp]>([
    [
      're:(?=x)y',
      /--block "re:\(\?=x\)y": Not valid RE2 syntax: invalid or unsupported Perl syntax/,
    ],
    ['re:(a)\\1', /--block "re:\(a\)\\1": Not valid RE2 syntax: invalid escape sequence: `\\1`/],
  ])('refuses %j before fetching anything, saying what RE2 lacks', async (pattern, message) => {
    const before = site.log.length;
    const run = await runCli(['crawl', `${site.origin}/`, '--block', pattern, ...FLAGS]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/no lookaround/);
    expect(site.log.length).toBe(before);
  });

  it('says it in Korean too', async () => {
    const run = await runCli([
      'crawl',
      `${site.origin}/`,
      '--block',
      're:(?<!a)b',
      '--lang',
      'ko',
      ...FLAGS,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--block "re:\(\?<!a\)b": RE2 문법에 맞지 않습니다/);
  });
});
