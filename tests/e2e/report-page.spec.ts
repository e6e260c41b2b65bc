/**
 * The crawl report page (report.html?origin=…) in the real browser, on
 * checkpoints made here in Node and seeded into storage.local:
 * - a small site crawled by the real engine over an in-memory web, with a
 *   hostile anchor text and a `javascript:` link (plus one broken
 *   `javascript:` record no engine makes, to prove it is never linked);
 * - 10,000 broken links made by hand, for paging, sorting, filtering and
 *   the time a search takes.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { systemClock } from '../../lib/crawl/clock.ts';
import { CrawlBook, type CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { Crawler } from '../../lib/crawl/crawl.ts';
import { asWritten } from '../../lib/i18n/phrase.ts';
import { DEFAULT_CRAWL_OPTIONS, type UrlRecord } from '../../lib/crawl/types.ts';
import type { SourceList } from '../../lib/crawl/link-sources.ts';
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import { fakeSite, page as html } from '../support/fake-site.ts';
import { expect, test } from './extension.ts';
import type { OpenExtensionPage } from './site-tab.ts';

const SHOP = 'https://shop.example';
const BIG = 'https://big.example';
const HOSTILE_TEXT = '<img src=x onerror=alert(1)>';
const BIG_COUNT = 10_000;

/** The small site: broken links, a redirect chain, robots.txt, noindex, a trap, a bot wall. */
async function shopCheckpoint(): Promise<CrawlCheckpoint> {
  const site = fakeSite({
    '/robots.txt': {
      body: 'User-agent: *\nDisallow: /private/\n',
      headers: [['content-type', 'text/plain']],
    },
    '/': {
      html: html('Home', [
        ['/a.html', 'Page A'],
        ['/gone.html', 'Old page'],
        ['/r1', 'Spring sale'],
        ['javascript:alert(1)', 'click me'],
        ['/private/x', 'Staff only'],
        ['/hidden.html', 'Hidden'],
        ['/copy-a.html', 'Copy A'],
        ['/copy-b.html', 'Copy B'],
        ['https://elsewhere.example/missing', 'Our partner'],
        ['/login', 'Members'],
        ['/x/x/x/x/', 'Loop'],
        ['/price-list.csv', '=SUM(A1:A9)'],
      ]),
    },
    // Escaped in the HTML, so the anchor text *is* the markup-looking string.
    '/a.html': {
      html: html('A', [
        ['/gone.html', '&lt;img src=x onerror=alert(1)&gt;'],
        ['/', 'Home'],
      ]),
    },
    '/r1': { status: 301, headers: [['location', '/r2']] },
    '/r2': { status: 302, headers: [['location', '/final.html']] },
    '/final.html': { html: html('Final') },
    '/hidden.html': {
      html: html(
        'Hidden',
        [['/next.html', 'Next']],
        '<meta name="robots" content="noindex, nofollow">',
      ),
    },
    '/copy-a.html': { html: html('Same text', [['/', 'go']]) },
    '/copy-b.html': { html: html('Same text', [['/a.html', 'go']]) },
    '/login': { status: 403, html: html('Login') },
  });
  const crawler = Crawler.start(
    { startUrls: [`${SHOP}/`], delayMs: 0 },
    { http: site.http, clock: systemClock },
  );
  const checkpoint = await crawler.run();
  // One record no engine makes (it never requests javascript:), to prove the page never links it;
  // in the shape of a state saved before reasons were phrases (English only), which still loads.
  checkpoint.records.push({
    url: 'javascript:alert(1)',
    depth: 1,
    internal: false,
    status: 'broken',
    httpStatus: null,
    reason: 'not an http(s) URL',
    brokenReason: 'invalid-url',
  } as unknown as UrlRecord);
  return checkpoint;
}

