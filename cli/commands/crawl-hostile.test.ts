/**
 * `robotlens crawl` against a hostile site (tests/fixtures/hostile-server.ts
 * lists the misbehaviours), run as a user would run it: every misbehaviour
 * ends within the crawl's limits and is reported with its reason, memory
 * stays bounded while bombs and lies are read, and the servers' logs prove
 * the crawl stays in scope, sends neither cookies nor credentials, and only
 * ever GETs and HEADs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { WithText } from '../../lib/i18n/with-text.ts';
import { crawlKey, reportedOutcome } from '../../tests/fixtures/hostile-report.ts';
import {
  MANY_404S,
  SCENARIOS,
  startHostileServer,
  type HostileServer,
  type LoggedRequest,
} from '../../tests/fixtures/hostile-server.ts';
import { runCliMeasured, type MeasuredRun } from '../../tests/support/run-cli.ts';

const TIMEOUT_MS = 4_000;
const MAX_PAGES = 600;
const FLAGS = ['--timeout', String(TIMEOUT_MS), '--delay-ms', '0', '--format', 'json'];
const MB = 1024 * 1024;

let server: HostileServer;
let run: MeasuredRun;
let report: WithText<CrawlReport>;

beforeAll(async () => {
  // A byte every 250 ms: the connection is never idle for long, only an overall deadline ends it.
  server = await startHostileServer({ trickleMs: 250 });
  run = await runCliMeasured([
    'crawl',
    `${server.origin}/`,
    ...FLAGS,
    ...['--max-pages', String(MAX_PAGES)],
  ]);
  report = JSON.parse(run.stdout) as WithText<CrawlReport>;
}, 60_000);
afterAll(() => server.close());

const path = (entry: LoggedRequest) => new URL(entry.url, 'http://x').pathname;
const requests = (log: LoggedRequest[], prefix: string) =>
  log.filter((entry) => path(entry).startsWith(prefix));

describe('robotlens crawl on a hostile site', () => {
  it('ends within a few timeouts, cut short by its page limit: exit 3', () => {
    expect(report.finished).toBe(true);
    expect(report.stoppedBecause).toBe('finished');
    const { cutShort } = report as WithText<CrawlReport> & { cutShort: { reason: string } | null };
    expect(cutShort?.reason).toBe('max-pages');
    expect(run.code).toBe(3);
    expect(run.elapsedMs).toBeLessThan(20_000);
  });

  it.each(SCENARIOS.map((s) => [s.id, s] as const))(
    '%s: reported with its reason',
    (_id, scenario) => {
      const url = crawlKey(server.hrefOf(scenario));
      const { reason, ...expected } = scenario.expected;
      if (!url.startsWith(`${server.origin}/`) && expected.status === 'ok') {
        // The report lists problems and the site's pages; an outside link that answered well is
        // counted, and the other origin's log shows it was checked (with HEAD, never crawled).
        expect(report.stats.externalChecked).toBeGreaterThan(0);
        expect(server.otherLog.filter((e) => e.url === new URL(url).pathname)).toMatchObject([
          { method: 'HEAD', status: 200 },
        ]);
        return;
      }
      expect(reportedOutcome(report, url)).toEqual({
        ...expected,
        reason: reason ? expect.stringMatching(reason) : expect.any(String),
      });
    },
  );

  it(`lists every one of the ${MANY_404S.toLocaleString('en')} missing pages, fetching no more than --max-pages`, () => {
    const gone = (url: string) => url.startsWith(`${server.origin}/gone/`);
    const broken = report.broken.filter((b) => gone(b.url));
    const skipped = report.skipped.filter((s) => gone(s.url));
    expect(broken.every((b) => b.kind === 'http-4xx' && b.foundOn.length === 1)).toBe(true);
    expect(skipped.every((s) => s.reason.startsWith('max-pages:'))).toBe(true);
    expect(new Set([...broken, ...skipped].map((e) => e.url)).size).toBe(MANY_404S);
    expect(broken.length + skipped.length).toBe(MANY_404S);
    expect(requests(server.log, '/gone/').length).toBe(broken.length);
    // Beyond the pages: robots.txt, the soft-404 probe, and redirect hops.
    expect(server.log.filter((e) => e.method === 'GET').length).toBeLessThanOrEqual(MAX_PAGES + 10);
  });

  it('gives up on a slow or silent body at the timeout, and never reads a redirect body', () => {
    for (const prefix of ['/slow-loris.html', '/length-lie/stall.html']) {
      const [entry] = requests(server.log, prefix);
      expect(entry, prefix).toMatchObject({ aborted: true });
      expect(entry!.endedAtMs! - entry!.startedAtMs, prefix).toBeLessThan(TIMEOUT_MS + 1_000);
    }
    const [redirect] = requests(server.log, '/redirect/slow-body');
    expect(redirect!.endedAtMs! - redirect!.startedAtMs).toBeLessThan(TIMEOUT_MS / 2);
  });

  it('stops endless redirects at 10 hops and ping-pong at the first repeat', () => {
    const endless = [...server.log, ...server.otherLog].filter((e) =>
      path(e).startsWith('/redirect/endless/'),
    );
    expect(endless).toHaveLength(11);
    expect(requests(server.log, '/redirect/ping-pong')).toHaveLength(1);
    expect(requests(server.otherLog, '/redirect/ping-pong')).toHaveLength(1);
  });

  it('does not wait out a huge Retry-After: each rate-limited URL is asked once', () => {
    for (const id of ['429', '503', '429-date'])
      expect(requests(server.log, `/rate/${id}.html`), id).toHaveLength(1);
  });

  it('reports robots.txt served as an image', () => {
    expect(report.robots.find((r) => r.origin === server.origin)).toMatchObject({
      status: 200,
      policy: 'rules',
      code: 'not-text',
      reason: expect.stringMatching(/not text \(it was served as image\/png/),
    });
  });

  it('stays on the site: the other origin is only checked, never crawled', () => {
    const allowed = /^\/(robots\.txt|outside\.html|redirect\/endless\/\d+|redirect\/ping-pong)$/;
    expect(server.otherLog.map(path).filter((p) => !allowed.test(p))).toEqual([]);
    expect(server.otherLog.filter((e) => path(e) === '/outside.html')).toHaveLength(1);
  });

  it('sends no cookie and no credentials, identifies itself, and only GETs and HEADs', () => {
    const cookies = server.log.find((e) => e.url === '/cookies.html')!;
    expect(cookies.headers.referer).toBe(`${server.origin}/`);
    expect(server.log.filter((e) => e.startedAtMs > cookies.endedAtMs!).length).toBeGreaterThan(
      100,
    );
    expect(requests(server.log, '/credentials/')).toHaveLength(2);
    for (const entry of [...server.log, ...server.otherLog]) {
      expect(['GET', 'HEAD']).toContain(entry.method);
      expect(entry.headers.cookie).toBeUndefined();
      expect(entry.headers.authorization).toBeUndefined();
      expect(entry.headers['user-agent']).toMatch(/^RobotLens\/\d/);
    }
  });

  it('never writes a password from a link or a redirect into the report', () => {
    const urls = [
      ...report.pages.map((p) => p.url),
      ...report.forbidden.map((f) => f.url),
      ...report.redirects.flatMap((r) => [r.from, r.to, ...r.chain.map((hop) => hop.url)]),
    ];
    expect(urls.filter((url) => url.includes('hunter2'))).toEqual([]);
  });
});

describe('robotlens crawl memory on bombs and lies', () => {
  it('stays bounded while reading 2 GiB bombs, an endless page and a 1 GiB Content-Length', async () => {
    const heavy = ['gzip-bomb', 'deflate-bomb', 'br-bomb', 'never-ends', 'length-lie-stall'];
    const [baseline, bombs] = await Promise.all([
      runCliMeasured(['crawl', `${server.origin}/redirect/landing.html`, ...FLAGS], 25_000),
      runCliMeasured(['crawl', `${server.origin}/?only=${heavy.join(',')}`, ...FLAGS], 25_000),
    ]);
    const bombReport = JSON.parse(bombs.stdout) as WithText<CrawlReport>;
    expect(bombReport.pages.filter((p) => p.truncated)).toHaveLength(4);
    expect(baseline.peakRssBytes).toBeGreaterThan(20 * MB);
    // Two bodies at once, each read up to the 15 MB limit and held as chunks, as one buffer and
    // as text while the page is read: 116-120 MB measured (52-54 MB with the 5 MB limit before).
    expect(bombs.peakRssBytes - baseline.peakRssBytes).toBeLessThan(160 * MB);
  }, 30_000);
});
