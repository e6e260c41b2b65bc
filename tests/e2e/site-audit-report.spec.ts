/**
 * The report page's site audit (issue 17) in the real browser, on a small
 * site crawled here in Node by the real engine and seeded into
 * storage.local: the Indexability section filtered by a reason and sorted,
 * each findings section counting exactly its rows, the header's counters,
 * and a hostile page title shown as the text it is.
 *
 * The report page builds its report from the stored checkpoint
 * (buildReport), so this needs the crawl side of the audit (pages'
 * verdicts, `audit`, `findings`) that lands beside the report page's
 * change: it passes once both are merged.
 */
import type { Page } from '@playwright/test';
import { systemClock } from '../../lib/crawl/clock.ts';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { Crawler } from '../../lib/crawl/crawl.ts';
import { fakeSite, page as html } from '../support/fake-site.ts';
import { expect, test } from './extension.ts';

const SITE = 'https://audit.example';
const HOSTILE_TITLE = '<img src=x onerror=alert(1)>';
const REFRESH_TO_A = '<meta http-equiv="refresh" content="0;URL=/a.html">';

/**
 * Home links a noindex page, a hostile title, two pages sharing a title, a
 * broken canonical, a redirect, two redirect stubs (an instant meta refresh)
 * and a page larger than the crawl reads (its limit lowered to 64 KB here).
 */
async function auditCheckpoint(): Promise<CrawlCheckpoint> {
  const site = fakeSite({
    '/robots.txt': { body: 'User-agent: *\nAllow: /\n', headers: [['content-type', 'text/plain']] },
    '/': {
      html: html('Home', [
        ['/hidden.html', 'Hidden'],
        ['/hostile.html', 'Hostile'],
        ['/same-1.html', 'Same 1'],
        ['/same-2.html', 'Same 2'],
        ['/canon.html', 'Canon'],
        ['/old', 'Old address'],
        ['/stub-1.html', 'Stub 1'],
        ['/stub-2.html', 'Stub 2'],
        ['/large.html', 'Large'],
      ]),
    },
    // Redirect stubs, as rustdoc writes them: search engines index the target.
    '/stub-1.html': { html: html('Redirection', [], REFRESH_TO_A) },
    '/stub-2.html': { html: html('Redirection', [], REFRESH_TO_A) },
    '/hidden.html': { html: html('Hidden', [], '<meta name="robots" content="noindex">') },
    // Escaped in the HTML, so the title *is* the markup-looking string.
    '/hostile.html': { html: html('&lt;img src=x onerror=alert(1)&gt;') },
    '/same-1.html': { html: html('Same title', [['/', 'Home']]) },
    '/same-2.html': { html: html('Same title', [['/a.html', 'A']]) },
    '/a.html': { html: html('A') },
    '/canon.html': { html: html('Canon', [], `<link rel="canonical" href="${SITE}/gone.html">`) },
    '/gone.html': { status: 404, html: html('Gone') },
    '/old': { status: 301, headers: [['location', '/a.html']] },
    '/large.html': {
      html: html('Large').replace('</body>', `<p>${'x'.repeat(100_000)}</p></body>`),
    },
  });
  const crawler = Crawler.start(
    { startUrls: [`${SITE}/`], delayMs: 0, maxBodyBytes: 64 * 1024 },
    { http: site.http, clock: systemClock },
  );
  return crawler.run();
}

let checkpoint: CrawlCheckpoint;
test.beforeAll(async () => {
  checkpoint = await auditCheckpoint();
});

async function openAuditReport(
  openExtensionPage: (path: string) => Promise<Page>,
): Promise<{ page: Page; dialogs: string[] }> {
  const page = await openExtensionPage('report.html');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.evaluate(([key, value]) => chrome.storage.local.set({ [key]: value }), [
    `crawl.checkpoint.${SITE}`,
    checkpoint as object,
  ] as const);
  await page.goto(page.url().replace(/\?.*$/, `?${new URLSearchParams({ origin: SITE })}`));
  return { page, dialogs };
}

const tabCount = async (page: Page, name: RegExp) =>
  Number(/\((\d+)\)$/.exec((await page.getByRole('tab', { name }).textContent()) ?? '')?.[1]);