/** 10,000 broken links, each on one or two pages; one anchor text says "Needle". */
function bigCheckpoint(): CrawlCheckpoint {
  const checkpoint = CrawlBook.start(
    { ...DEFAULT_CRAWL_OPTIONS, startUrls: [`${BIG}/`] },
    Date.UTC(2025, 0, 15, 12),
  ).toJSON();
  const sources: [string, SourceList][] = [];
  for (let i = 0; i < BIG_COUNT; i++) {
    const url = `${BIG}/missing/${i}`;
    const kind = bigKind(i);
    checkpoint.records.push({
      url,
      depth: 1 + (i % 4),
      internal: true,
      status: 'broken',
      httpStatus: kind === 'timeout' ? null : kind === 'http-5xx' ? 500 : 404,
      reason: asWritten(kind === 'timeout' ? 'no answer in 15 s' : `HTTP ${kind}`),
      brokenReason: kind,
      method: 'HEAD',
    });
    const page = (n: number) => ({
      page: `${BIG}/list/${n}.html`,
      element: 'a' as const,
      attribute: 'href' as const,
      text: i === 7777 ? 'Needle in the haystack' : `Item ${i}`,
      line: 1 + (i % 100),
      raw: `/missing/${i}`,
    });
    const list = i % 2 === 0 ? [page(i % 50)] : [page(i % 50), page(50 + (i % 7))];
    sources.push([url, { count: list.length, sources: list }]);
  }
  checkpoint.sources = { entries: sources, fine: [] };
  checkpoint.requests = BIG_COUNT + 51;
  checkpoint.elapsedBeforeMs = 600_000;
  checkpoint.finished = true;
  checkpoint.stoppedBecause = 'finished';
  return checkpoint;
}

function bigKind(i: number): 'http-4xx' | 'http-5xx' | 'timeout' {
  return i % 10 === 3 ? 'http-5xx' : i % 25 === 7 ? 'timeout' : 'http-4xx';
}

/** A 3,000-character URL: over the crawl's URL length limit, so it lands in Skipped. */
const LONG_URL = `${SHOP}/search?q=${'x'.repeat(2_960)}&end=here`;

/**
 * The shop crawled as the popup's defaults crawl it: other sites not
 * checked, a page limit, a 3 s timeout, and a 3,000-character link.
 */
async function popupStyleCheckpoint(): Promise<CrawlCheckpoint> {
  const site = fakeSite({
    '/': {
      html: html('Home', [
        ['/slow.html', 'Slow'],
        ['/a.html', 'Page A'],
        ['/b.html', 'Page B'],
        ['/c.html', 'Page C'],
        [LONG_URL, 'Long'],
        ['https://elsewhere.example/', 'Partner'],
      ]),
    },
    '/a.html': { html: html('A') },
    '/b.html': { html: html('B') },
    '/c.html': { html: html('C') },
    '/slow.html': { error: 'timeout' },
  });
  const crawler = Crawler.start(
    {
      startUrls: [`${SHOP}/`],
      delayMs: 0,
      checkExternal: false,
      maxPages: 3,
      timeoutMs: 3_000,
      concurrencyPerOrigin: 1,
    },
    { http: site.http, clock: systemClock },
  );
  return crawler.run();
}

let shop: CrawlCheckpoint;
let big: CrawlCheckpoint;
let popupStyle: CrawlCheckpoint;

test.beforeAll(async () => {
  shop = await shopCheckpoint();
  big = bigCheckpoint();
  popupStyle = await popupStyleCheckpoint();
});

/** Stores the checkpoints, then opens the report of `origin` (or none). */
async function openReport(
  openExtensionPage: OpenExtensionPage,
  origin: string | null,
  checkpoints: Record<string, CrawlCheckpoint> = {},
): Promise<{ page: Page; dialogs: string[] }> {
  const page = await openExtensionPage('report.html');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const [site, checkpoint] of Object.entries(checkpoints)) {
    await page.evaluate(([key, value]) => chrome.storage.local.set({ [key]: value }), [
      `crawl.checkpoint.${site}`,
      // Plain JSON to Playwright: the phrase types nest too deep for its serialisable check.
      checkpoint as object,
    ] as const);
  }
  if (origin !== null) {
    await page.goto(page.url().replace(/\?.*$/, `?${new URLSearchParams({ origin })}`));
  }
  return { page, dialogs };
}

