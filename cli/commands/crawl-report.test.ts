/**
 * What a person reads after `robotlens crawl`: the text report's order
 * (tests/fixtures/report-order/README.md), and a crawl cut short — by the
 * page limit, the time limit, Ctrl-C or SIGTERM — saying so in every format,
 * with its own exit code and a command that carries it on.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { runCli, type CliRun } from '../../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';

let site: SiteServer;
let external: SiteServer;
let text: CliRun;

const startSite = () =>
  startSiteServer(path.resolve('tests/fixtures/report-order'), {
    vars: { external: external.origin },
  });

beforeAll(async () => {
  external = await startSiteServer(path.resolve('tests/fixtures/report-order-external'));
  site = await startSite();
  text = await runCli(['crawl', `${site.origin}/`, '--delay-ms', '0', '--timeout', '2000']);
}, 60_000);
afterAll(async () => {
  await site.close();
  await external.close();
});

/** The command the report names to go on, split into arguments (no quoting needed in these tests). */
const resumeArgs = (output: string) => {
  const command = /To go on from there: robotlens (crawl --resume \S+(?: --format \w+)?)/.exec(
    output,
  )?.[1];
  expect(command).toBeTruthy();
  return command!.split(' ');
};

describe('the text report', () => {
  const lines = () => text.stdout.split('\n');
  const at = (title: string) => lines().findIndex((line) => line.startsWith(title));

  it("puts the site's own broken links first, then redirects, other sites, could not verify", () => {
    const order = [
      'Broken links on this site, most linked first (2):',
      'Redirected links to fix (link to the final URL instead) (1):',
      'Broken links to other sites (1):',
      'Could not verify (other sites; not counted as broken) (2):',
    ].map(at);
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Nothing but the head comes before the site's own broken links.
    expect(
      lines()
        .slice(0, order[0])
        .filter((line) => /\(\d+\):$/.test(line)),
    ).toEqual([]);
  });

  it('lists each broken target once, most-linked first, with its first pages and a count', () => {
    const start = at('Broken links on this site');
    const block = lines().slice(start, at('Redirected links'));
    expect(block[1]).toBe(`  ${site.origin}/missing-common.html`);
    expect(block[3]).toBe('      linked from 5 pages:');
    expect(block.slice(4, 7).every((line) => line.startsWith(`        on ${site.origin}/p`))).toBe(
      true,
    );
    expect(block[7]).toBe('        … and 2 more pages (--format json lists them)');
    expect(block[8]).toBe(`  ${site.origin}/missing-once.html`);
  });

  it('keeps bot walls and refused connections of other sites apart from broken', () => {
    const broken = lines().slice(at('Broken links to other sites'), at('Could not verify'));
    expect(broken.join('\n')).toContain(`${external.origin}/gone.html`);
    expect(broken.join('\n')).not.toMatch(/wall|refused/);
    const unverified = lines().slice(at('Could not verify')).join('\n');
    expect(unverified).toContain(`${external.origin}/wall.html`);
    expect(unverified).toContain('http://127.0.0.1:1/refused.html');
    expect(unverified).toContain(
      'robots.txt could not be read as a file on 1 other sites, so their links were not all requested: http://127.0.0.1:1',
    );
  });

  it('counts mailto: and tel: links instead of listing them as skipped', () => {
    expect(text.stdout).toContain('mailto: and tel: links (counted, not requested): 2');
    expect(text.stdout).not.toMatch(/^ {2}(mailto|tel):/m);
  });

  it('ends with one summary line whose counts are the sections, and exits 1', () => {
    expect(lines().at(-2)).toMatch(
      /^Finished in [\d.]+ s — broken on this site: 2, redirected links to fix: 1, broken on other sites: 1, could not verify: 2$/,
    );
    expect(text.code).toBe(1);
  });
});

