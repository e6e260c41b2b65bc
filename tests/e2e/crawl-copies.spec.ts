/**
 * A duplicate page in another folder, in the browser (the crawl engine the
 * service worker runs): the same bytes served as /en/guide.html and
 * /de/guide.html (tests/fixtures/crawl-copies). The second is a duplicate,
 * and its relative link, which leads elsewhere from its folder, is still
 * checked: Debian's Apache manual hid 79 broken URLs behind such copies.
 */
import path from 'node:path';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { crawlTab, reportOf } from './crawl-popup.ts';
import { CRAWL_SETTINGS } from './crawl-sites.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

let site: SiteServer;

test.beforeEach(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/crawl-copies'));
});
test.afterEach(() => site.close());

test('the crawl checks the links of a duplicate page in another folder', async ({
  openExtensionPage,
}) => {
  const { popup } = await crawlTab(openExtensionPage, `${site.origin}/`, CRAWL_SETTINGS);
  await popup.getByRole('button', { name: 'Start crawl from this page' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 30_000 });
  const report = await reportOf(popup, site.origin);

  expect(report.pages.find((p) => p.url === `${site.origin}/de/guide.html`)?.duplicateOf).toBe(
    `${site.origin}/en/guide.html`,
  );
  expect(report.broken.map((b) => [b.url, b.foundOn.map((f) => f.page)])).toEqual([
    [`${site.origin}/de/dict.html`, [`${site.origin}/de/guide.html`]],
  ]);
  expect(site.log.filter((e) => e.url === '/de/dict.html')).toHaveLength(1);
});
