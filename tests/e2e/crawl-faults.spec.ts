/**
 * Faults during a crawl in the real browser: the service worker stopped at
 * ten points, storage failing mid-crawl, and the whole browser restarted.
 * Each time the result must equal an uninterrupted crawl's (the command
 * line's report of the same site), and nothing found may be lost.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import type { SiteServer } from '../../cli/site-server.ts';
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import { brokenOf, cliReport, redirectsOf, trapsOf } from './crawl-compare.ts';
import { crawlTab, reportOf } from './crawl-popup.ts';
import { CRAWL_SETTINGS, useCrawlSites } from './crawl-sites.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import { extensionLaunchOptions } from './launch-options.ts';
import { stopWorker } from './service-worker.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

const sites = useCrawlSites();

/**
 * Where the worker is stopped: after these shares of the requests an
 * uninterrupted crawl of the site makes, irregular so stops land at
 * different steps. Counted from the crawl's start, not from the stop
 * before: requests made while a stop is under way (the worker runs on for
 * a moment, the new one resumes at once) would otherwise push every later
 * stop further, and past the crawl's end — a stop adds only the requests
 * that were in flight, so the crawl does not grow to make room. The last
 * stop leaves a fifth of the crawl to go.
 */
const STOP_POINTS = [0.05, 0.17, 0.2, 0.35, 0.42, 0.52, 0.53, 0.67, 0.75, 0.8];

type CliReport = Awaited<ReturnType<typeof cliReport>>;

/** The command line's crawl of the site, and the requests it made; the site is then reset. */
async function uninterruptedCrawl(): Promise<{ report: CliReport; requests: number }> {
  sites.site.reset();
  const report = await cliReport(`${sites.site.origin}/`);
  const requests = sites.site.log.length;
  sites.site.reset();
  return { report, requests };
}

async function expectSameAsCli(popup: Page, uninterrupted?: CliReport): Promise<void> {
  const report = await reportOf(popup, sites.site.origin);
  const cli = uninterrupted ?? (await uninterruptedCrawl()).report;
  expect(brokenOf(report)).toEqual(brokenOf(cli));
  expect(redirectsOf(report)).toEqual(redirectsOf(cli));
  expect(trapsOf(report)).toEqual(trapsOf(cli));
}

test.describe('worker stops', () => {
  // Debian's Chromium now and then exits altogether when a worker is stopped over the
  // DevTools protocol (seen on CI, not reproducible at will): the page and context vanish
  // mid-test. A retry starts a fresh browser; every attempt still checks the crawl fully.
  test.describe.configure({ retries: 2 });

  test('a crawl whose worker is stopped 10 times ends as an uninterrupted one, fetching nothing twice', async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(300_000);
    const uninterrupted = await uninterruptedCrawl();
    const settings = { ...CRAWL_SETTINGS, delayMs: 60 };
    // The popup GETs its tab's page each time it opens (for the page's verdict): a tab on a URL
    // the crawl never asks for keeps those requests apart from the crawl's own.
    let { popup } = await crawlTab(
      openExtensionPage,
      `${sites.site.origin}/?the-tab-not-the-crawl`,
      settings,
    );
    const popupUrl = popup.url();
    await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
    // The stop is sent from a page outside the extension: when Chrome stops a worker that is busy
    // it may end the whole extension process, and the popup with it — a harsher kill, still survived.
    const control = await context.newPage();
    const stops: { fromMs: number; toMs: number }[] = [];
    // The popup's own requests (it GETs its tab's page) come before the crawl's.
    const before = sites.site.log.length;
    for (const share of STOP_POINTS) {
      // Polled often: a stop lands close to its point.
      await expect
        .poll(() => sites.site.log.length, { timeout: 60_000, intervals: [20] })
        .toBeGreaterThan(before + Math.floor(share * uninterrupted.requests));
      const fromMs = Date.now();
      expect(await stopWorker(context, control)).toBe(true);
      // The worker runs on for a moment after the stop is asked: requests started then are in flight too.
      stops.push({ fromMs, toMs: Date.now() });
      // Any event starts the worker again (the popup's next message here; an alarm every 30 s otherwise).
      popup = await wake(context, popup, popupUrl);
    }
    await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 120_000 });
    expect(stops).toHaveLength(10);
    // A URL asked twice must have been in flight when the worker was stopped.
    expect(refetchedOutsideStops(sites.site, stops)).toEqual([]);
    await expectSameAsCli(popup, uninterrupted.report);
  });
});

