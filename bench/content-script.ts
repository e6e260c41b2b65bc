/**
 * Content-script cost in Chromium with the built extension: the User Timing
 * measure 'robotlens:read-page' on a 1 MB page with 5,000 links and 50 META
 * tags, and on a small page (median of several loads); and the popup's time
 * from opening (popup.html?tabId=<id>, tab already visited) to the verdict
 * shown.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { launchExtension, median, type ExtensionBrowser } from './browser.ts';
import { startStaticServer } from './static-server.ts';
import { largePage, SMALL_PAGE } from '../tests/fixtures/large-page.ts';

export interface ContentFigures {
  loads: number;
  largeMs: number;
  smallMs: number;
  largeRuns: number[];
  smallRuns: number[];
  /** Popup navigation start → verdict in the DOM (the popup's own mark). */
  popupMs: number;
  popupRuns: number[];
  /** The same from the bench's side, with the protocol round trips of opening a page. */
  popupOutsideMs: number;
}

async function readCostMs(page: Page): Promise<number> {
  await page.waitForFunction(
    () => performance.getEntriesByName('robotlens:read-page').length > 0,
    null,
    {
      timeout: 10_000,
    },
  );
  return page.evaluate(() => performance.getEntriesByName('robotlens:read-page')[0]!.duration);
}

/**
 * Time from opening the popup (its navigation start) to the verdict in its
 * DOM, from the popup's own User Timing mark; and, as a cross-check, the
 * same seen from the bench's side, which adds the DevTools-protocol round
 * trips of opening a page.
 */
async function popupMs(
  browser: ExtensionBrowser,
  tabId: number,
): Promise<{ own: number; outside: number }> {
  const popup = await browser.context.newPage();
  const started = performance.now();
  await popup.goto(`chrome-extension://${browser.extensionId}/popup.html?tabId=${tabId}`, {
    waitUntil: 'commit',
  });
  await popup.getByTestId('verdict').waitFor({ state: 'visible', timeout: 10_000 });
  const outside = performance.now() - started;
  const own = await popup.evaluate(
    () => performance.getEntriesByName('robotlens:verdict-shown')[0]?.startTime ?? NaN,
  );
  await popup.close();
  return { own, outside };
}

export async function measureContentScript(loads = 7): Promise<ContentFigures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-content-'));
  await writeFile(path.join(dir, 'large.html'), largePage());
  await writeFile(path.join(dir, 'small.html'), SMALL_PAGE);
  const server = await startStaticServer(dir);
  const browser = await launchExtension();
  const runs: Record<'large' | 'small' | 'popup' | 'popupOutside', number[]> = {
    large: [],
    small: [],
    popup: [],
    popupOutside: [],
  };
  try {
    for (let run = 0; run < loads; run++) {
      for (const name of ['large', 'small'] as const) {
        const { page, popup, tabId } = await browser.openTab(`${server.origin}/${name}.html`);
        runs[name].push(await readCostMs(page));
        await popup.close();
        if (name === 'small') {
          const popupTimes = await popupMs(browser, tabId);
          runs.popup.push(popupTimes.own);
          runs.popupOutside.push(popupTimes.outside);
        }
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
  return {
    loads,
    largeMs: median(runs.large),
    smallMs: median(runs.small),
    largeRuns: runs.large,
    smallRuns: runs.small,
    popupMs: median(runs.popup),
    popupRuns: runs.popup,
    popupOutsideMs: median(runs.popupOutside),
  };
}
