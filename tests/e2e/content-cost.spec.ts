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

let site: SiteServer;

test.beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-large-'));
  await writeFile(path.join(dir, 'large.html'), largePage());
  await writeFile(
    path.join(dir, 'small.html'),
    '<!doctype html><title>Small</title><meta name="robots" content="noindex"><p><a href="/">home</a>',
  );
  site = await startSiteServer(dir);
});
test.afterAll(async () => {
  await site.close();
});

function largePage(): string {
  const metas = Array.from(
    { length: 50 },
    (_, i) => `<meta name="custom-${i}" content="value ${i}">`,
  ).join('\n');
  const links = Array.from(
    { length: 5000 },
    (_, i) =>
      `<p>Paragraph ${i} with <a href="/page-${i}.html"${i % 10 === 0 ? ' rel="nofollow"' : ''}>link number ${i}</a> and some text to make it long enough.</p>`,
  ).join('\n');
  const filler = 'x'.repeat(Math.max(0, 1_000_000 - links.length - metas.length));
  return `<!doctype html><html><head><title>Large</title>\n<meta name="robots" content="index, follow">\n${metas}\n</head><body>\n${links}\n<!-- ${filler} -->\n</body></html>`;
}

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
    '5000 (500 nofollow)',
  );
});
