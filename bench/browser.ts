/** Chromium with the built extension (127.0.0.1 access granted), for the browser benches. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extensionLaunchOptions } from '../tests/e2e/launch-options.ts';
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
 * Chromium's launch options for a bench, and Playwright told to leave the
 * extension's service worker unwatched. By default Playwright turns on
 * DevTools network tracking (`Network.enable`) in every service worker it
 * attaches to, so that `context.on('request')` sees the worker's requests,
 * and Chromium then keeps a record of each request in the extension's
 * process and reports it over the debugging pipe. That is the test
 * harness's cost, not the extension's: 20,000 plain `fetch`es of Debian's
 * libstdc++ pages from an empty extension's worker grew its process from
 * 221 to 401 MB at ~450 a second when watched, and stayed at 131-160 MB at
 * ~900 a second with `PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK` (and at
 * 108-118 MB with Chromium started by hand, no Playwright at all).
 * The benches measure what a user's browser does, so they turn it off; the
 * e2e tests keep it (tests/e2e/hostile-input.spec.ts logs the worker's requests).
 */
export function benchLaunchOptions(
  extensionDir: string,
): ReturnType<typeof extensionLaunchOptions> {
  // Read by Playwright when it attaches to a service worker, in this process.
  process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK = '1';
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
  try {
    const lines = execFileSync('ps', ['-eo', 'rss=,args='], { encoding: 'utf8' }).split('\n');
    const rssKb = lines
      .filter((line) => line.includes('--extension-process'))
      .map((line) => Number(line.trim().split(/\s+/)[0]));
    return rssKb.length > 0 ? Math.max(...rssKb) / 1024 : null;
  } catch {
    return null;
  }
}
