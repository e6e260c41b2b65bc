/**
 * The Options page in the real browser: settings saved and kept, refused
 * when wrong, exported and imported; and what they do — the popup's crawl
 * form starts from them, the block list stops the crawler even with
 * robots.txt ignored, the timeout applies, and the From address reaches
 * the server on every crawl request (and changes when the user changes it).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings/settings.ts';
import { reportOf } from './crawl-popup.ts';
import { useCrawlSites } from './crawl-sites.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import { openSiteTab, type OpenExtensionPage } from './site-tab.ts';
import { storedRecord, storedSettings } from './stored-settings.ts';

test.use({ extensionDir: E2E_EXTENSION_DIR });

const sites = useCrawlSites();

async function openOptions(openExtensionPage: OpenExtensionPage): Promise<Page> {
  const page = await openExtensionPage('options.html');
  await expect(page.getByRole('heading', { name: 'RobotLens settings' })).toBeVisible();
  return page;
}

/** The form's controls, by their labels. */
function controls(page: Page) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  return {
    robot: field('Default robot for verdicts'),
    maxPages: field('Max pages'),
    maxDepth: field('Max depth'),
    concurrency: field('Requests at once, per site'),
    delay: field('Delay between requests (ms)'),
    timeout: field('Timeout per request (ms)'),
    crawlRobot: field('robots.txt token'),
    obeyRobots: field('Obey robots.txt'),
    checkExternal: field('Check links to other sites'),
    useSitemaps: field('Seed from sitemaps'),
    from: field('Contact address (From)'),
    blockList: field('URLs never to fetch, one pattern a line'),
    importFile: field('Import settings from a file'),
    save: page.getByRole('button', { name: 'Save' }),
    status: page.getByTestId('options-status'),
    alert: page.getByTestId('options-alert'),
  };
}

/** Fills the form with these crawl settings (and the rest given) and saves. */
async function saveOptions(
  page: Page,
  values: { maxPages?: string; maxDepth?: string; delay?: string; timeout?: string } & {
    from?: string;
    blockList?: string;
    obeyRobots?: boolean;
    crawlRobot?: string;
  },
): Promise<void> {
  const form = controls(page);
  for (const key of ['maxPages', 'maxDepth', 'delay', 'timeout', 'from', 'crawlRobot'] as const) {
    const value = values[key];
    if (value !== undefined) await form[key].fill(value);
  }
  if (values.blockList !== undefined) await form.blockList.fill(values.blockList);
  if (values.obeyRobots !== undefined) await form.obeyRobots.setChecked(values.obeyRobots);
  await form.save.click();
  await expect(form.status).toHaveText('Saved.');
}

/** The popup's Crawl tab for a tab showing the site's `pathname`, as the user opens it. */
async function popupCrawlTab(openExtensionPage: OpenExtensionPage, pathname = '/about.html') {
  const { tabId, popup } = await openSiteTab(openExtensionPage, `${sites.site.origin}${pathname}`);
  await popup.goto(popup.url().replace(/\?.*$/, `?tabId=${tabId}#crawl`));
  await popup.reload();
  await expect(popup.getByRole('region', { name: 'Crawl' })).toBeVisible();
  return popup;
}

