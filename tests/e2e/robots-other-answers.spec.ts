/**
 * Issue 12 in the real browser: the popup says where other robots.txt
 * parsers answer otherwise (the page verdict and the tester), and the
 * verdict is decided on the URL as linked, not as Chromium re-spells it.
 */
import path from 'node:path';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { expect, test } from './extension.ts';
import { openSiteTab, showPopup } from './site-tab.ts';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/robots-readings'));
});
test.afterAll(async () => {
  await site.close();
});

test("the page verdict notes that Google's parser alone answers otherwise", async ({
  openExtensionPage,
}) => {
  const { tabId, popup } = await openSiteTab(openExtensionPage, `${site.origin}/%7Efred/page.html`);
  await showPopup(popup, tabId);
  await expect(popup.getByTestId('robots-line')).toContainText(
    'disallowed — line 3: Disallow: /~fred/',
  );
  const note = popup.getByTestId('robots-line').getByTestId('other-answers');
  await expect(note.locator('li[data-parser="google"]')).toContainText(
    "Google's robots.txt parser alone answers allowed (no rule decides)",
  );
  await expect(note).toContainText('%7E = ~');
});

test('the tester notes other answers under each result', async ({ openExtensionPage }) => {
  const { tabId, popup } = await openSiteTab(openExtensionPage, `${site.origin}/%7Efred/page.html`);
  await showPopup(popup, tabId, { view: 'robots' });
  await popup.getByLabel('URLs or paths, one per line').fill('/%7Efred/x\n/other');
  await popup.getByRole('button', { name: 'Test URLs' }).click();
  const rows = popup.locator('.test-results li.allowed, .test-results li.disallowed');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('.other-answers li[data-parser="google"]')).toContainText(
    'answers allowed',
  );
  await expect(rows.nth(0).locator('.other-answers li[data-parser="robots-parser"]')).toBeVisible();
  await expect(rows.nth(1).locator('.other-answers')).toHaveCount(0);
});

test('a URL Chromium re-spells ({id} → %7Bid%7D) is decided as linked', async ({
  openExtensionPage,
}) => {
  const { tabId, popup } = await openSiteTab(openExtensionPage, `${site.origin}/{id}/page.html`);
  await showPopup(popup, tabId);
  await expect(popup.getByTestId('page-url')).toContainText('/%7Bid%7D/page.html');
  await expect(popup.getByTestId('robots-line')).toContainText(
    'disallowed — line 4: Disallow: /{id}/',
  );
});
