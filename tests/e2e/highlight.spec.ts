/**
 * "Highlight links on this page": each link marked by its status, with a
 * legend and a tooltip — all in RobotLens's closed overlay, where the
 * page's own scripts cannot read them.
 */
import path from 'node:path';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import { markOfLink, readOverlay } from './link-overlay.ts';
import { openSiteTab } from './site-tab.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

let site: SiteServer;
let spySite: SiteServer;
let other: SiteServer;
test.beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
    vars: { external: 'http://127.0.0.1:9' },
  });
  other = await startSiteServer(path.resolve('tests/fixtures/robots-ok'));
  spySite = await startSiteServer(path.resolve('tests/fixtures/highlight-spy'), {
    vars: { other: other.origin },
  });
});
test.afterAll(async () => {
  await Promise.all([site.close(), spySite.close(), other.close()]);
});

test('marks the links of the page by status, checking them on demand', async ({
  openExtensionPage,
}) => {
  const { tabId, popup, page } = await openSiteTab(openExtensionPage, `${site.origin}/`);
  await popup.goto(popup.url().replace(/\?.*$/, `?tabId=${tabId}#crawl`));
  await popup.reload();
  await popup.getByRole('button', { name: 'Highlight links on this page' }).click();
  const mark = (text: string) => markOfLink(page, text);
  // Links the page shows are marked while they are checked; the last answer (a page that never
  // answers) comes after the on-demand timeout.
  await expect.poll(() => mark('Missing page'), { timeout: 20_000 }).toBe('broken');
  await expect.poll(() => mark('Never answers'), { timeout: 20_000 }).toBe('broken');
  expect(await mark('Redirect chain')).toBe('redirected');
  expect(await mark('Private page')).toBe('blocked');
  expect(await mark('Odd success')).toBe('ok');
  expect(await mark('Forbidden page')).toBe('skipped');
  // The tooltip follows the mouse.
  await page.getByRole('link', { name: 'Missing page', exact: true }).hover();
  await expect.poll(async () => (await readOverlay(page))?.tooltip).toMatch(/^RobotLens: HTTP 404/);
  // The marks follow the page when it scrolls.
  await page.mouse.wheel(0, 200);
  await expect.poll(() => mark('Missing page')).toBe('broken');
  const view = await readOverlay(page);
  expect(view?.legend).toContain('Broken');
  // Checked, not crawled: nothing beyond the page's own links was fetched.
  expect(site.log.some((e) => e.url === '/gzip-target.html')).toBe(false);
  await page.mouse.click(view!.closeButton!.x, view!.closeButton!.y);
  await expect.poll(() => readOverlay(page)).toBeNull();
});

test("the page's scripts learn nothing of the results; a redirect to another site is not followed", async ({
  openExtensionPage,
}) => {
  const { tabId, popup, page } = await openSiteTab(openExtensionPage, `${spySite.origin}/`);
  await popup.goto(popup.url().replace(/\?.*$/, `?tabId=${tabId}#crawl`));
  await popup.reload();
  // "Check links to other sites" is off (the default).
  await expect(popup.getByLabel(/Check links to other sites/)).not.toBeChecked();
  await popup.getByRole('button', { name: 'Highlight links on this page' }).click();
  await expect.poll(() => markOfLink(page, 'Missing page'), { timeout: 20_000 }).toBe('broken');
  await expect.poll(() => markOfLink(page, 'Moved page')).toBe('redirected');
  expect(await markOfLink(page, 'Away to another site')).toBe('redirected');
  expect(await markOfLink(page, 'Other site')).toBe('unknown');
  await page.getByRole('link', { name: 'Away to another site' }).hover();
  await expect
    .poll(async () => (await readOverlay(page))?.tooltip)
    .toContain(`redirects to ${other.origin}/secret.html on another site, not requested`);
  expect((await readOverlay(page))?.legend).toContain('Broken');

  const spied = (await page.evaluate('window.spy()')) as {
    links: { attributes: string; title: string; outline: string; border: string }[];
    openRoots: number;
    attributed: string[];
    mutations: string[];
    text: string;
  };
  for (const link of spied.links) {
    expect(link).toMatchObject({ attributes: 'href', title: '', outline: 'none', border: 'none' });
  }
  expect(spied.mutations).toEqual([]);
  expect(spied.attributed).toEqual([]);
  expect(spied.openRoots).toBe(0);
  expect(spied.text).not.toMatch(/RobotLens|HTTP|Broken|redirect/i);
  // The other site was never asked anything: not the redirect's target, not its robots.txt.
  expect(other.log).toEqual([]);
  expect(spySite.log.map((e) => e.url)).toContain('/away');
});
