/**
 * Crawl rate of the extension (in Chromium's service worker) against the
 * command line on the same generated site, and the worker's JS heap at the
 * end of the crawl. Prints a table and returns the figures.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Worker } from '@playwright/test';
import { startSiteServer } from '../cli/site-server.ts';
import { benchLaunchOptions, extensionProcessRssMb } from './browser.ts';
import { generateSite } from './generate-site.ts';
import { cpuSpent, snapshotCpu, type CpuSpent } from './process-cpu.ts';

const EXTENSION_DIR = path.resolve(process.env.ROBOTLENS_EXTENSION_DIR ?? '.output-e2e/chrome-mv3');

export interface CrawlFigures {
  pages: number;
  cliSeconds: number;
  cliUrlsPerSecond: number;
  browserSeconds: number;
  browserUrlsPerSecond: number;
  /** Resident memory of Chromium's extension process (the service worker runs there), in MB. */
  extensionRssMb: number | null;
  /**
   * The browser's own ceiling: plain `fetch` of the same pages from the
   * service worker, bodies read, nothing else, at the crawl's concurrency.
   */
  browserFetchPagesPerSecond: number;
  /** Pages (HTML fetched and read) per second: the command line's and the extension's crawl. */
  cliPagesPerSecond: number;
  browserPagesPerSecond: number;
  /**
   * CPU time during the extension's crawl, by process (Chromium's and this
   * one, the site's server) and by thread of the extension's process.
   */
  browserCrawlCpu: CpuSpent;
}

/**
 * With `root`, crawls that already generated site (its first `pages` pages:
 * the crawl stops there) instead of generating a `pages`-page one.
 */
export async function measureBrowserVsCli(
  pages = 2_000,
  { root, concurrency = 4 }: { root?: string; concurrency?: number } = {},
): Promise<CrawlFigures> {
  const dir = root ?? (await mkdtemp(path.join(os.tmpdir(), 'robotlens-bench-')));
  if (!root) await generateSite(dir, { pages });
  const site = await startSiteServer(dir);
  try {
    const settings = {
      maxPages: root ? pages : pages + 10,
      maxDepth: 1_000,
      concurrencyPerOrigin: concurrency,
      delayMs: 0,
      timeoutMs: 15_000,
      robot: 'RobotLens',
      obeyRobots: true,
      checkExternal: false,
      useSitemaps: false,
    };
    const cli = await timeCli(site.origin, settings);
    site.reset();
    const browser = await timeBrowser(site.origin, settings);
    return {
      pages,
      cliSeconds: cli.seconds,
      cliUrlsPerSecond: cli.urls / cli.seconds,
      browserSeconds: browser.seconds,
      browserUrlsPerSecond: browser.urls / browser.seconds,
      extensionRssMb: browser.heapMb,
      browserFetchPagesPerSecond: browser.fetchCeiling,
      cliPagesPerSecond: pages / cli.seconds,
      browserPagesPerSecond: pages / browser.seconds,
      browserCrawlCpu: browser.cpu,
    };
  } finally {
    await site.close();
    if (!root) await rm(dir, { recursive: true, force: true });
  }
}

function timeCli(origin: string, settings: { maxPages: number; concurrencyPerOrigin: number }) {
  return new Promise<{ seconds: number; urls: number }>((resolve, reject) => {
    const started = performance.now();
    const args = [
      'cli/bin.mjs',
      'crawl',
      `${origin}/`,
      '--format',
      'json',
      '--delay-ms',
      '0',
      '--max-depth',
      '1000',
      '--concurrency',
      String(settings.concurrencyPerOrigin),
      '--max-pages',
      String(settings.maxPages),
      '--no-external',
    ];
    const child = spawn(process.execPath, args);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const report = JSON.parse(out) as { stats: { done: number } };
      resolve({ seconds: (performance.now() - started) / 1000, urls: report.stats.done });
    });
  });
}

/**
 * Pages per second of plain `fetch` in the service worker (the generated
 * site's /p/<n>.html). The code is sent as text: the bench runs through a
 * TypeScript loader whose helpers do not exist in the worker.
 */
async function plainFetchRate(
  worker: Worker,
  origin: string,
  settings: { maxPages: number; concurrencyPerOrigin: number },
): Promise<number> {
  const code = `(async () => {
    const origin = ${JSON.stringify(origin)};
    const pages = ${settings.maxPages};
    let next = 0;
    const started = performance.now();
    async function lane() {
      while (next < pages) {
        const response = await fetch(origin + '/p/' + next++ + '.html', { credentials: 'omit', cache: 'no-store' });
        await response.arrayBuffer();
      }
    }
    await Promise.all(Array.from({ length: ${settings.concurrencyPerOrigin} }, lane));
    return pages / ((performance.now() - started) / 1000);
  })()`;
  return (await worker.evaluate(code)) as number;
}

async function timeBrowser(
  origin: string,
  settings: { maxPages: number; concurrencyPerOrigin: number },
) {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'robotlens-bench-profile-'));
  const context = await chromium.launchPersistentContext(
    profile,
    benchLaunchOptions(EXTENSION_DIR),
  );
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(worker.url()).host;
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/popup.html?tabId=1`);
    const cpuBefore = await snapshotCpu();
    const started = performance.now();
    const reply = await page.evaluate(
      (s) =>
        chrome.runtime.sendMessage({
          type: 'start-crawl',
          startUrl: `${s.origin}/`,
          settings: s.settings,
        }),
      { origin, settings },
    );
    if (!(reply as { ok: boolean }).ok) throw new Error(JSON.stringify(reply));
    let urls = 0;
    for (;;) {
      await page.waitForTimeout(250);
      const key = `crawl.progress.${origin}`;
      const summary = (await page.evaluate((k) => chrome.storage.session.get(k), key))[key] as
        { phase: string; stats: { done: number } } | undefined;
      if (summary && summary.phase !== 'running') {
        urls = summary.stats.done;
        break;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSpent(cpuBefore, await snapshotCpu());
    const heapMb = extensionProcessRssMb();
    const settled = context.serviceWorkers()[0] ?? worker;
    const fetchCeiling = await plainFetchRate(settled, origin, settings);
    return { seconds, urls, heapMb, fetchCeiling, cpu };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
