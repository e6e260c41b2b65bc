/**
 * Where the extension's crawl may go (issue 14, items 3 and 5), on
 * tests/fixtures/crawl-reach and the outside site on another 127.0.0.1
 * port: with "check links to other sites" off and sitemaps on, the
 * outside site gets no request at all — not its sitemap that robots.txt
 * names, not the target of a redirect — and the report lists both.
 */
import path from 'node:path';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { crawlTab, reportOf } from './crawl-popup.ts';
import { CRAWL_SETTINGS } from './crawl-sites.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

let site: SiteServer;
let external: SiteServer;

test.beforeEach(async () => {
  external = await startSiteServer(path.resolve('tests/fixtures/crawl-external'));
  site = await startSiteServer(path.resolve('tests/fixtures/crawl-reach'), {
    vars: { external: external.origin },
  });
});
test.afterEach(async () => {
  await site.close();
  await external.close();
});

test('the crawl neither fetches a sitemap of another site nor follows a redirect there', async ({
  openExtensionPage,
}) => {
  const { popup } = await crawlTab(openExtensionPage, `${site.origin}/`, {
    ...CRAWL_SETTINGS,
    checkExternal: false,
    useSitemaps: true,
  });
  await popup.getByRole('button', { name: 'Start crawl from this page' }).click();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 30_000 });
  const report = await reportOf(popup, site.origin);

  expect(external.log).toEqual([]);
  expect(report.sitemap?.notFetched).toEqual([
    expect.objectContaining({
      url: `${external.origin}/sitemap.txt`,
      reason: expect.stringMatching(/not on the crawled site/),
    }),
  ]);
  expect(report.sitemap?.urls).toBe(1);
  expect(report.redirects.find((r) => r.from === `${site.origin}/go-elsewhere`)).toMatchObject({
    to: `${external.origin}/redirect-target.html`,
    chain: [{ url: `${site.origin}/go-elsewhere`, status: 302 }],
    outcome: 'redirected',
  });
});
