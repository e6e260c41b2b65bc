/**
 * Accessibility in the real browser:
 * - an axe scan of every extension page and view, with real data, in light
 *   and dark, fails on any serious or critical violation (contrast, names,
 *   roles, landmarks…);
 * - the keyboard alone: Tab reaches every control in order with a visible
 *   focus ring, arrow keys move between tabs, Enter and Space press, Escape
 *   closes, and the focus is not lost when the control it was on goes away.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { crawlTab } from './crawl-popup.ts';
import { CRAWL_SETTINGS } from './crawl-sites.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import { tabOrder } from './keyboard.ts';
import { focusLegendButton, readOverlay } from './link-overlay.ts';
import { openToolbarPopup } from './toolbar-popup.ts';
import {
  finishCrawl,
  openReportView,
  showLegend,
  showPageView,
  showRobotsView,
  useViewSites,
} from './views.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

const sites = useViewSites();
test('popup: the Page and robots.txt tabs; the report page without a crawl', async ({
  openExtensionPage,
}) => {
  const pageView = await showPageView(openExtensionPage, sites);
  await expectAccessible(pageView, () => expect(pageView.getByTestId('verdict')).toBeVisible());
  // Any robot token: the picker's own field.
  await pageView.getByLabel('Robot', { exact: true }).selectOption('custom');
  await expectAccessible(pageView, () =>
    expect(pageView.getByLabel('Robot product token')).toBeVisible(),
  );
  const robotsView = await showRobotsView(openExtensionPage, sites);
  await expectAccessible(robotsView, () =>
    expect(robotsView.getByRole('region', { name: 'robots.txt file' })).toBeVisible(),
  );
  const noReport = await openExtensionPage('report.html', { origin: sites.crawl.site.origin });
  await expectAccessible(noReport, () => expect(noReport.getByRole('alert')).toBeVisible());
});

test('popup Crawl tab, report page and link legend after a real crawl', async ({
  openExtensionPage,
}) => {
  // The report page has five more tabs to scan since the site audit, on a slow shared machine.
  test.setTimeout(360_000);
  const crawl = await finishCrawl(openExtensionPage, sites);
  await expectAccessible(crawl.popup, () =>
    expect(crawl.popup.getByTestId('crawl-phase')).toContainText('Finished'),
  );
  // Not obeying robots.txt brings a warning.
  await crawl.popup.getByRole('checkbox', { name: 'Obey robots.txt' }).uncheck();
  await expectAccessible(crawl.popup, () =>
    expect(crawl.popup.getByRole('note')).toContainText('robots.txt forbids'),
  );

  const report = await openReportView(openExtensionPage, crawl.origin);
  await expectAccessible(report, () => expect(report.getByTestId('broken-table')).toBeVisible());
  // Every section, not only the first.
  const tabs = report.getByRole('tab');
  for (let i = 0; i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
    await expectAccessible(report, () =>
      expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true'),
    );
  }

  // The legend is in a closed shadow root, which axe cannot enter (nor can any page script,
  // which is the point): it is shown here, and its keyboard use is tested below.
  await showLegend(crawl);
});

/** Tab order and rings of a page, checked against what it should be. */
async function expectTabOrder(page: Page, ready: () => Promise<void>, mustReach: unknown[]) {
  const { expected, reached, withoutRing } = await tabOrder(page, ready);
  // The expected stops are read from the page: make sure they include what a user needs.
  expect(expected).toEqual(expect.arrayContaining(mustReach));
  expect(reached).toEqual(expected);
  expect(withoutRing).toEqual([]);
}