test.describe('the clock and counters across a worker stop', () => {
  // As above: Debian's Chromium may exit when a worker is stopped over the DevTools protocol.
  test.describe.configure({ retries: 2 });

  test('the duration counts the time before the stop, and no counter falls after it', async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(180_000);
    const settings = { ...CRAWL_SETTINGS, delayMs: 60 };
    let { popup } = await crawlTab(
      openExtensionPage,
      `${sites.site.origin}/?the-tab-not-the-crawl`,
      settings,
    );
    const popupUrl = popup.url();
    const startedAtMs = Date.now();
    await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
    // Long enough before the stop that a clock which lost it could not pass for one that kept it.
    await expect.poll(() => sites.site.log.length, { timeout: 60_000 }).toBeGreaterThan(40);
    const before = await progressOf(popup, sites.site.origin);
    const control = await context.newPage();
    const stoppedAtMs = Date.now();
    expect(await stopWorker(context, control)).toBe(true);
    const wallBeforeStopMs = stoppedAtMs - startedAtMs;
    expect(wallBeforeStopMs).toBeGreaterThan(2 * SLACK_MS);
    popup = await wake(context, popup, popupUrl);
    const wokenAtMs = Date.now();
    // Once it runs again, its counters go on from where they were, not from what a late save held.
    await expect
      .poll(async () => (await progressOf(popup, sites.site.origin))?.updatedAtMs ?? 0, {
        timeout: 30_000,
      })
      .toBeGreaterThan(wokenAtMs);
    const after = (await progressOf(popup, sites.site.origin))!;
    expect(after.stats.requests).toBeGreaterThanOrEqual(before!.stats.requests);
    expect(after.stats.done).toBeGreaterThanOrEqual(before!.stats.done);
    expect(after.stats.elapsedMs).toBeGreaterThanOrEqual(before!.stats.elapsedMs);
    // The clock went on: the time before the stop counts (less what the page's clicks add).
    expect(after.stats.elapsedMs).toBeGreaterThanOrEqual(wallBeforeStopMs - SLACK_MS);
    // A rate over the crawl's time, not its requests over a lost clock's few milliseconds.
    expect(after.ratePerSecond).toBeLessThan(1_000);
    await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 120_000 });
    const report = await reportOf(popup, sites.site.origin);
    expect(report.stats.durationMs).toBeGreaterThanOrEqual(after.stats.elapsedMs);
    expect(report.stats.requests).toBeGreaterThanOrEqual(before!.stats.requests);
  });
});

/** What the test's own click and the crawl's start add to the wall time before the stop. */
const SLACK_MS = 1_000;

/** The progress item the popup shows for a site. */
async function progressOf(page: Page, origin: string): Promise<CrawlSummary | undefined> {
  const key = `crawl.progress.${origin}`;
  return (await page.evaluate((k) => chrome.storage.session.get(k), key))[key] as
    CrawlSummary | undefined;
}

test.describe('an open popup and a stopped worker', () => {
  // As above: Debian's Chromium may exit when a worker is stopped over the DevTools protocol.
  test.describe.configure({ retries: 2 });

  test('the open popup wakes the crawl at once, not at the next alarm', async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(120_000);
    const settings = { ...CRAWL_SETTINGS, delayMs: 150 };
    let { popup } = await crawlTab(openExtensionPage, `${sites.site.origin}/`, settings);
    const popupUrl = popup.url();
    await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
    await expect.poll(() => sites.site.log.length, { timeout: 30_000 }).toBeGreaterThan(10);
    const control = await context.newPage();
    expect(await stopWorker(context, control)).toBe(true);
    const stoppedAtMs = Date.now();
    const seen = sites.site.log.length;
    // Chrome may end the popup with the extension's process: an opened popup wakes it just as well.
    if (popup.isClosed()) {
      popup = await context.newPage();
      await popup.goto(popupUrl);
    }
    // The alarm comes every 30 s; the popup's port brings the crawl back within a moment.
    await expect.poll(() => sites.site.log.length, { timeout: 8_000 }).toBeGreaterThan(seen + 3);
    expect(Date.now() - stoppedAtMs).toBeLessThan(8_000);
    await expect(popup.getByTestId('crawl-phase')).toContainText('Crawling');
    await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 90_000 });
  });
});

