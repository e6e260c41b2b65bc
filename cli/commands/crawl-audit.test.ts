/**
 * The whole-site audit end to end: `robotlens crawl --sitemaps` over the
 * site-audit fixture (tests/fixtures/site-audit/README.md), a case per
 * finding code, must give exactly the findings its expected-findings.json
 * lists, a verdict per page for the audit robot, and the text report's
 * counts; `--audit-robot` and `--no-audit` change what they say they do.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';

const FIXTURE = path.resolve('tests/fixtures/site-audit');
const EXPECTED = JSON.parse(readFileSync(path.join(FIXTURE, 'expected-findings.json'), 'utf8')) as {
  code: string;
  url: string;
}[];

interface JsonPage {
  url: string;
  indexable: boolean | null;
  reasons: { code: string; blocking: boolean }[];
}
interface JsonReport {
  pages: JsonPage[];
  audit: {
    robot: string;
    pages: number;
    indexable: number;
    notIndexable: number;
    byReason: Record<string, number>;
  } | null;
  findings: { code: string; url: string; severity: string; detail: string }[];
}

let site: SiteServer;
const crawl = (...args: string[]): Promise<CliRun> =>
  runCli(['crawl', `${site.origin}/`, '--delay', '0', '--sitemaps', ...args]);
const json = (run: CliRun) => JSON.parse(run.stdout) as JsonReport;
const pathOf = (url: string) => url.slice(site.origin.length);
const pageAt = (report: JsonReport, pathname: string) =>
  report.pages.find((p) => pathOf(p.url) === pathname);
const blockingCodes = (page: JsonPage | undefined) =>
  page?.reasons.filter((r) => r.blocking).map((r) => r.code);

beforeAll(async () => {
  site = await startSiteServer(FIXTURE);
});
afterAll(async () => {
  await site.close();
});

describe('robotlens crawl: the whole-site audit', () => {
  let report: JsonReport;
  beforeAll(async () => {
    report = json(await crawl('--format', 'json'));
  }, 60_000);

  it('finds exactly the fixture site’s findings, one case per code', () => {
    const found = report.findings.map((f) => ({ code: f.code, url: pathOf(f.url) }));
    expect(found).toEqual(EXPECTED);
    expect(new Set(found.map((f) => f.code)).size).toBe(34);
    for (const finding of report.findings) {
      expect(['error', 'warning', 'note']).toContain(finding.severity);
      expect(finding.detail.length).toBeGreaterThan(20);
    }
  });

  it('gives every page a verdict for Googlebot, with the blocking reason', () => {
    expect(report.audit).toMatchObject({ robot: 'googlebot', pages: 28, notIndexable: 4 });
    expect(report.pages.every((p) => typeof p.indexable === 'boolean')).toBe(true);
    expect(blockingCodes(pageAt(report, '/noindex.html'))).toEqual(['meta-robots']);
    expect(blockingCodes(pageAt(report, '/missing.html'))).toEqual(['http-status']);
    // robots.txt closes /private/ to Googlebot only: the crawl's own token fetched it.
    const closed = pageAt(report, '/private/page.html');
    expect(blockingCodes(closed)).toEqual(['robots-txt']);
    expect(pageAt(report, '/')).toMatchObject({ indexable: true });
  });

  it('answers for another robot with --audit-robot', async () => {
    const bing = json(await crawl('--format', 'json', '--audit-robot', 'bingbot'));
    expect(bing.audit?.robot).toBe('bingbot');
    expect(pageAt(bing, '/private/page.html')?.indexable).toBe(true);
    expect(bing.findings.some((f) => f.code === 'canonical-target-blocked')).toBe(false);
    expect(bing.findings.some((f) => f.code === 'sitemap-blocked')).toBe(false);
  }, 60_000);

  it('leaves the audit out with --no-audit', async () => {
    const off = json(await crawl('--format', 'json', '--no-audit'));
    expect(off.audit).toBeNull();
    expect(off.findings).toEqual([]);
    expect(off.pages.every((p) => p.indexable === null)).toBe(true);
  }, 60_000);

  it('prints the counts by reason and the findings in the text report', async () => {
    const text = (await crawl()).stdout;
    expect(text).toContain('24 pages indexable for googlebot, 4 not');
    expect(text).toMatch(/not indexable because of: .*meta-robots×1/);
    expect(text).toContain('canonical-loop');
    // The generated 16 MB page, read up to 15 MB, and said so.
    expect(text).toContain('page-too-large (warning): 1');
    expect(text).toContain('Only the first 15 MB of this page were read.');
    // The site's broken links still come first.
    expect(text.indexOf('Broken links on this site')).toBeLessThan(text.indexOf('canonical-loop'));
  }, 60_000);
});