test('keyboard: Tab reaches every control of each popup tab, in order, with a visible focus ring', async ({
  openExtensionPage,
}) => {
  const pageView = await showPageView(openExtensionPage, sites);
  await expectTabOrder(pageView, () => expect(pageView.getByTestId('verdict')).toBeVisible(), [
    'select "#robot-select"',
    'tab "Page"',
    'tabpanel "#panel-page"',
    'button "Check again"',
  ]);
  const robotsView = await showRobotsView(openExtensionPage, sites);
  await expectTabOrder(
    robotsView,
    () => expect(robotsView.locator('.test-results li')).toHaveCount(1),
    [
      'tab "robots.txt"',
      'button "Fetch robots.txt again"',
      'textarea "#tester-urls"',
      'input "#tester-robots"',
      'button "Test URLs"',
      'ol ".file-lines"',
    ],
  );
  const { popup: crawlView } = await crawlTab(
    openExtensionPage,
    `${sites.crawl.site.origin}/`,
    CRAWL_SETTINGS,
  );
  await expectTabOrder(
    crawlView,
    () => expect(crawlView.getByRole('region', { name: 'Crawl' })).toBeVisible(),
    [
      'tab "Crawl"',
      'input "#crawl-maxPages"',
      'input "#crawl-robot"',
      'button "Start crawl from the site root"',
      'button "Highlight links on this page"',
    ],
  );
});

test('keyboard: arrow keys, Home and End move between the popup tabs', async ({
  openExtensionPage,
}) => {
  const popup = await showPageView(openExtensionPage, sites);
  const tab = (name: string) => popup.getByRole('tab', { name, exact: true });
  await tab('Page').focus();
  const expectOn = async (name: string) => {
    await expect(tab(name)).toBeFocused();
    await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(popup.getByRole('tabpanel', { name })).toBeVisible();
  };
  await popup.keyboard.press('ArrowRight');
  await expectOn('robots.txt');
  await expect(popup.getByRole('region', { name: 'robots.txt audit' })).toBeVisible();
  await popup.keyboard.press('ArrowRight');
  await expectOn('Crawl');
  await popup.keyboard.press('ArrowRight');
  await expectOn('Page');
  await popup.keyboard.press('ArrowLeft');
  await expectOn('Crawl');
  await popup.keyboard.press('Home');
  await expectOn('Page');
  await popup.keyboard.press('End');
  await expectOn('Crawl');
  // One tab stop for the bar: Tab leaves it for the panel.
  await popup.keyboard.press('Tab');
  await expect(popup.getByRole('tabpanel', { name: 'Crawl' })).toBeFocused();
});

test('keyboard: Enter and Space press buttons, submit forms and toggle options', async ({
  openExtensionPage,
}) => {
  const pageView = await showPageView(openExtensionPage, sites);
  const checks = () =>
    sites.indexability.log.filter((e) => e.url === '/private/secret.html').length;
  const before = checks();
  const again = pageView.getByRole('button', { name: 'Check again' });
  await again.focus();
  await pageView.keyboard.press('Enter');
  await expect.poll(checks).toBeGreaterThan(before);
  // The button is replaced while the page is checked; the focus comes back to it.
  await expect(pageView.getByTestId('verdict')).toBeVisible();
  await expect(again).toBeFocused();
  // The new verdict is read out by the one live region that stays in the page.
  await expect(pageView.getByRole('status')).toHaveText(/^Not indexable by googlebot: robots\.txt/);

  const robotsView = await showRobotsView(openExtensionPage, sites);
  // Line 10 is named twice now (a finding of the new lint and its group): either highlights it.
  await robotsView.getByRole('button', { name: 'line 10', exact: true }).first().focus();
  await robotsView.keyboard.press('Space');
  await expect(robotsView.locator('.file-line.highlighted')).toHaveAttribute('data-line', '10');
  const robots = robotsView.getByLabel('Robots, separated by commas');
  await robots.fill('bingbot');
  await robots.press('Enter');
  await expect(robotsView.locator('.test-results li')).toContainText('bingbot');
  await expect(robotsView.locator('.test-results li')).toContainText('disallowed');
  // The audit stays on screen while it is asked again: the keyboard stays where it was.
  await expect(robots).toBeFocused();

  const { popup: crawlView } = await crawlTab(
    openExtensionPage,
    `${sites.crawl.site.origin}/`,
    CRAWL_SETTINGS,
  );
  const sitemaps = crawlView.getByRole('checkbox', { name: 'Seed from sitemaps' });
  await sitemaps.focus();
  await crawlView.keyboard.press('Space');
  await expect(sitemaps).toBeChecked();
  await crawlView.keyboard.press('Space');
  await expect(sitemaps).not.toBeChecked();
});