test('storage failing mid-crawl pauses it with a clear error; Resume loses nothing', async ({
  context,
  openExtensionPage,
}) => {
  test.setTimeout(180_000);
  const settings = { ...CRAWL_SETTINGS, delayMs: 40 };
  const { popup } = await crawlTab(openExtensionPage, `${sites.site.origin}/`, settings);
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect.poll(() => sites.site.log.length, { timeout: 30_000 }).toBeGreaterThan(15);
  const [worker] = context.serviceWorkers();
  // As when the disk is full: every write to IndexedDB (the crawl's state) and to
  // storage.local (its phase) fails from now on, as IndexedDB fails then.
  await worker!.evaluate(() => {
    const area = chrome.storage.local as unknown as Record<string, unknown>;
    area.workingSet = area.set;
    area.set = () => Promise.reject(new Error('QUOTA_BYTES quota exceeded'));
    const store = IDBObjectStore.prototype as unknown as Record<string, unknown>;
    store.workingPut = store.put;
    store.put = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
  });
  await expect(popup.getByTestId('crawl-phase')).toContainText('Stopped', { timeout: 30_000 });
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText('could not save it (Quota exceeded)');
  await expect(alert).toContainText('Free some disk space, then press Resume');
  const requestsWhenPaused = sites.site.log.length;
  await popup.waitForTimeout(1_000);
  expect(sites.site.log.length - requestsWhenPaused).toBeLessThanOrEqual(4); // only what was in flight
  // The report still has everything found, the results after the last good save included.
  const paused = await reportOf(popup, sites.site.origin);
  expect(paused.finished).toBe(false);
  expect(paused.stoppedBecause).toBe('save-failed');
  await worker!.evaluate(() => {
    const area = chrome.storage.local as unknown as Record<string, unknown>;
    area.set = area.workingSet;
    const store = IDBObjectStore.prototype as unknown as Record<string, unknown>;
    store.put = store.workingPut;
  });
  await popup.getByRole('button', { name: 'Resume' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 120_000 });
  await expectSameAsCli(popup);
});

test('a crawl goes on after the browser is closed and opened again', async () => {
  test.setTimeout(180_000);
  const profile = await mkdtemp(path.join(os.tmpdir(), 'robotlens-restart-'));
  try {
    let context = await launch(profile);
    let popup = await extensionPage(context);
    const settings = { ...CRAWL_SETTINGS, delayMs: 60 };
    const started = await popup.evaluate(
      (s) =>
        chrome.runtime.sendMessage({ type: 'start-crawl', startUrl: s.url, settings: s.settings }),
      { url: `${sites.site.origin}/`, settings },
    );
    expect(started).toEqual({ ok: true });
    await expect.poll(() => sites.site.log.length, { timeout: 30_000 }).toBeGreaterThan(20);
    await context.close();
    const requestsWhenClosed = sites.site.log.length;
    context = await launch(profile);
    try {
      popup = await extensionPage(context);
      await expect
        .poll(() => phaseOf(popup, sites.site.origin), { timeout: 120_000 })
        .toBe('finished');
      expect(sites.site.log.length).toBeGreaterThan(requestsWhenClosed);
      await expectSameAsCli(popup);
    } finally {
      await context.close();
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
});

/** Wakes the worker with a message from the popup, reopening the popup if the stop closed it. */
async function wake(context: BrowserContext, popup: Page, popupUrl: string): Promise<Page> {
  const send = (page: Page) =>
    page.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'get-crawl-report', origin: 'http://wake.invalid' }),
    );
  try {
    await send(popup);
    return popup;
  } catch (error) {
    if (!popup.isClosed()) throw error;
    const reopened = await context.newPage();
    await reopened.goto(popupUrl);
    await send(reopened);
    return reopened;
  }
}

function launch(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, extensionLaunchOptions(E2E_EXTENSION_DIR));
}

async function extensionPage(context: BrowserContext): Promise<Page> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const page = await context.newPage();
  await page.goto(`chrome-extension://${new URL(worker.url()).host}/report.html`);
  return page;
}

async function phaseOf(page: Page, origin: string): Promise<unknown> {
  const key = `crawl.phase.${origin}`;
  return (await page.evaluate((k) => chrome.storage.local.get(k), key))[key];
}

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