const brokenTable = (page: Page) => page.getByTestId('broken-table');
const bodyRows = (page: Page) => brokenTable(page).locator('tbody tr');

test('broken links come with every page and anchor text; page data stays inert text', async ({
  openExtensionPage,
}) => {
  const { page, dialogs } = await openReport(openExtensionPage, SHOP, { [SHOP]: shop });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(SHOP);
  await expect(page.getByTestId('crawl-state')).toHaveText('Finished');
  await expect(page.locator('[data-stat="Broken"] dd')).toHaveText('4');
  await expect(page.getByRole('table', { name: 'HTTP status' })).toContainText('404');

  const gone = bodyRows(page).filter({ hasText: `${SHOP}/gone.html` });
  await expect(gone).toHaveCount(1);
  await expect(gone.locator('td[data-column="status"]')).toHaveText('404');
  const foundOn = gone.locator('td[data-column="foundOn"] li');
  await expect(foundOn).toHaveCount(2);
  await expect(foundOn.nth(0)).toContainText('Old page');
  // The hostile anchor text is shown as the text it is, and makes no element.
  await expect(foundOn.nth(1)).toContainText(HOSTILE_TEXT);
  await expect(gone.locator('img')).toHaveCount(0);
  const carrier = foundOn.nth(1).getByRole('link', { name: `${SHOP}/a.html` });
  await expect(carrier).toHaveAttribute('target', '_blank');
  await expect(carrier).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(gone.getByRole('link', { name: `${SHOP}/gone.html` })).toHaveAttribute(
    'href',
    `${SHOP}/gone.html`,
  );

  // A javascript: URL is text, never a link (the crawl counts such links, it no longer lists them as skipped).
  const scripted = bodyRows(page).filter({ hasText: 'javascript:alert(1)' });
  await expect(scripted.locator('.url-inert')).toHaveText('javascript:alert(1)');
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await page.getByRole('tab', { name: /^Skipped/ }).click();
  await expect(page.getByTestId('skipped-table')).toContainText('robots-txt: robots.txt');
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('redirect chains hop by hop, and the other sections', async ({ openExtensionPage }) => {
  const { page } = await openReport(openExtensionPage, SHOP, { [SHOP]: shop });
  // Keyboard: the tabs follow the arrow keys.
  await page.getByRole('tab', { name: /^Broken links/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^Redirects/ })).toBeFocused();
  const redirect = page.getByTestId('redirects-table').locator('tbody tr');
  await expect(redirect).toHaveCount(1);
  const hops = redirect.locator('td[data-column="chain"] li');
  await expect(hops).toHaveText([`301 ${SHOP}/r1`, `302 ${SHOP}/r2`]);
  await expect(redirect.locator('td[data-column="to"]')).toHaveText(`${SHOP}/final.html`);
  await expect(redirect.locator('td[data-column="finalStatus"]')).toHaveText('200');
  await expect(redirect.locator('td[data-column="outcome"]')).toHaveText('redirected');

  await page.getByRole('tab', { name: /^Traps/ }).click();
  await expect(page.getByTestId('traps-table')).toContainText('repeating-path');
  await page.getByRole('tab', { name: /^Duplicates/ }).click();
  await expect(page.getByTestId('duplicates-table')).toContainText(`${SHOP}/copy-b.html`);
  await page.getByRole('tab', { name: /^Indexability/ }).click();
  const hidden = page.getByTestId('indexability-table').locator('tbody tr', {
    hasText: `${SHOP}/hidden.html`,
  });
  await expect(hidden.locator('td[data-column="directives"]')).toHaveText('noindex, nofollow');
  await expect(page.getByTestId('not-followed-table')).toContainText(`${SHOP}/next.html`);
  await page.getByRole('tab', { name: /^Blocked/ }).click();
  await expect(page.getByTestId('blocked-table')).toContainText('Disallow: /private/');
  await page.getByRole('tab', { name: /^Forbidden/ }).click();
  await expect(page.getByTestId('forbidden-table')).toContainText('403');
  // A site that answers a missing page as it should is no finding: nothing listed, and the tab says 0.
  await page.getByRole('tab', { name: 'Soft 404 (0)' }).click();
  await expect(page.getByTestId('soft-404-empty')).toBeVisible();
  await page.getByRole('tab', { name: 'robots.txt (0)' }).click();
  await expect(page.getByTestId('robots-empty')).toBeVisible();
});

test('every tab counts exactly the rows its tables show', async ({ openExtensionPage }) => {
  for (const [origin, checkpoint] of [
    [SHOP, shop],
    [SHOP, popupStyle],
  ] as const) {
    const { page } = await openReport(openExtensionPage, origin, { [origin]: checkpoint });
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const labels = await tabs.allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(12);
    for (const label of labels) {
      const count = Number(/\((\d+)\)$/.exec(label)?.[1]);
      await page.getByRole('tab', { name: label }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel).toBeVisible();
      // Every report here is under a table's page size: all rows are on screen.
      expect(await panel.locator('tbody tr').count(), label).toBe(count);
    }
    await page.close();
  }
});

test('words for the extension, a timeout with its limit, a long URL elided', async ({
  openExtensionPage,
}) => {
  const { page } = await openReport(openExtensionPage, SHOP, { [SHOP]: popupStyle });
  const slow = bodyRows(page).filter({ hasText: `${SHOP}/slow.html` });
  await expect(slow.locator('td[data-column="kind"]')).toHaveText('timeout no answer within 3 s');

  await page.getByRole('tab', { name: /^Skipped/ }).click();
  const skipped = page.getByTestId('skipped-table');
  // The popup's controls, not the command line's flags.
  await expect(skipped).toContainText(
    'links to other sites are not checked (“Check links to other sites” is off)',
  );
  await expect(skipped).toContainText('the crawl stopped at 3 pages (“Max pages”)');
  await expect(skipped).not.toContainText('--');

  const long = skipped.locator('tbody tr').filter({ hasText: `${SHOP}/search?q=xxx` });
  await expect(long).toHaveCount(1);
  const link = long.locator('td[data-column="url"] .url');
  await expect(link).toHaveAttribute('title', LONG_URL);
  // A line or two, not twenty.
  const box = (await long.locator('td[data-column="url"]').boundingBox())!;
  expect(box.height).toBeLessThan(80);
  await expect(link).toContainText('…');
  await expect(link).toContainText('&end=here');
  // A selection copies the whole URL, without the "…".
  const selected = await link.evaluate((element) => {
    const selection = getSelection()!;
    selection.selectAllChildren(element);
    return selection.toString();
  });
  expect(selected).toBe(LONG_URL);
  await expect(link).toHaveAccessibleName(LONG_URL);
});

test('a crawl stored as running that the background does not run looks paused', async ({
  openExtensionPage,
}) => {
  const { page } = await openReport(openExtensionPage, SHOP, { [SHOP]: shop });
  await expect(page.getByTestId('broken-count')).toHaveText('4 broken links');
  const summary: CrawlSummary = {
    origin: SHOP,
    startUrl: `${SHOP}/`,
    phase: 'running',
    stats: { ...emptyStats(), done: 12, queued: 40 },
    currentUrl: `${SHOP}/page-12.html`,
    ratePerSecond: 2,
    // Its worker went 10 s ago and nothing runs it now.
    updatedAtMs: Date.now() - 10_000,
  };
  await page.evaluate((value) => chrome.storage.session.set(value), {
    [`crawl.progress.${SHOP}`]: summary,
  });
  await expect(page.getByTestId('live-progress')).toContainText('Paused', { timeout: 5_000 });
  await expect(page.getByTestId('live-progress')).not.toContainText('Crawling');
});

test('Export CSV and Export JSON download the report', async ({ openExtensionPage }) => {
  const { page } = await openReport(openExtensionPage, SHOP, { [SHOP]: shop });
  const name = /^robotlens-shop\.example-\d{4}-\d{2}-\d{2}\.(csv|json)$/;

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(name);
  expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await csvDownload.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('url,status,kind,reason,page,element,attribute,text,line');
  expect(csv).toContain(HOSTILE_TEXT);
  // A formula-looking anchor text is neutralized for spreadsheets.
  expect(csv).toContain("'=SUM(A1:A9)");

  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(jsonDownload.suggestedFilename()).toMatch(/\.json$/);
  const report = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as Record<
    string,
    unknown
  >;
  for (const key of ['startUrl', 'finished', 'stats', 'broken', 'redirects', 'distribution'])
    expect(report).toHaveProperty(key);
  expect(report.startUrl).toBe(`${SHOP}/`);
  expect((report.broken as unknown[]).length).toBe(4);
});

test('10,000 broken links: paged, sorted, filtered and searched quickly', async ({
  openExtensionPage,
}) => {
  const { page } = await openReport(openExtensionPage, BIG, { [BIG]: big });
  const count = page.getByTestId('broken-count');
  const rowsText = page.getByTestId('broken-rows');
  await expect(count).toHaveText('10,000 broken links');
  await expect(rowsText).toHaveText('rows 1–100 of 10,000');
  await expect(bodyRows(page)).toHaveCount(100);
  const previous = page.getByRole('button', { name: 'Previous page of broken links' });
  await expect(previous).toBeDisabled();
  await page.getByRole('button', { name: 'Next page of broken links' }).click();
  await expect(rowsText).toHaveText('rows 101–200 of 10,000');
  await expect(bodyRows(page).first()).toContainText(`${BIG}/missing/100`);
  await previous.click();
  await expect(rowsText).toHaveText('rows 1–100 of 10,000');

  // Sort by status: 404 first ascending, 500 first descending; no status goes last.
  const statusHeader = brokenTable(page).getByRole('columnheader', { name: 'Status', exact: true });
  await statusHeader.getByRole('button').click();
  await expect(statusHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(page).first().locator('td[data-column="status"]')).toHaveText('404');
  await statusHeader.getByRole('button').click();
  await expect(statusHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page).first().locator('td[data-column="status"]')).toHaveText('500');

  // Sorting 10,000 URLs (strings), timed in the page from the click to the new first row.
  const sortMs = await timeInPage(page, 'sort');
  console.log(`sorting ${BIG_COUNT} broken links by URL took ${sortMs.toFixed(1)} ms`);
  await expect(bodyRows(page).first().locator('td[data-column="url"]')).toHaveText(
    `${BIG}/missing/0`,
  );

  // Filter by kind.
  const fiveHundreds = big.records.filter((_, i) => bigKind(i) === 'http-5xx').length;
  await page.getByLabel('Kind').selectOption('http-5xx');
  await expect(count).toHaveText(
    `${fiveHundreds.toLocaleString('en')} of 10,000 broken links match`,
  );
  await page.getByLabel('Kind').selectOption('');

  // Search: one filter pass over 10,000 rows, timed in the page from the input event to the new count.
  const searchMs = await timeInPage(page, 'search');
  console.log(`search over ${BIG_COUNT} broken links took ${searchMs.toFixed(1)} ms`);
  expect(searchMs).toBeGreaterThan(0);
  await expect(count).toHaveText('1 of 10,000 broken links match');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText('Needle in the haystack');

  // The same search typed key by key, end to end through Playwright.
  const search = page.getByRole('searchbox', { name: 'Search broken links' });
  await search.fill('');
  const typed = performance.now();
  await search.pressSequentially('list/49.html');
  await expect(count).toHaveText('200 of 10,000 broken links match');
  console.log(
    `typing 12 characters (12 filter passes) took ${(performance.now() - typed).toFixed(0)} ms`,
  );
});