describe('a crawl cut short', () => {
  it('by the page limit says so in text, JSON and CSV, exits 3, and resumes from there', async () => {
    const fresh = await startSite();
    try {
      const cut = await runCli([
        'crawl',
        `${fresh.origin}/`,
        '--max-pages',
        '2',
        '--delay-ms',
        '0',
      ]);
      expect(cut.code).toBe(3);
      expect(cut.stdout.split('\n')[0]).toBe(
        `Crawl of ${fresh.origin}/ for RobotLens: CUT SHORT (page limit: --max-pages 2)`,
      );
      expect(cut.stdout).toMatch(
        /The report is incomplete: \d+ pages of the site were found but not fetched/,
      );
      const json = await runCli([
        'crawl',
        `${fresh.origin}/`,
        '--max-pages',
        '2',
        '--delay-ms',
        '0',
        '--format',
        'json',
      ]);
      expect(json.code).toBe(3);
      const report = JSON.parse(json.stdout) as CrawlReport & {
        cutShort: { reason: string; left: number; resumeCommand: string };
      };
      expect(report.cutShort).toMatchObject({ reason: 'max-pages', limit: 2 });
      expect(report.cutShort.left).toBeGreaterThan(0);
      expect(json.stderr).toMatch(/^CUT SHORT \(page limit: --max-pages 2\)/);
      const csv = await runCli([
        'crawl',
        `${fresh.origin}/`,
        '--max-pages',
        '2',
        '--delay-ms',
        '0',
        '--format',
        'csv',
      ]);
      expect(csv.code).toBe(3);
      expect(csv.stdout.trimEnd().split('\r\n').at(-1)).toMatch(
        new RegExp(`^${fresh.origin}/,,cut-short,"?CUT SHORT \\(page limit: --max-pages 2\\)`),
      );
      // The named command goes on with the pages left, and a larger budget finishes the site.
      fresh.reset();
      const resumed = await runCli([...resumeArgs(cut.stdout), '--max-pages', '50']);
      expect(resumed.code).toBe(1);
      expect(resumed.stdout).toContain('for RobotLens: finished');
      expect(resumed.stdout).toContain(`  ${fresh.origin}/missing-common.html`);
      expect(fresh.log.some((e) => e.url === '/')).toBe(false);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('by the time limit says so and exits 3', async () => {
    const run = await runCli([
      'crawl',
      `${site.origin}/`,
      '--delay-ms',
      '400',
      '--max-duration',
      '1s',
      '--no-external',
    ]);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('CUT SHORT (time limit: --max-duration 1s)');
    expect(run.stdout).toMatch(/The report is incomplete: \d+ URLs were still waiting/);
    expect(run.stdout).toMatch(/To go on from there: robotlens crawl --resume \S+\.sqlite/);
  }, 30_000);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`by ${signal} prints the report, exits 3, and resumes`, async () => {
      const fresh = await startSite();
      try {
        const args = ['crawl', `${fresh.origin}/`, '--delay-ms', '150', '--no-external'];
        const run = await runCli(args, undefined, (child) => {
          const poll = setInterval(() => {
            if (fresh.log.length < 3) return;
            clearInterval(poll);
            child.kill(signal);
          }, 20);
        });
        expect(run.code).toBe(3);
        const why = signal === 'SIGINT' ? 'stopped with Ctrl-C' : 'stopped by SIGTERM';
        expect(run.stdout.split('\n')[0]).toContain(`CUT SHORT (${why})`);
        expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(
          new RegExp(`^CUT SHORT \\(${why}\\) after .* To go on from there: robotlens crawl`),
        );
        const resumed = await runCli(resumeArgs(run.stdout));
        expect(resumed.code).toBe(1);
        expect(resumed.stdout).toContain(`  ${fresh.origin}/missing-common.html`);
      } finally {
        await fresh.close();
      }
    }, 60_000);
  }
});

describe('exit codes in the help', () => {
  it('lists 0, 1, 2 and 3 for crawl', async () => {
    const help = await runCli(['--help']);
    expect(help.stdout).toMatch(/0 nothing broken, 1 broken links found, 2 error.*3 cut short/s);
  });
});
