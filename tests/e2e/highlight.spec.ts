/** "Highlight links on this page": each link marked by its status, with a legend and a tooltip. */
import path from 'node:path';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import { openSiteTab } from './site-tab.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

let site: SiteServer;
test.beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
    vars: { external: 'http://127.0.0.1:9' },
  });
});
test.afterAll(async () => {
  await site.close();
});

test('marks the links of the page by status, checking them on demand', async ({
  openExtensionPage,
}) => {
  const { tabId, popup, page } = await openSiteTab(openExtensionPage, `${site.origin}/`);
  await popup.goto(popup.url().replace(/\?.*$/, `?tabId=${tabId}#crawl`));
  await popup.reload();
  await popup.getByRole('button', { name: 'Highlight links on this page' }).click();
  const mark = (text: string) =>
    page.getByRole('link', { name: text, exact: true }).getAttribute('data-robotlens');
  // Links the page shows are marked while they are checked; the last answer (a page that never
  // answers) comes after the on-demand timeout.
  await expect.poll(() => mark('Missing page'), { timeout: 20_000 }).toBe('broken');
  await expect.poll(() => mark('Never answers'), { timeout: 20_000 }).toBe('broken');
  expect(await mark('Redirect chain')).toBe('redirected');
  expect(await mark('Private page')).toBe('blocked');
  expect(await mark('Odd success')).toBe('ok');
  expect(await mark('Forbidden page')).toBe('skipped');
  const title = await page
    .getByRole('link', { name: 'Missing page', exact: true })
    .getAttribute('title');
  expect(title).toMatch(/^RobotLens: HTTP 404/);
  await expect(page.getByRole('region', { name: 'RobotLens link legend' })).toContainText('Broken');
  // Checked, not crawled: nothing beyond the page's own links was fetched.
  expect(site.log.some((e) => e.url === '/gzip-target.html')).toBe(false);
  await page.getByRole('button', { name: 'Close legend' }).click();
  await expect(page.getByRole('region', { name: 'RobotLens link legend' })).toHaveCount(0);
});
