/**
 * The content script runs on every page the user visits, so its cost is
 * measured on a large page (1 MB, 5,000 links, 50 META tags) and a small
 * one. The figures are printed for the benchmark and the closing notes; the
 * test only asserts that the read happened and found everything.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { expect, test } from './extension.ts';
import { openSiteTab, showPopup } from './site-tab.ts';
import { clickToolbarButton } from './toolbar-button.ts';
import { largePage, SMALL_PAGE } from '../fixtures/large-page.ts';

let site: SiteServer;

test.beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-large-'));
  await writeFile(path.join(dir, 'large.html'), largePage());
  await writeFile(path.join(dir, 'small.html'), SMALL_PAGE);
  site = await startSiteServer(dir);
});
test.afterAll(async () => {
  await site.close();
});

async function readCostMs(page: Page): Promise<number> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('robotlens:read-page').length))
    .toBeGreaterThan(0);
  return page.evaluate(() => performance.getEntriesByName('robotlens:read-page')[0]!.duration);
}

test('the content script reads a 1 MB page with 5,000 links and a small page, and says how long it took', async ({
  openExtensionPage,
}) => {
  const costs: Record<string, number[]> = { large: [], small: [] };
  for (let run = 0; run < 5; run++) {
    for (const name of ['large', 'small'] as const) {
      const { page, popup } = await openSiteTab(openExtensionPage, `${site.origin}/${name}.html`);
      // The page reader is injected when the toolbar button is clicked (activeTab).
      await clickToolbarButton(popup.context(), page);
      costs[name]!.push(await readCostMs(page));
      await page.close();
      await popup.close();
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `content script read: large page median ${median(costs.large!).toFixed(2)} ms, small page median ${median(costs.small!).toFixed(2)} ms (5 loads each)`,
  );
  const { tabId, popup } = await openSiteTab(openExtensionPage, `${site.origin}/large.html`);
  await showPopup(popup, tabId);
  await expect(popup.getByRole('region', { name: 'Tags found' })).toContainText(
    // Numbers are formatted for the UI language (English here).
    '5,000 (500 nofollow)',
  );
});