test('Indexability: every page with its verdict, filtered by a reason, sorted; hostile text stays text', async ({
  openExtensionPage,
}) => {
  const { page, dialogs } = await openAuditReport(openExtensionPage);
  await expect(page.locator('[data-stat="Indexable"] dd')).not.toHaveText('0');
  await expect(page.locator('[data-stat="Not indexable"] dd')).not.toHaveText('0');

  await page.getByRole('tab', { name: /^Indexability/ }).click();
  await expect(page.getByTestId('indexability-summary')).toContainText('indexable for googlebot');
  await expect(page.getByTestId('indexability-summary')).toContainText('meta-robots');
  const table = page.getByTestId('indexability-table');
  const rows = table.locator('tbody tr');

  const hidden = rows.filter({ hasText: `${SITE}/hidden.html` });
  await expect(hidden.locator('td[data-column="verdict"]')).toHaveText('Not indexable');
  await expect(hidden.locator('td[data-column="reasons"]')).toContainText('blocks indexing');
  await expect(hidden.locator('td[data-column="reasons"]')).toContainText('meta-robots');
  const home = rows.filter({ has: page.getByRole('link', { name: `${SITE}/`, exact: true }) });
  await expect(home.locator('td[data-column="verdict"]')).toHaveText('Indexable');

  // The hostile title is shown as the text it is, and makes no element.
  const hostile = rows.filter({ hasText: `${SITE}/hostile.html` });
  await expect(hostile.locator('td[data-column="title"]')).toHaveText(HOSTILE_TITLE);
  await expect(page.locator('img')).toHaveCount(0);

  // Filter by a reason: the select names the codes present with their counts.
  const reason = page.getByLabel('Reason', { exact: true });
  await expect(reason.locator('option', { hasText: 'meta-robots' })).toHaveText(
    /meta-robots \(1\)/,
  );
  await reason.selectOption('meta-robots');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${SITE}/hidden.html`);
  await reason.selectOption('');
  await page.getByLabel('Verdict', { exact: true }).selectOption('indexable');
  await expect(rows.filter({ hasText: 'Not indexable' })).toHaveCount(0);
  await page.getByLabel('Verdict', { exact: true }).selectOption('');

  // Sort by page, both ways.
  const pageHeader = table.locator('th', { has: page.locator('button[data-column="url"]') });
  await pageHeader.getByRole('button').click();
  await expect(pageHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await rows.locator('td[data-column="url"]').allTextContents();
  expect(ascending).toEqual([...ascending].sort());
  await pageHeader.getByRole('button').click();
  await expect(pageHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await rows.locator('td[data-column="url"]').allTextContents()).toEqual(
    [...ascending].reverse(),
  );
  expect(dialogs).toEqual([]);
});

test('each findings section counts exactly its rows and names what it found', async ({
  openExtensionPage,
}) => {
  const { page, dialogs } = await openAuditReport(openExtensionPage);
  const expected: [RegExp, string, string][] = [
    [/^Canonical/, 'findings-canonical', 'Canonical points to a broken page'],
    [/^Titles & descriptions/, 'findings-titles', 'Duplicate title'],
    [/^Internal links/, 'findings-links', 'Link to a redirect'],
    [/^Hreflang/, 'findings-hreflang', ''],
  ];
  for (const [tab, id, finding] of expected) {
    const count = await tabCount(page, tab);
    await page.getByRole('tab', { name: tab }).click();
    if (count === 0) {
      await expect(page.getByTestId(`${id}-empty`)).toHaveText('No findings.');
      continue;
    }
    const rows = page.getByTestId(`${id}-table`).locator('tbody tr');
    await expect(rows).toHaveCount(count);
    if (finding) await expect(rows.filter({ hasText: finding })).not.toHaveCount(0);
  }
  // A page cut at the size limit is said to be, under Internal links.
  await page.getByRole('tab', { name: /^Internal links/ }).click();
  const large = page
    .getByTestId('findings-links-table')
    .locator('tbody tr', { hasText: 'Page too large' });
  await expect(large).toHaveCount(1);
  await expect(large).toContainText(`${SITE}/large.html`);
  await expect(large).toContainText('Only the first 0.063 MB of this page were read');
  // The duplicate title's related pages fold under their count.
  await page.getByRole('tab', { name: /^Titles & descriptions/ }).click();
  const duplicate = page
    .getByTestId('findings-titles-table')
    .locator('tbody tr', { hasText: 'Duplicate title' })
    .first();
  await duplicate.locator('details summary').click();
  await expect(duplicate.locator('td[data-column="related"]')).toContainText(`${SITE}/same-`);
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('redirect stubs (an instant meta refresh) get no title or description findings', async ({
  openExtensionPage,
}) => {
  const { page } = await openAuditReport(openExtensionPage);
  await page.getByRole('tab', { name: /^Titles & descriptions/ }).click();
  const rows = page.getByTestId('findings-titles-table').locator('tbody tr');
  await expect(rows.filter({ hasText: 'Duplicate title' })).not.toHaveCount(0);
  await expect(rows.filter({ hasText: `${SITE}/stub-` })).toHaveCount(0);
});
