/** Chromium with the built extension (127.0.0.1 access granted), for the browser benches. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extensionLaunchOptions } from '../tests/e2e/launch-options.ts';
import { attachTarget } from '../tests/e2e/devtools-target.ts';
import { openTabFrom } from '../tests/e2e/open-tab.ts';
import { chromium, type BrowserContext, type Page } from '@playwright/test';

const EXTENSION_DIR = path.resolve('.output-e2e/chrome-mv3');

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** Opens `url` in a tab; returns the tab, its id and an extension page to drive things with. */
  openTab(url: string): Promise<{ page: Page; tabId: number; popup: Page }>;
  close(): Promise<void>;
}

/**
 * Whether Playwright tracks the requests of the service workers it attaches
 * to (read when it attaches, in this process). By default it turns on
 * DevTools network tracking (`Network.enable`) in each, so that
 * `context.on('request')` sees the worker's requests, and Chromium then
 * keeps a record of each request in the extension's process. That is the
 * test harness's cost, not the extension's: 14,000 plain fetches from an
 * empty extension's worker ran at 560/s and grew its process 223 -> 404 MB
 * watched, and at 1,086/s in 134-154 MB unwatched
 * (bench/worker-fetch-memory.ts). The e2e tests keep it on
 * (tests/e2e/hostile-input.spec.ts logs the worker's requests).
 */
export function trackWorkerRequests(on: boolean): void {
  if (on) delete process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK;
  else process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK = '1';
}

/** Chromium's launch options for a bench: the benches measure what a user's browser does, unwatched. */
export function benchLaunchOptions(
  extensionDir: string,
): ReturnType<typeof extensionLaunchOptions> {
  trackWorkerRequests(false);
  return extensionLaunchOptions(extensionDir);
}

/** `extensionDir`: another build to measure (default: the e2e build). */
export async function launchExtension(extensionDir = EXTENSION_DIR): Promise<ExtensionBrowser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'robotlens-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, benchLaunchOptions(extensionDir));
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    async openTab(url) {
      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=999999`);
      const { page, tabId } = await openTabFrom(popup, url);
      return { page, tabId, popup };
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** An extension page (the popup) to drive the extension from; a new one when Chromium closed the old one with the extension's process. */
export async function extensionPage(
  context: BrowserContext,
  id: string,
  old?: Page,
): Promise<Page> {
  if (old && !old.isClosed()) return old;
  const page = await context.newPage();
  await page.goto(`chrome-extension://${id}/popup.html?tabId=1`);
  return page;
}

/** The service worker's heap is not exposed to scripts; the extension process's RSS is (Linux `ps`), MB. */
export function extensionProcessRssMb(): number | null {
  return extensionProcess()?.rssMb ?? null;
}

/** The extension's renderer process (the largest, should there be more): its pid and resident memory. */
export function extensionProcess(): { pid: number; rssMb: number } | null {
  try {
    const lines = execFileSync('ps', ['-eo', 'pid=,rss=,args='], { encoding: 'utf8' }).split('\n');
    const processes = lines
      .filter((line) => line.includes('--extension-process'))
      .map((line) => line.trim().split(/\s+/).map(Number))
      .map(([pid = 0, rssKb = 0]) => ({ pid, rssMb: rssKb / 1024 }));
    return processes.sort((a, b) => b.rssMb - a.rssMb)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The JavaScript heap of the extension's contexts but `page` (the one the
 * bench drives it from), by DevTools target type (`service_worker`,
 * `page`, …; the last of each type): used / committed + Blink's objects,
 * in MB, as "used/committed+blink".
 */
export async function extensionHeapsMb(
  context: BrowserContext,
  page: Page,
): Promise<Record<string, string>> {
  const cdp = await context.newCDPSession(page);
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const heaps: Record<string, string> = {};
    for (const target of targetInfos) {
      if (!target.url.startsWith('chrome-extension://') || target.url === page.url()) continue;
      const attached = await attachTarget(cdp, target.targetId, 2_000);
      const { result } = await attached.call('Runtime.getHeapUsage');
      await attached.detach();
      const usage = (result ?? null) as HeapUsage | null;
      const mb = (bytes = 0) => Math.round(bytes / 1048576);
      if (usage)
        heaps[target.type] =
          `${mb(usage.usedSize)}/${mb(usage.totalSize)}+${mb(usage.embedderHeapUsedSize)}`;
    }
    return heaps;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** DevTools' Runtime.getHeapUsage. */
interface HeapUsage {
  usedSize: number;
  totalSize: number;
  embedderHeapUsedSize?: number;
}
