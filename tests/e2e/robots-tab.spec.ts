/**
 * Job 2 in the real browser: the popup's robots.txt tab against fixture
 * origins whose robots.txt answers 200, 403, 404, 503, a redirect, and an
 * HTML page (soft 404).
 */
import path from 'node:path';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { expect, test } from './extension.ts';
import { openSiteTab, showPopup } from './site-tab.ts';

const SCENARIOS = [
  'robots-ok',
  'robots-403',
  'robots-404',
  'robots-503',
  'robots-redirect',
  'robots-soft404',
] as const;
const sites = {} as Record<(typeof SCENARIOS)[number], SiteServer>;

test.beforeAll(async () => {
  for (const name of SCENARIOS)
    sites[name] = await startSiteServer(path.resolve('tests/fixtures', name));
});
test.afterAll(async () => {
  await Promise.all(Object.values(sites).map((site) => site.close()));
});

const statusCases = [
  { site: 'robots-ok', status: '200', policy: 'rules' },
  { site: 'robots-403', status: '403', policy: 'allow-all', classic: 'disallow-all' },
  { site: 'robots-404', status: '404', policy: 'allow-all' },
  { site: 'robots-503', status: '503', policy: 'disallow-all' },
  { site: 'robots-redirect', status: '200', policy: 'rules' },
  { site: 'robots-soft404', status: '200', policy: 'rules' },
] as const;

for (const c of statusCases) {
  test(`robots.txt tab: ${c.site} → ${c.policy}`, async ({ openExtensionPage }) => {
    const { tabId, popup } = await openSiteTab(openExtensionPage, `${sites[c.site].origin}/`);
    await showPopup(popup, tabId, { view: 'robots' });
    await expect(popup.getByTestId('robots-status')).toHaveText(c.status);
    await expect(popup.getByTestId('robots-policy')).toContainText(c.policy);
    if ('classic' in c) await expect(popup.getByTestId('robots-classic')).toContainText(c.classic);
    await expect(popup.getByTestId('robots-cache')).toContainText('fetched');
  });
}

test('the audit shows findings next to their lines, groups and sitemaps', async ({
  openExtensionPage,
}) => {
  const { tabId, popup } = await openSiteTab(openExtensionPage, `${sites['robots-ok'].origin}/`);
  await showPopup(popup, tabId, { view: 'robots' });
  const findings = popup.getByRole('region', { name: 'Findings' });
  for (const code of [
    'rule-before-user-agent',
    'sitemap-relative',
    'prefix-match',
    'field-typo',
    'crawl-delay-ignored',
  ]) {
    await expect(findings.locator(`li[data-code="${code}"]`)).toHaveCount(1);
  }
  const line2 = popup.locator('.file-line[data-line="2"]');
  await expect(line2).toHaveClass(/flagged/);
  await expect(line2).toContainText('Disallow: /before-any-group/');
  await expect(popup.locator('.file-line[data-line="6"]')).not.toHaveClass(/flagged/);
  const groups = popup.getByRole('region', { name: 'Groups' });
  await expect(groups).toContainText('User-agent: Googlebot');
  await expect(groups).toContainText('Crawl-delay 10');
  await expect(groups).toContainText('sitemap.xml');
});

test('the tester answers URL × robot with the deciding line highlighted', async ({
  openExtensionPage,
}) => {
  const origin = sites['robots-ok'].origin;
  const { tabId, popup } = await openSiteTab(openExtensionPage, `${origin}/`);
  await showPopup(popup, tabId, { view: 'robots' });
  await popup.getByLabel('URLs or paths, one per line').fill('/private/open.html\n/tmp.html');
  await popup.getByLabel('Robots, separated by commas').fill('googlebot, bingbot');
  await popup.getByRole('button', { name: 'Test URLs' }).click();
  const rows = popup.locator('.test-results li');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('googlebot');
  await expect(rows.nth(0)).toContainText('allowed');
  await expect(rows.nth(0)).toContainText('line 11: Allow: /private/open.html');
  await expect(rows.nth(1)).toContainText('disallowed');
  await expect(rows.nth(1)).toContainText('line 6: Disallow: /private/');
  await expect(rows.nth(3)).toContainText('line 7: Disallow: /tmp');
  await expect(popup.locator('.file-line.highlighted')).toHaveAttribute('data-line', '11');
  await rows.nth(3).getByRole('button').click();
  await expect(popup.locator('.file-line.highlighted')).toHaveAttribute('data-line', '7');
});

test('a long file is paged and the page follows the deciding line', async ({
  openExtensionPage,
}) => {
  const { tabId, popup } = await openSiteTab(
    openExtensionPage,
    `${sites['robots-redirect'].origin}/`,
  );
  await showPopup(popup, tabId, { view: 'robots' });
  await expect(popup.getByRole('region', { name: 'robots.txt file' })).toContainText('453 lines');
  await expect(popup.locator('.file-line')).toHaveCount(200);
  await popup.getByLabel('URLs or paths, one per line').fill('/section-449/open.html');
  await popup.getByRole('button', { name: 'Test URLs' }).click();
  await expect(popup.locator('.file-line.highlighted')).toHaveAttribute('data-line', '453');
  await expect(popup.locator('.file-line.highlighted')).toBeVisible();
  await popup.getByRole('button', { name: 'Previous lines' }).click();
  await expect(popup.locator('.file-line').first()).toHaveAttribute('data-line', '201');
});

test('soft 404: an HTML page served as robots.txt is flagged as an error', async ({
  openExtensionPage,
}) => {
  const { tabId, popup } = await openSiteTab(
    openExtensionPage,
    `${sites['robots-soft404'].origin}/`,
  );
  await showPopup(popup, tabId, { view: 'robots' });
  await expect(popup.locator('li.finding-error[data-code="html-served"]')).toHaveCount(1);
});

test('the redirect hop is shown', async ({ openExtensionPage }) => {
  const { tabId, popup } = await openSiteTab(
    openExtensionPage,
    `${sites['robots-redirect'].origin}/`,
  );
  await showPopup(popup, tabId, { view: 'robots' });
  await expect(popup.getByTestId('robots-fetch')).toContainText('Redirect');
  await expect(popup.getByTestId('robots-fetch')).toContainText('/robots.txt');
});