/** Starts a crawl from the popup and waits until that crawl (not an earlier one) has finished. */
async function crawlFromRoot(popup: Page): Promise<void> {
  const startedOf = async () => {
    const reply = (await popup.evaluate(
      (origin) => chrome.runtime.sendMessage({ type: 'get-crawl-report', origin }),
      sites.site.origin,
    )) as { ok: boolean; report?: { finished: boolean; stats: { startedAtMs: number } } };
    return reply.ok && reply.report?.finished ? reply.report.stats.startedAtMs : null;
  };
  const before = await startedOf();
  await popup.getByRole('button', { name: 'Start crawl from the site root' }).click();
  await expect
    .poll(
      async () => {
        const started = await startedOf();
        return started !== null && started !== before;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await expect(popup.getByTestId('crawl-phase')).toContainText('Finished');
}

/** The site's log of requests RobotLens made (the tab's own page load is the browser's). */
const robotLensRequests = () =>
  sites.site.log.filter((entry) => (entry.headers['user-agent'] ?? '').startsWith('RobotLens/'));

const requestedPaths = () => sites.site.log.map((entry) => entry.url);

test('every setting is saved, a reload shows it, and Enter saves from the keyboard', async ({
  openExtensionPage,
}) => {
  const page = await openOptions(openExtensionPage);
  const form = controls(page);
  await expect(form.maxPages).toHaveValue('500');
  await expect(form.obeyRobots).toBeChecked();
  await form.robot.fill('bingbot');
  await form.concurrency.fill('1');
  await form.useSitemaps.check();
  await saveOptions(page, {
    maxPages: '42',
    maxDepth: '3',
    delay: '120',
    timeout: '4000',
    crawlRobot: 'Googlebot',
    from: 'webmaster@example.com',
    blockList: '/admin/*\n\nre:[?&]sessionid=\n/admin/*',
  });
  const expected: Settings = {
    robot: 'bingbot',
    crawl: {
      ...DEFAULT_SETTINGS.crawl,
      maxPages: 42,
      maxDepth: 3,
      concurrencyPerOrigin: 1,
      delayMs: 120,
      timeoutMs: 4_000,
      robot: 'Googlebot',
      useSitemaps: true,
    },
    from: 'webmaster@example.com',
    blockList: ['/admin/*', 're:[?&]sessionid='],
    schedule: {},
  };
  expect(await storedSettings(page)).toEqual(expected);
  expect(await storedRecord(page)).toMatchObject({ format: 'robotlens-settings', version: 1 });

  await page.reload();
  await expect(form.robot).toHaveValue('bingbot');
  await expect(form.maxPages).toHaveValue('42');
  await expect(form.timeout).toHaveValue('4000');
  await expect(form.crawlRobot).toHaveValue('Googlebot');
  await expect(form.useSitemaps).toBeChecked();
  await expect(form.from).toHaveValue('webmaster@example.com');
  await expect(form.blockList).toHaveValue('/admin/*\nre:[?&]sessionid=');

  // Keyboard only: Tab reaches a field with a visible focus ring, Enter saves.
  await form.from.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(form.from).toBeFocused();
  const outline = await form.from.evaluate((input) => getComputedStyle(input).outlineStyle);
  expect(outline).not.toBe('none');
  // Tab selects the field's text: go to its end first.
  await page.keyboard.press('End');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('org');
  await expect(form.status).toHaveText('Unsaved changes.');
  await page.keyboard.press('Enter');
  await expect(form.status).toHaveText('Saved.');
  expect((await storedSettings(page)).from).toBe('webmaster@example.org');
  await form.from.blur();
});

test('wrong input is marked field by field and line by line, and nothing is saved', async ({
  openExtensionPage,
}) => {
  const page = await openOptions(openExtensionPage);
  const form = controls(page);
  await saveOptions(page, { maxPages: '80', from: 'first@example.com' });
  const before = await storedRecord(page);

  await form.robot.fill('  ');
  await form.maxPages.fill('0');
  await form.timeout.fill('999999');
  await form.from.fill('webmaster');
  await form.blockList.fill('/ok/*\nadmin\n\nre:(?=a)a');
  await form.save.click();
  await expect(form.alert).toHaveText('Not saved: 5 settings need fixing (marked below).');
  await expect(form.status).toHaveText('');
  // Focus goes to the first field to fix; each error is read with its field.
  await expect(form.robot).toBeFocused();
  for (const [control, error] of [
    [form.robot, /Must be a robot’s product token/],
    [form.maxPages, /Must be a whole number from 1 to 100,000\./],
    [form.timeout, /Must be a whole number from 1,000 to 120,000\./],
    [form.from, /An email address needs an @/],
    [
      form.blockList,
      /Line 2 \(admin\): Start the pattern with \/.*Line 4 \(re:\(\?=a\)a\): Not valid RE2 syntax: .*no lookaround/,
    ],
  ] as const) {
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(error);
  }
  await expect(form.maxDepth).not.toHaveAttribute('aria-invalid');
  expect(await storedRecord(page)).toEqual(before);

  await page.reload();
  await expect(form.maxPages).toHaveValue('80');
  await expect(form.from).toHaveValue('first@example.com');
  await expect(form.blockList).toHaveValue('');
});

test('turning robots.txt off shows a clear warning, kept after saving', async ({
  openExtensionPage,
}) => {
  const page = await openOptions(openExtensionPage);
  const form = controls(page);
  const warning = page.getByTestId('obey-robots-warning');
  await expect(warning).toHaveCount(0);
  await form.obeyRobots.uncheck();
  await expect(warning).toBeVisible();
  await expect(warning).toHaveAttribute('role', 'alert');
  await expect(warning).toContainText('crawls will fetch pages it forbids');
  await expect(warning).toContainText('only to crawl your own site');
  await expect(warning).toContainText('URLs on the block list are still never fetched');
  await form.save.click();
  await expect(form.status).toHaveText('Saved.');
  await page.reload();
  await expect(form.obeyRobots).not.toBeChecked();
  await expect(warning).toBeVisible();
  await form.obeyRobots.check();
  await expect(warning).toHaveCount(0);
});

test('export then import gives back the same settings', async ({ openExtensionPage }) => {
  const page = await openOptions(openExtensionPage);
  const form = controls(page);
  await saveOptions(page, {
    maxPages: '77',
    from: 'backup@example.com',
    blockList: '/cart/*\n*.zip',
    obeyRobots: false,
  });
  const saved = await storedSettings(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export settings' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('robotlens-settings.json');
  const text = await readFile((await download.path())!, 'utf8');
  expect(JSON.parse(text)).toEqual({ format: 'robotlens-settings', version: 1, ...saved });

  await page.getByRole('button', { name: 'Restore defaults' }).click();
  await expect(form.status).toHaveText('The defaults are in the form: press Save to keep them.');
  await form.save.click();
  await expect(form.status).toHaveText('Saved.');
  expect(await storedSettings(page)).toEqual(DEFAULT_SETTINGS);
  await expect(form.maxPages).toHaveValue('500');

  await form.importFile.setInputFiles({
    name: 'robotlens-settings.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(form.status).toHaveText('Imported robotlens-settings.json and saved.');
  expect(await storedSettings(page)).toEqual(saved);
  await expect(form.maxPages).toHaveValue('77');
  await expect(form.blockList).toHaveValue('/cart/*\n*.zip');
  await expect(form.obeyRobots).not.toBeChecked();
});

test('a broken import lists every problem and changes nothing', async ({ openExtensionPage }) => {
  const page = await openOptions(openExtensionPage);
  const form = controls(page);
  await saveOptions(page, { maxPages: '33', from: 'keep@example.com' });
  const before = await storedRecord(page);
  const problems = page.locator('#opt-import-problems');
  const importText = (name: string, text: string) =>
    form.importFile.setInputFiles({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });

  await importText('cut.json', '{"robot": "bingbot", "crawl": {');
  await expect(form.alert).toHaveText('Nothing was imported from cut.json.');
  await expect(problems).toHaveAttribute('role', 'alert');
  await expect(problems).toContainText(
    'Nothing was imported from cut.json: 1 problem to fix in the file.',
  );
  await expect(problems).toContainText('The file: The file is not valid JSON');

  await importText(
    'wrong.json',
    JSON.stringify({
      robot: 'bingbot',
      crawl: { maxPages: 0, obeyRobots: 'no' },
      from: 'nobody',
      blockList: ['/fine/*', 'admin'],
      colour: 'red',
    }),
  );
  await expect(problems).toContainText('wrong.json: 5 problems to fix in the file.');
  await expect(problems.getByRole('listitem')).toHaveText([
    'colour: Not a RobotLens setting.',
    'crawl.maxPages: Must be a whole number from 1 to 100,000. (found 0)',
    'crawl.obeyRobots: Must be true or false. (found "no")',
    /^from: An email address needs an @/,
    /^blockList\[1\]: Start the pattern with \//,
  ]);
  expect(await storedRecord(page)).toEqual(before);
  await expect(form.robot).toHaveValue('googlebot');
  await expect(form.maxPages).toHaveValue('33');
  await page.reload();
  await expect(form.from).toHaveValue('keep@example.com');
});

test('the popup opens the Options page, and its crawl form starts from them', async ({
  context,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const page = await openOptions(openExtensionPage);
  await saveOptions(page, {
    maxPages: '3',
    maxDepth: '2',
    delay: '20',
    crawlRobot: 'Googlebot',
    obeyRobots: false,
  });
  const popup = await popupCrawlTab(openExtensionPage);
  const field = (label: string) => popup.getByLabel(label, { exact: true });
  await expect(field('Max pages')).toHaveValue('3');
  await expect(field('Max depth')).toHaveValue('2');
  await expect(field('Delay (ms)')).toHaveValue('20');
  await expect(field('Robot token')).toHaveValue('Googlebot');
  await expect(field('Obey robots.txt')).not.toBeChecked();

  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    popup.getByRole('button', { name: 'Settings' }).click(),
  ]);
  await expect(opened).toHaveURL(/\/options\.html$/);
  await opened.close();

  // Unchanged in the popup: the crawl takes the defaults.
  await crawlFromRoot(popup);
  expect((await reportOf(popup, sites.site.origin)).stats.pagesCrawled).toBe(3);
  // Changed in the popup: that crawl takes the change; the defaults stay as they were.
  await field('Max pages').fill('5');
  await crawlFromRoot(popup);
  expect((await reportOf(popup, sites.site.origin)).stats.pagesCrawled).toBe(5);
  expect((await storedSettings(popup)).crawl.maxPages).toBe(3);
  await popup.reload();
  await expect(field('Max pages')).toHaveValue('3');
});

test('the block list stops the crawler even with robots.txt ignored; the timeout applies', async ({
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const page = await openOptions(openExtensionPage);
  await saveOptions(page, {
    maxDepth: '1',
    timeout: '1000',
    obeyRobots: false,
    blockList: '/about.html\n/redirect/chain-middle',
  });
  const popup = await popupCrawlTab(openExtensionPage, '/index.html');
  sites.site.reset();
  await crawlFromRoot(popup);

  const paths = requestedPaths();
  expect(paths).toContain('/redirect/chain-start');
  expect(paths).not.toContain('/about.html');
  expect(paths).not.toContain('/redirect/chain-middle');
  // robots.txt is ignored: it is not fetched, and what it disallows is.
  expect(paths).not.toContain('/robots.txt');
  expect(paths).toContain('/private/secret.html');

  const report = await reportOf(popup, sites.site.origin);
  const at = (pathname: string) => `${sites.site.origin}${pathname}`;
  expect(report.traps).toContainEqual(
    expect.objectContaining({ url: at('/about.html'), kind: 'blocked-pattern' }),
  );
  expect(report.blocked).toContainEqual(
    expect.objectContaining({
      url: at('/redirect/chain-start'),
      reason: `redirects to ${at('/redirect/chain-middle')}, which is on the block list`,
    }),
  );
  // The 1 s timeout from the Options page, not the 15 s default.
  expect(report.broken.find((b) => b.url === at('/slow/hang.html'))?.kind).toBe('timeout');
  const hang = sites.site.log.find((entry) => entry.url === '/slow/hang.html')!;
  expect(hang.endedAtMs! - hang.startedAtMs).toBeLessThan(5_000);
});

test('the From address reaches the server on every crawl request, and follows changes', async ({
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  const page = await openOptions(openExtensionPage);
  await saveOptions(page, { maxPages: '4', maxDepth: '1', from: 'crawler-owner@example.com' });
  const popup = await popupCrawlTab(openExtensionPage);
  const fromHeaders = () => robotLensRequests().map((entry) => entry.headers.from ?? null);

  for (const from of ['crawler-owner@example.com', 'second@example.org', null]) {
    if (from !== 'crawler-owner@example.com') await saveOptions(page, { from: from ?? '' });
    sites.site.reset();
    await crawlFromRoot(popup);
    expect(robotLensRequests().length).toBeGreaterThanOrEqual(4);
    expect(new Set(fromHeaders())).toEqual(new Set([from]));
  }
});