test('keyboard: Escape closes the toolbar popup and the link legend, not a popup page in a tab', async ({
  openExtensionPage,
  context,
}) => {
  const { popup: crawlView, page } = await crawlTab(
    openExtensionPage,
    `${sites.crawl.site.origin}/`,
    CRAWL_SETTINGS,
  );
  // The popup page in a tab is a page like any other: Escape leaves it open.
  await crawlView.keyboard.press('Escape');
  await crawlView.waitForTimeout(300);
  expect(crawlView.isClosed()).toBe(false);

  await crawlView.getByRole('button', { name: 'Highlight links on this page' }).click();
  await expect.poll(async () => (await readOverlay(page))?.legend).toContain('Close legend');
  await focusLegendButton(page);
  await page.keyboard.press('Escape');
  await expect.poll(() => readOverlay(page)).toBeNull();

  // The real toolbar popup, for the site's tab (the active one).
  await page.bringToFront();
  const toolbar = await openToolbarPopup(context, crawlView);
  await expect
    .poll(() => toolbar.evaluate("!!document.querySelector('[data-testid=verdict]')"))
    .toBe(true);
  expect(await toolbar.isOpen()).toBe(true);
  await toolbar.pressEscape();
  await expect.poll(() => toolbar.isOpen()).toBe(false);
});

test('keyboard: a crawl from Start to the report, the focus following Stop, Resume and Open report', async ({
  openExtensionPage,
  context,
}) => {
  test.setTimeout(180_000);
  const { popup } = await crawlTab(
    openExtensionPage,
    `${sites.crawl.site.origin}/`,
    CRAWL_SETTINGS,
  );
  // Each button is disabled or gone once pressed; the focus moves on to what comes next.
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).focus();
  await popup.keyboard.press('Enter');
  const stop = popup.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('crawl-phase')).toContainText('Stopped');
  const resume = popup.getByRole('button', { name: 'Resume' });
  await expect(resume).toBeFocused();
  await popup.keyboard.press('Space');
  await expect(stop).toBeFocused();
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished', { timeout: 90_000 });
  const openReport = popup.getByRole('button', { name: 'Open report' });
  await expect(openReport).toBeFocused();
  const opened = context.waitForEvent('page');
  await popup.keyboard.press('Enter');
  const report = await opened;
  const table = report.getByTestId('broken-table');
  await expect(table).toBeVisible();

  await expectTabOrder(report, () => expect(table).toBeVisible(), [
    'button "Export CSV"',
    expect.stringMatching(/^tab "Broken links \(\d+\)"$/),
    'tabpanel "#panel-broken"',
    'input "Search broken links"',
    'select "#broken-filter"',
    expect.stringMatching(/^button "Status/),
    expect.stringMatching(/^a "http:\/\/127\.0\.0\.1:\d+\/errors\/missing\.html"$/),
  ]);

  // The report's sections are tabs too.
  const section = (name: RegExp) => report.getByRole('tab', { name });
  await section(/^Broken links/).focus();
  await report.keyboard.press('ArrowRight');
  await expect(section(/^Redirects/)).toBeFocused();
  await expect(report.getByTestId('redirects-table')).toBeVisible();
  await report.keyboard.press('End');
  await expect(section(/^robots\.txt/)).toBeFocused();
  await expect(section(/^robots\.txt/)).toHaveAttribute('aria-selected', 'true');
  await report.keyboard.press('Home');
  await expect(section(/^Broken links/)).toHaveAttribute('aria-selected', 'true');

  // Sortable headers: Space and Enter sort, and the header says how.
  const status = table.getByRole('columnheader', { name: /^Status/ });
  await status.getByRole('button').focus();
  await report.keyboard.press('Space');
  await expect(status).toHaveAttribute('aria-sort', 'ascending');
  await report.keyboard.press('Enter');
  await expect(status).toHaveAttribute('aria-sort', 'descending');
  await expect(status.getByRole('button')).toBeFocused();
});
