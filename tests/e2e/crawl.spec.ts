/**
 * Job 3 in the real browser: crawl the fixture site from the popup, compare
 * with the command line, survive service-worker stops, identify ourselves,
 * send no cookies, and mark a page's links.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { crawlTab as openCrawlTab, reportOf } from './crawl-popup.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import type { OpenExtensionPage } from './site-tab.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

let external: SiteServer;
let site: SiteServer;

test.beforeEach(async () => {
  external = await startSiteServer(path.resolve('tests/fixtures/crawl-external'));
  site = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
    vars: { external: external.origin },
  });
});
test.afterEach(async () => {
  await site.close();
  await external.close();
});

const SETTINGS = {
  maxPages: 500,
  maxDepth: 20,
  concurrencyPerOrigin: 2,
  delayMs: 5,
  robot: 'RobotLens',
  obeyRobots: true,
  checkExternal: false,
  useSitemaps: false,
};

/** Opens the popup's Crawl tab for a tab showing `pathname` of the site. */
function crawlTab(openExtensionPage: OpenExtensionPage, pathname: string, settings = SETTINGS) {
  return openCrawlTab(openExtensionPage, `${site.origin}${pathname}`, settings);
}

function cliReport(url: string, ...flags: string[]): Promise<CrawlReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      'cli/bin.mjs',
      'crawl',
      url,
      '--format',
      'json',
      '--no-external',
      '--delay-ms',
      '5',
      ...flags,
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out) as CrawlReport));
  });
}

const brokenOf = (r: CrawlReport) => r.broken.map((b) => `${b.url} ${b.kind}`).sort();
const redirectsOf = (r: CrawlReport) =>
  r.redirects.map((x) => `${x.from} ${x.chain.map((h) => h.status).join('>')} ${x.to}`).sort();
const trapsOf = (r: CrawlReport) => r.traps.map((t) => `${t.kind} ${t.url}`).sort();

/** Stops the extension's service worker as Chrome does when it is idle (CDP), and says whether it stopped. */
async function stopWorker(context: BrowserContext, page: Page): Promise<boolean> {
  const cdp = await context.newCDPSession(page);
  const stopped = new Promise<boolean>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((v: { runningStatus: string }) => v.runningStatus === 'stopped'))
        resolve(true);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const result = await Promise.race([
    stopped,
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
  ]);
  await cdp.detach();
  return result;
}

test('a crawl from the popup finds what the command line finds', async ({ openExtensionPage }) => {
  test.setTimeout(120_000);
  const { popup } = await crawlTab(openExtensionPage, '/about.html');
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 90_000 });
  await popup.setViewportSize({ width: 420, height: 760 });
  await popup.screenshot({ path: 'docs/crawl-tab.png' });
  const browserReport = await reportOf(popup, site.origin);
  site.reset();
  const cli = await cliReport(`${site.origin}/`);
  expect(brokenOf(browserReport)).toEqual(brokenOf(cli));
  expect(redirectsOf(browserReport)).toEqual(redirectsOf(cli));
  expect(trapsOf(browserReport)).toEqual(trapsOf(cli));
  expect(
    browserReport.broken.find((b) => b.url.endsWith('/charset/missing-ko.html'))?.foundOn[0]?.text,
  ).toBe('깨진 링크');
});

test('the crawl identifies itself, sends no cookies, and only GET/HEAD', async ({
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const { popup } = await crawlTab(openExtensionPage, '/');
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 90_000 });
  // The tab itself loaded '/' with the browser's own User-Agent and got a cookie; every other request is the crawl's.
  const crawlRequests = site.log.filter((e) =>
    (e.headers['user-agent'] ?? '').startsWith('RobotLens/'),
  );
  expect(crawlRequests.length).toBeGreaterThan(50);
  const others = site.log.filter((e) => !crawlRequests.includes(e));
  expect(others.map((e) => e.url).every((u) => u === '/' || u === '/favicon.ico')).toBe(true);
  for (const entry of crawlRequests) {
    expect(['GET', 'HEAD']).toContain(entry.method);
    expect(entry.headers.cookie).toBeUndefined();
  }
  expect(site.log.find((e) => e.url === '/private/secret.html')).toBeUndefined();
  expect(site.maxInFlight).toBeLessThanOrEqual(3);
});

test('a crawl goes on by itself after the service worker is stopped, and fetches nothing twice', async ({
  context,
  openExtensionPage,
}) => {
  test.setTimeout(180_000);
  const { popup } = await crawlTab(openExtensionPage, '/', { ...SETTINGS, delayMs: 60 });
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  const stops: { fromMs: number; toMs: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const seen = site.log.length;
    await expect.poll(() => site.log.length, { timeout: 30_000 }).toBeGreaterThan(seen + 10);
    const fromMs = Date.now();
    expect(await stopWorker(context, popup)).toBe(true);
    // The worker runs on for a moment after the stop is asked: requests started then are in flight too.
    stops.push({ fromMs, toMs: Date.now() });
    // Any event starts the worker again (the popup's next message here; an alarm every 30 s otherwise).
    await popup.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'get-crawl-report', origin: 'http://wake.invalid' }),
    );
  }
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 120_000 });
  const report = await reportOf(popup, site.origin);
  // A URL asked twice must have been in flight when the worker was stopped.
  const again = refetchedOutsideStops(site, stops);
  site.reset();
  const cli = await cliReport(`${site.origin}/`);
  expect(brokenOf(report)).toEqual(brokenOf(cli));
  expect(trapsOf(report)).toEqual(trapsOf(cli));
  expect(again).toEqual([]);
});

/**
 * Crawl requests made twice whose first answer had ended well before any
 * worker stop (1.5 s: a result is saved with the next checkpoint, which
 * follows as soon as the previous save is done).
 */
function refetchedOutsideStops(
  server: SiteServer,
  stops: { fromMs: number; toMs: number }[],
): string[] {
  const first = new Map<string, { startedAtMs: number; endedAtMs?: number }>();
  const offending: string[] = [];
  for (const entry of server.log) {
    if (!(entry.headers['user-agent'] ?? '').startsWith('RobotLens/')) continue;
    const key = `${entry.method} ${entry.url}`;
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, entry);
      continue;
    }
    if (entry.url === '/rate/retry-once.html' || entry.url.includes('soft-404')) continue;
    const inFlightAtAStop = stops.some(
      ({ fromMs, toMs }) =>
        earlier.startedAtMs <= toMs &&
        (earlier.endedAtMs === undefined || earlier.endedAtMs >= fromMs - 1_500),
    );
    if (!inFlightAtAStop) offending.push(key);
  }
  return offending;
}

test('Stop and Resume from the popup; a reopened popup shows the live state', async ({
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const { popup } = await crawlTab(openExtensionPage, '/', { ...SETTINGS, delayMs: 80 });
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect.poll(() => site.log.length, { timeout: 20_000 }).toBeGreaterThan(15);
  await popup.getByRole('button', { name: 'Stop' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Stopped');
  const requestsWhenStopped = site.log.length;
  await popup.waitForTimeout(1_000);
  expect(site.log.length - requestsWhenStopped).toBeLessThanOrEqual(4); // only what was in flight
  await popup.reload();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Stopped');
  await popup.getByRole('button', { name: 'Resume' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Crawling');
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 90_000 });
  const report = await reportOf(popup, site.origin);
  expect(report.broken.length).toBeGreaterThanOrEqual(10);
});