test('a running crawl shows its progress; the report is refetched only on request', async ({
  openExtensionPage,
}) => {
  const { page } = await openReport(openExtensionPage, SHOP, { [SHOP]: shop });
  await expect(page.getByTestId('broken-count')).toHaveText('4 broken links');
  await expect(page.getByTestId('live-progress')).toHaveCount(0);

  const tick = (done: number): CrawlSummary => ({
    origin: SHOP,
    startUrl: `${SHOP}/`,
    phase: 'running',
    stats: { ...emptyStats(), done, queued: 40 },
    currentUrl: `${SHOP}/page-${done}.html`,
    ratePerSecond: 3.5,
    updatedAtMs: Date.now() + 60_000,
  });
  const setProgress = (summary: CrawlSummary) =>
    page.evaluate((value) => chrome.storage.session.set(value), {
      [`crawl.progress.${SHOP}`]: summary,
    });

  // The stored crawl grows, but progress ticks alone do not refetch the report.
  const grown = structuredClone(shop);
  grown.records.push({
    url: `${SHOP}/new-dead.html`,
    depth: 1,
    internal: true,
    status: 'broken',
    httpStatus: 410,
    reason: asWritten('HTTP 410'),
    brokenReason: 'http-4xx',
    method: 'GET',
  });
  await page.evaluate(
    (value) => chrome.storage.local.set({ [`crawl.checkpoint.${value.site}`]: value.cp }),
    {
      site: SHOP,
      cp: grown as object,
    },
  );
  await setProgress(tick(10));
  const live = page.getByTestId('live-progress');
  await expect(live).toContainText('10 links checked');
  await expect(live).toContainText('3.5 requests/s');
  await expect(live).toContainText(`${SHOP}/page-10.html`);
  await setProgress(tick(20));
  await expect(live).toContainText('20 links checked');
  await expect(page.getByTestId('broken-count')).toHaveText('4 broken links');

  await page.getByRole('button', { name: 'Refresh report' }).click();
  await expect(page.getByTestId('broken-count')).toHaveText('5 broken links');
});

