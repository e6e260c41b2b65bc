/**
 * `robotlens crawl` against the fixture site of behaviours
 * (tests/fixtures/crawl-site/README.md lists each scenario and what must be
 * reported), run as a user would run it, with the server's log as proof of
 * what was and was not requested.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { runCli } from '../../tests/support/run-cli.ts';
import { READ_HERE_FIRST } from '../threads/page-reader-pool.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';
import { writeCheckpoint } from '../checkpoint-file.ts';
import { readStateFile, stateFormatOf } from '../state/state-file.ts';

let site: SiteServer;
let external: SiteServer;
let report: CrawlReport;
let exitCode: number | null;

const FLAGS = ['--concurrency', '2', '--timeout', '1500', '--delay-ms', '5', '--format', 'json'];

beforeAll(async () => {
  external = await startSiteServer(path.resolve('tests/fixtures/crawl-external'));
  site = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
    vars: { external: external.origin },
  });
  const run = await runCli(['crawl', `${site.origin}/`, ...FLAGS]);
  exitCode = run.code;
  report = JSON.parse(run.stdout) as CrawlReport;
}, 60_000);
afterAll(async () => {
  await site.close();
  await external.close();
});

const at = (p: string) => `${site.origin}${p}`;
const requested = (p: string, method?: string) =>
  site.log.filter(
    (e) =>
      new URL(e.url, site.origin).pathname + new URL(e.url, site.origin).search === p &&
      (!method || e.method === method),
  ).length;

describe('robotlens crawl on the fixture site', () => {
  it('finishes and exits 1 because links are broken', () => {
    expect(report.finished).toBe(true);
    expect(exitCode).toBe(1);
  });

  it('finds exactly the broken links, with the page and anchor text that carry them', () => {
    const broken = Object.fromEntries(report.broken.map((b) => [b.url, b]));
    expect(Object.keys(broken).sort()).toEqual(
      [
        at('/errors/missing.html'),
        at('/errors/server-error.html'),
        at('/errors/teapot.html'),
        at('/redirect/loop-a'),
        at('/redirect/to-missing'),
        at('/slow/hang.html'),
        at('/charset/missing-ko.html'),
        at('/charset/missing-ja.html'),
        at('/sub/missing.html'),
        at('/files/missing.png'),
        `${external.origin}/missing.html`,
      ].sort(),
    );
    expect(broken[at('/charset/missing-ko.html')]!.foundOn[0]).toMatchObject({
      page: at('/charset/euc-kr.html'),
      text: '깨진 링크',
    });
    expect(broken[at('/charset/missing-ja.html')]!.foundOn[0]).toMatchObject({
      page: at('/charset/shift-jis.html'),
      text: '壊れたリンク',
    });
    expect(broken[at('/sub/missing.html')]!.foundOn[0]).toMatchObject({
      page: at('/base/page.html'),
      text: 'Missing under base',
    });
    expect(broken[at('/files/missing.png')]!.foundOn[0]).toMatchObject({
      page: at('/files.html'),
      element: 'img',
    });
    expect(broken[at('/slow/hang.html')]!.kind).toBe('timeout');
    expect(broken[at('/redirect/loop-a')]!.kind).toBe('redirect-loop');
    expect(broken[at('/redirect/to-missing')]!.kind).toBe('redirect-to-error');
  });

  it('records redirect chains hop by hop', () => {
    const chain = report.redirects.find((r) => r.from === at('/redirect/chain-start'))!;
    expect(chain.chain.map((h) => h.status)).toEqual([301, 302]);
    expect(chain).toMatchObject({
      to: at('/redirect/chain-end.html'),
      finalStatus: 200,
      outcome: 'redirected',
    });
  });

  it('refuses every trap with its rule and keeps them bounded', () => {
    const kinds = (kind: string) => report.traps.filter((t) => t.kind === kind).map((t) => t.url);
    expect(kinds('repeating-path').sort()).toEqual(
      [
        at('/loop1/a/a/a/'),
        at('/loop2/a/b/a/b/a/b/'),
        at('/loop3/a/b/c/a/b/c/a/b/c/'),
        // A duplicate of /same/ whose relative link leads somewhere new: the loop ends as a trap.
        at('/same/same/same/'),
      ].sort(),
    );
    expect(kinds('url-too-long')).toHaveLength(1);
    expect(kinds('query-space').filter((u) => u.includes('/search?'))).toHaveLength(10);
    expect(site.log.filter((e) => e.url.startsWith('/calendar/')).length).toBeLessThanOrEqual(21);
    expect(requested('/loop1/a/a/a/')).toBe(0);
    expect(requested('/same/same/same/')).toBe(0);
  });

  it('keeps rate-limited, forbidden and blocked apart from broken', () => {
    expect(report.rateLimited.map((r) => r.url)).toEqual([at('/rate/always-429.html')]);
    expect(requested('/rate/always-429.html')).toBe(1);
    expect(requested('/rate/retry-once.html')).toBe(2);
    expect(report.forbidden.map((r) => r.url)).toEqual([at('/errors/forbidden.html')]);
    expect(report.blocked.map((r) => r.url).sort()).toEqual(
      [at('/private/secret.html'), at('/robotlens-only/page.html')].sort(),
    );
    expect(requested('/star-only/page.html')).toBe(1);
  });

  it('never requests what robots.txt, nofollow or scope forbid', () => {
    for (const p of [
      '/private/secret.html',
      '/robotlens-only/page.html',
      '/robots-meta/not-followed.html',
      '/robots-meta/x-not-followed.html',
      '/base/missing.html',
      '/sitemap-only.html',
    ]) {
      expect(requested(p), p).toBe(0);
    }
    expect(external.log.some((e) => e.url === '/never.html')).toBe(false);
    expect(report.notFollowed).toHaveLength(2);
  });

  it('is polite: robots.txt first, GET/HEAD only, no cookies, identified, at most 2 at once', () => {
    expect(site.log[0]).toMatchObject({ method: 'GET', url: '/robots.txt' });
    expect(external.log[0]).toMatchObject({ method: 'GET', url: '/robots.txt' });
    for (const entry of [...site.log, ...external.log]) {
      expect(['GET', 'HEAD']).toContain(entry.method);
      expect(entry.headers.cookie).toBeUndefined();
      expect(entry.headers['user-agent']).toMatch(/^RobotLens\/\d/);
    }
    expect(site.log.find((e) => e.url === '/about.html')?.headers.referer).toBeTruthy();
    expect(site.maxInFlight).toBeLessThanOrEqual(2);
    expect(external.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('checks with HEAD where possible, and GET when HEAD is refused', () => {
    expect(requested('/files/logo.png', 'HEAD')).toBe(1);
    expect(requested('/files/logo.png', 'GET')).toBe(0);
    expect(requested('/files/photo.png', 'GET')).toBe(1);
    expect(requested('/files/report.pdf', 'GET')).toBe(1);
  });

  it('fetches aliases once, decodes gzip, caps a 30 MB page, and finds duplicates', () => {
    expect(requested('/about.html')).toBe(1);
    expect(report.aliases.length).toBeGreaterThanOrEqual(3);
    expect(requested('/gzip-target.html')).toBe(1);
    expect(report.pages.find((p) => p.url === at('/big.html'))).toMatchObject({
      truncated: true,
      status: 200,
    });
    const two = report.pages.find((p) => p.url === at('/dup/two.html'))!;
    expect(two.duplicateOf).toBe(at('/dup/one.html'));
    expect(report.pages.find((p) => p.url === at('/dup/near.html'))?.duplicateOf).toBeNull();
    expect(requested('/dup/near-only.html')).toBe(1);
  });

  it('reads pages in threads past the first ones, with the report of reading them in its own thread', async () => {
    const htmlPages = report.pages.filter((p) => p.contentType?.startsWith('text/html'));
    expect(htmlPages.length).toBeGreaterThan(READ_HERE_FIRST);
    const [logged, loggedElsewhere] = [site.log.length, external.log.length];
    const crawlWith = async (threads: number) =>
      JSON.parse(
        (await runCli(['crawl', `${site.origin}/`, ...FLAGS, '--threads', String(threads)])).stdout,
      ) as CrawlReport;
    const [inThread, inThreads] = [await crawlWith(0), await crawlWith(2)];
    // The other tests count the first crawl's requests only.
    site.log.splice(logged);
    external.log.splice(loggedElsewhere);
    // What reading elsewhere could change: what a page says, its links, which page is the original.
    const read = (r: CrawlReport) =>
      r.pages
        .map((p) => [p.url, p.status, p.fingerprint, p.duplicateOf, p.noindex, p.nofollow, p.title])
        .map((row) => JSON.stringify(row))
        .sort();
    // Every page carrying each broken link, and how many links: `foundOn` shows the first 100
    // sources only, and which come first depends on the order pages were answered in.
    const carriers = (r: CrawlReport) =>
      r.broken
        .map(
          (b) =>
            `${b.url} ${b.linkCount} ← ${b.pages
              .map((p) => `${p.page} ${p.linkCount}`)
              .sort()
              .join(' ')}`,
        )
        .sort();
    expect(read(inThreads)).toEqual(read(inThread));
    expect(carriers(inThreads)).toEqual(carriers(inThread));
  }, 60_000);

  it('fetches no URL twice with the same method, retries excepted', () => {
    const counts = new Map<string, number>();
    for (const e of site.log)
      counts.set(`${e.method} ${e.url}`, (counts.get(`${e.method} ${e.url}`) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1).map(([key]) => key);
    expect(twice).toEqual(['GET /rate/retry-once.html']);
  });
});

describe('robotlens crawl options and formats', () => {
  it('seeds from sitemaps and compares them with the crawl', async () => {
    const fresh = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
      vars: { external: external.origin },
    });
    try {
      const run = await runCli([
        'crawl',
        `${fresh.origin}/`,
        ...FLAGS,
        '--sitemaps',
        '--max-pages',
        '30',
        '--no-external',
      ]);
      const sitemapReport = JSON.parse(run.stdout) as CrawlReport;
      expect(sitemapReport.sitemap?.notLinked).toContain(`${fresh.origin}/sitemap-only.html`);
      expect(fresh.log.some((e) => e.url === '/sitemap-only.html')).toBe(true);
      expect(fresh.log.some((e) => e.url === '/private/secret.html')).toBe(false);
      expect(
        fresh.log.filter(
          (e) =>
            e.method === 'GET' &&
            !e.url.startsWith('/robots') &&
            !e.url.startsWith('/sitemap') &&
            !e.url.includes('soft-404'),
        ).length,
      ).toBeLessThanOrEqual(30 + 10);
    } finally {
      await fresh.close();
    }
  });

  it('notes a relative Sitemap line of robots.txt instead of failing the crawl', async () => {
    // The demo site's robots.txt says `Sitemap: /sitemap.xml`, one of its mistakes on purpose.
    const demo = await startSiteServer(path.resolve('demo/site'));
    try {
      const run = await runCli(['crawl', `${demo.origin}/`, ...FLAGS, '--sitemaps']);
      // No error: the one line on stderr is the summary a person reads beside the JSON.
      expect(run.stderr).toMatch(/^Finished in [\d.]+ s — [^\n]*\n$/);
      const report = JSON.parse(run.stdout) as CrawlReport;
      expect(report.sitemap?.errors).toContain(
        '/sitemap.xml: not an absolute http(s) URL, so it was not read',
      );
      expect(report.stats.pagesCrawled).toBeGreaterThan(10);
    } finally {
      await demo.close();
    }
  });

  it('writes CSV of broken links and a text report', async () => {
    const fresh = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
      vars: { external: external.origin },
    });
    try {
      const csv = await runCli([
        'crawl',
        `${fresh.origin}/charset/euc-kr.html`,
        '--max-depth',
        '1',
        '--format',
        'csv',
        '--delay-ms',
        '0',
      ]);
      expect(csv.stdout.split('\r\n')[0]).toBe(
        'url,status,kind,reason,page,element,attribute,text,line',
      );
      expect(csv.stdout).toContain('깨진 링크');
      fresh.reset();
      const text = await runCli([
        'crawl',
        `${fresh.origin}/charset/euc-kr.html`,
        '--max-depth',
        '1',
        '--delay-ms',
        '0',
      ]);
      expect(text.stdout).toMatch(/Broken links on this site, most linked first \(1\):/);
      expect(text.code).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('resumes from a state file and re-crawls once finished, with the same broken links', async () => {
    const fresh = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
      vars: { external: external.origin },
    });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-state-'));
    const state = path.join(dir, 'state.json');
    try {
      const first = await runCli([
        'crawl',
        `${fresh.origin}/files.html`,
        '--resume',
        state,
        '--format',
        'json',
        '--delay-ms',
        '0',
      ]);
      expect(first.code).toBe(1);
      expect((await readStateFile(state))?.finished).toBe(true);
      expect(await stateFormatOf(state)).toBe('sqlite');
      const again = await runCli([
        'crawl',
        '--resume',
        state,
        '--format',
        'json',
        '--delay-ms',
        '0',
      ]);
      const broken = (run: typeof first) => (JSON.parse(run.stdout) as CrawlReport).broken;
      expect(broken(again).map((b) => b.url)).toEqual([`${fresh.origin}/files/missing.png`]);
      expect(broken(again)).toEqual(broken(first));
      // A limit given for the new crawl is its own.
      const limited = await runCli(['crawl', '--resume', state, '--max-duration', '7s']);
      expect(limited.code).toBe(1);
      expect((await readStateFile(state, true))?.options.maxDurationMs).toBe(7_000);
    } finally {
      await fresh.close();
    }
  });

  it('goes on from a state file of the JSON format before, which then becomes a database', async () => {
    const fresh = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
      vars: { external: external.origin },
    });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-old-state-'));
    const [state, old] = [path.join(dir, 'state'), path.join(dir, 'old.json')];
    const flags = ['--format', 'json', '--delay-ms', '0', '--no-external'];
    try {
      const cut = await runCli([
        'crawl',
        `${fresh.origin}/`,
        '--resume',
        state,
        '--max-pages',
        '2',
        ...flags,
      ]);
      expect(cut.code).toBe(3);
      // The same crawl as the JSON file an earlier RobotLens wrote.
      const saved = (await readStateFile(state, true))!;
      await writeCheckpoint(old, saved);
      expect(await stateFormatOf(old)).toBe('json');
      const resumed = await runCli(['crawl', '--resume', old, '--max-pages', '500', ...flags]);
      expect(resumed.code).toBe(1);
      const report = JSON.parse(resumed.stdout) as CrawlReport;
      expect(report.finished).toBe(true);
      expect(report.broken.map((b) => b.url)).toContain(`${fresh.origin}/charset/missing-ko.html`);
      expect(await stateFormatOf(old)).toBe('sqlite');
      expect((await readStateFile(old))?.finished).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('exits 2 on usage errors', async () => {
    expect((await runCli(['crawl'])).code).toBe(2);
    expect((await runCli(['crawl', 'http://127.0.0.1:1/', '--max-pages', '0'])).stderr).toMatch(
      /--max-pages/,
    );
    expect((await runCli(['crawl', 'http://x/', '--format', 'xml'])).code).toBe(2);
  });
});

describe('robotlens crawl killed and resumed', () => {
  it('loses nothing and fetches nothing twice but what was in flight', async () => {
    const fresh = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
      vars: { external: external.origin },
    });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-kill-'));
    const state = path.join(dir, 'state.json');
    const args = [
      '--resume',
      state,
      '--concurrency',
      '2',
      '--timeout',
      '1500',
      '--delay-ms',
      '20',
      '--no-external',
      '--format',
      'json',
    ];
    try {
      const { spawn } = await import('node:child_process');
      const child = spawn(process.execPath, ['cli/bin.mjs', 'crawl', `${fresh.origin}/`, ...args], {
        stdio: 'ignore',
      });
      while (fresh.log.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const killedAt = (await readStateFile(state))!;
      expect(killedAt.records.length).toBeGreaterThan(10);
      expect(killedAt.finished).toBe(false);
      const requestsBeforeKill = fresh.log.length;
      const resumed = await runCli(['crawl', ...args]);
      const report = JSON.parse(resumed.stdout) as CrawlReport;
      expect(report.finished).toBe(true);
      expect(report.broken.map((b) => b.url)).toContain(`${fresh.origin}/charset/missing-ko.html`);
      expect(report.broken.length).toBeGreaterThanOrEqual(10);
      // A URL whose result the checkpoint holds is never asked again: only what was in flight
      // or not yet saved at the kill is. (Asserting on the saved state, not on timing, keeps this
      // exact on a loaded machine, where a save can trail its results by a second.)
      const saved = new Set(killedAt.records.map((record) => record.url));
      const again = fresh.log
        .slice(requestsBeforeKill)
        .filter((e) => saved.has(`${fresh.origin}${e.url}`));
      const retried = (url: string) => url === '/rate/retry-once.html' || url.includes('soft-404');
      expect(again.filter((e) => !retried(e.url)).map((e) => `${e.method} ${e.url}`)).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
