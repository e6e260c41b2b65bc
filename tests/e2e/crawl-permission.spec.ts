/**
 * The shipped build has no host access: starting a crawl asks for the site's
 * origin (and nothing broader) from the click, and fetches nothing until the
 * user says yes. A headless browser cannot answer the prompt, so the test
 * sees it pending; the granted path runs in crawl.spec.ts on a build with
 * access granted ahead of time.
 */
import path from 'node:path';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { expect, test } from './extension.ts';
import { openSiteTab } from './site-tab.ts';
import { clickToolbarButton } from './toolbar-button.ts';

let site: SiteServer;
test.beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/indexability'));
});
test.afterAll(async () => {
  await site.close();
});

test('starting a crawl asks for access to the site only, and fetches nothing without it', async ({
  openExtensionPage,
}) => {
  const { tabId, popup, page } = await openSiteTab(openExtensionPage, `${site.origin}/clean.html`);
  // As a user opens the popup: the toolbar button, on the page (activeTab).
  await clickToolbarButton(popup.context(), page);
  await popup.goto(popup.url().replace(/\?.*$/, `?tabId=${tabId}#crawl`));
  await popup.reload();
  // Watch what the popup asks for.
  await popup.evaluate(() => {
    const asked: unknown[] = [];
    (window as unknown as { asked: unknown[] }).asked = asked;
    const original = chrome.permissions.request.bind(chrome.permissions);
    chrome.permissions.request = (request) => {
      asked.push(request);
      return original(request);
    };
  });
  const before = site.log.length;
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect
    .poll(() => popup.evaluate(() => (window as unknown as { asked: unknown[] }).asked))
    .toEqual([{ origins: ['http://127.0.0.1/*'] }]);
  await popup.waitForTimeout(1_500);
  expect(
    site.log.slice(before).filter((e) => (e.headers['user-agent'] ?? '').startsWith('RobotLens/')),
  ).toEqual([]);
  expect(
    await popup.evaluate(() => chrome.permissions.contains({ origins: ['http://127.0.0.1/*'] })),
  ).toBe(false);
  await expect(popup.getByTestId('crawl-phase')).toHaveCount(0);
});

test('asking to check other sites asks for every site', async ({ openExtensionPage }) => {
  const { tabId, popup, page } = await openSiteTab(openExtensionPage, `${site.origin}/clean.html`);
  // As a user opens the popup: the toolbar button, on the page (activeTab).
  await clickToolbarButton(popup.context(), page);
  await popup.goto(popup.url().replace(/\?.*$/, `?tabId=${tabId}#crawl`));
  await popup.reload();
  await popup.getByLabel('Check links to other sites (asks for access to them)').check();
  await popup.evaluate(() => {
    const asked: unknown[] = [];
    (window as unknown as { asked: unknown[] }).asked = asked;
    chrome.permissions.request = (request) => {
      asked.push(request);
      return Promise.resolve(false);
    };
  });
  await popup.getByRole('button', { name: 'Start crawl from this page' }).click();
  await expect
    .poll(() => popup.evaluate(() => (window as unknown as { asked: unknown[] }).asked))
    .toEqual([{ origins: ['http://*/*', 'https://*/*'] }]);
  await expect(popup.getByRole('alert')).toContainText('needs access');
});
