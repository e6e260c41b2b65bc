/**
 * Page data with terminal control sequences — ESC [2J (clear screen), OSC 8
 * (a hyperlink), U+009B (the one-byte CSI), U+202E (right-to-left override)
 * — in anchor texts, titles and URLs (tests/fixtures/control-chars): no
 * output format writes one raw, and JSON still reads back the same text.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlReport } from '../lib/crawl/report.ts';
import { runCli } from '../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from './site-server.ts';

let site: SiteServer;
beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/control-chars'));
});
afterAll(() => site.close());

/** Every C0 control but tab, LF and CR; DEL; every C1 control; the bidi controls. */
const RAW_CONTROL = /(?![\t\n\r])[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

const crawl = (format: string) =>
  runCli(['crawl', `${site.origin}/`, '--delay-ms', '0', '--no-external', '--format', format]);

describe('control characters in crawl output', () => {
  it('CSV shows them as ⟨U+…⟩ and still neutralizes formulas', async () => {
    const run = await crawl('csv');
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stdout).toContain('⟨U+001B⟩[2Jcleared');
    expect(run.stdout).toContain('⟨U+001B⟩]8;;https://evil.test/⟨U+001B⟩\\click me');
    expect(run.stdout).toContain('x⟨U+009B⟩2Jy');
    expect(run.stdout).toContain('⟨U+202E⟩gnp.exe');
    expect(run.stdout).toContain("'=red⟨U+001B⟩[31m");
  });

  it('JSON writes them as \\u escapes, the same text for a JSON reader', async () => {
    const run = await crawl('json');
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stdout).toContain('\\u009b2Jy');
    expect(run.stdout).toContain('\\u202egnp.exe');
    const report = JSON.parse(run.stdout) as CrawlReport;
    const texts = report.broken.flatMap((b) => b.foundOn.map((s) => s.text));
    expect(texts).toContain('x\u009B2Jy');
    expect(texts).toContain('\u202Egnp.exe');
    expect(texts).toContain('\u001B[2Jcleared');
  });

  it('text shows them escaped', async () => {
    const run = await crawl('text');
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stdout).toContain('\\u{1b}[2Jcleared');
  });
});