/**
 * Milliseconds from a user action to the rendered result, measured in the
 * page: `search` types NEEDLE in the search box (one input event), `sort`
 * clicks the URL column's header; both wait for the table to change.
 */
function timeInPage(page: Page, action: 'search' | 'sort'): Promise<number> {
  return page.evaluate(async (which) => {
    const table = document.querySelector('[data-testid="broken-table"]')!;
    const watched =
      which === 'search'
        ? document.querySelector('[data-testid="broken-count"]')!
        : table.querySelector('tbody tr td[data-column="url"]')!;
    const before = watched.textContent;
    const start = performance.now();
    if (which === 'search') {
      const input = table.querySelector<HTMLInputElement>(
        'input[aria-label="Search broken links"]',
      )!;
      input.value = 'NEEDLE';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    } else {
      table.querySelector<HTMLButtonElement>('button[data-column="url"]')!.click();
    }
    while (watched.textContent === before) await new Promise((resolve) => setTimeout(resolve, 0));
    return performance.now() - start;
  }, action);
}

function emptyStats() {
  return {
    done: 0,
    queued: 0,
    inFlight: 0,
    pagesCrawled: 0,
    requests: 0,
    broken: 0,
    redirected: 0,
    skipped: 0,
    blocked: 0,
    startedAtMs: Date.now(),
    elapsedMs: 0,
  };
}

test('no site, or a site never crawled: a clear alert', async ({ openExtensionPage }) => {
  const { page } = await openReport(openExtensionPage, null);
  await expect(page.getByRole('alert')).toContainText('No site given');
  await page.goto(page.url().replace(/\?.*$/, '?origin=https%3A%2F%2Fnever.example'));
  await expect(page.getByRole('alert')).toContainText(
    'No crawl of https://never.example is stored.',
  );
});

test('readable at 800 px: nothing wider than the window', async ({ openExtensionPage }) => {
  const { page } = await openReport(openExtensionPage, SHOP, { [SHOP]: shop });
  await expect(page.getByTestId('broken-table')).toBeVisible();
  await page.setViewportSize({ width: 800, height: 900 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
