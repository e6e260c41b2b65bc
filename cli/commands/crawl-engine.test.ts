/**
 * `robotlens crawl` on small fixture sites, one per crawl-correctness case
 * of issue 13 (each folder's README says what it holds), run as a user runs
 * it, with the server's log as proof of what was requested.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { runCli } from '../../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';

const FLAGS = ['--timeout', '1500', '--delay-ms', '0', '--format', 'json'];

let site: SiteServer | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

async function crawlFixture(folder: string, extra: string[] = []) {
  site = await startSiteServer(path.resolve('tests/fixtures', folder));
  const run = await runCli(['crawl', `${site.origin}/`, ...FLAGS, ...extra]);
  return { run, report: JSON.parse(run.stdout) as CrawlReport, site };
}

const requests = (server: SiteServer, pathname: string, method: string) =>
  server.log.filter((e) => e.url === pathname && e.method === method).length;

describe('robotlens crawl: what is crawled', () => {
  it('crawls a page first named by <link rel=index>, finds the 404 it links and exits 1', async () => {
    const { run, report, site } = await crawlFixture('crawl-head-link');
    expect(requests(site, '/genindex.html', 'GET')).toBe(1);
    expect(requests(site, '/search.html', 'GET')).toBe(1);
    expect(report.broken.map((b) => b.url)).toEqual([`${site.origin}/removed.html`]);
    expect(run.code).toBe(1);
  }, 30_000);
});

describe('robotlens crawl and page on an unreachable URL', () => {
  it('crawl: exits 2 with the cause in words, not "finished, 1 broken"', async () => {
    // A port nothing listens on: the connection is refused.
    const run = await runCli(['crawl', 'http://127.0.0.1:1/', ...FLAGS]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /cannot crawl http:\/\/127\.0\.0\.1:1\/: the start URL could not be reached \(.*connection failed/i,
    );
    const report = JSON.parse(run.stdout) as CrawlReport;
    expect(report.unreachableStart).toHaveLength(1);
  }, 30_000);

  it('page: says why the page could not be fetched', async () => {
    const run = await runCli(['page', 'http://127.0.0.1:1/']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/ECONNREFUSED/);
  }, 30_000);
});
