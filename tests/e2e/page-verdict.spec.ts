/**
 * Job 1 in the real browser: the built extension's popup and badge give the
 * right verdict, with the right reasons, for one fixture page per situation.
 */
import path from 'node:path';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import { badgeText, openSiteTab, showPopup, turnOnBrowseCheck } from './site-tab.ts';
import { storedSettings } from './stored-settings.ts';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/indexability'));
});
test.afterAll(async () => {
  await site.close();
});

const at = (pathname: string) => `${site.origin}${pathname}`;

const cases: {
  path: string;
  robot?: string;
  indexable: boolean;
  blocking: string[];
  notes?: string[];
}[] = [
  { path: '/clean.html', indexable: true, blocking: [] },
  { path: '/noindex-meta.html', indexable: false, blocking: ['meta-robots'] },
  { path: '/googlebot-noindex.html', indexable: false, blocking: ['meta-robots'] },
  { path: '/googlebot-noindex.html', robot: 'bingbot', indexable: true, blocking: [] },
  { path: '/x-robots-noindex.html', indexable: false, blocking: ['x-robots-tag'] },
  { path: '/x-robots-googlebot.html', indexable: false, blocking: ['x-robots-tag'] },
  { path: '/x-robots-googlebot.html', robot: 'bingbot', indexable: true, blocking: [] },
  {
    path: '/private/secret.html',
    indexable: false,
    blocking: ['robots-txt'],
    notes: ['noindex-unseen'],
  },
  { path: '/no-bing.html', robot: 'bingbot', indexable: false, blocking: ['robots-txt'] },
  { path: '/missing.html', indexable: false, blocking: ['http-status'] },
  { path: '/canonical-elsewhere.html', indexable: true, blocking: [], notes: ['canonical'] },
  {
    path: '/meta-in-body.html',
    indexable: false,
    blocking: ['meta-robots'],
    notes: ['meta-outside-head'],
  },
  { path: '/conflicting.html', indexable: false, blocking: ['meta-robots'], notes: ['conflict'] },
  { path: '/unavailable-after.html', indexable: false, blocking: ['unavailable-after'] },
];

for (const c of cases) {
  test(`popup: ${c.path} for ${c.robot ?? 'googlebot'} → ${c.indexable ? 'indexable' : 'not indexable'}`, async ({
    openExtensionPage,
  }) => {
    const { tabId, popup: helper } = await openSiteTab(openExtensionPage, at(c.path));
    await showPopup(helper, tabId, c.robot ? { robot: c.robot } : {});
    const verdict = helper.getByTestId('verdict');
    await expect(verdict).toContainText(c.indexable ? 'Indexable' : 'Not indexable');
    const blocking = await helper
      .locator('.reasons-blocking li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-code')));
    expect(new Set(blocking)).toEqual(new Set(c.blocking));
    for (const note of c.notes ?? []) {
      await expect(helper.locator(`.reasons-note li[data-code="${note}"]`).first()).toBeVisible();
    }
  });
}

test('popup lists the tags found and the deciding robots.txt line', async ({
  openExtensionPage,
}) => {
  const { tabId, popup: helper } = await openSiteTab(openExtensionPage, at('/private/secret.html'));
  await showPopup(helper, tabId);
  await expect(helper.getByTestId('robots-line')).toContainText(
    'disallowed — line 3: Disallow: /private/',
  );
  await expect(helper.getByTestId('http-status')).toHaveText('200');
  const { tabId: cleanTab } = await openSiteTab(openExtensionPage, at('/clean.html'));
  await showPopup(helper, cleanTab);
  const tags = helper.getByRole('region', { name: 'Tags found' });
  await expect(tags).toContainText('A page every robot may index.');
  await expect(tags).toContainText('7 days');
  await expect(tags).toContainText('hreflang ko');
});

test('changing the robot in the popup changes the verdict and is remembered', async ({
  openExtensionPage,
}) => {
  const { tabId, popup: helper } = await openSiteTab(
    openExtensionPage,
    at('/googlebot-noindex.html'),
  );
  await showPopup(helper, tabId, { robot: 'googlebot' });
  await expect(helper.getByTestId('verdict')).toContainText('Not indexable');
  await helper.getByLabel('Robot', { exact: true }).selectOption('bingbot');
  await expect(helper.getByTestId('verdict')).toContainText('Indexable');
  await expect(helper.getByTestId('verdict')).toContainText('for bingbot');
  expect((await storedSettings(helper)).robot).toBe('bingbot');
  await helper.getByLabel('Robot', { exact: true }).selectOption('custom');
  await helper.getByLabel('Robot product token').fill('duckduckbot');
  await helper.getByRole('button', { name: 'Check for this robot' }).click();
  await expect(helper.getByTestId('verdict')).toContainText('for duckduckbot');
});

test.describe('with "Check each page as I browse" on', () => {
  // Turning it on needs access to the sites: the build with 127.0.0.1 granted.
  test.use({ extensionDir: E2E_EXTENSION_DIR });

  test('the badge shows the verdict and changes when the tab navigates', async ({
    openExtensionPage,
  }) => {
    await turnOnBrowseCheck(openExtensionPage);
    const {
      page,
      tabId,
      popup: helper,
    } = await openSiteTab(openExtensionPage, at('/navigate-a.html'));
    await expect.poll(() => badgeText(helper, tabId)).toBe('NO');
    await page.click('#next');
    await page.waitForURL('**/clean.html');
    await expect.poll(() => badgeText(helper, tabId)).toBe('OK');
    await page.goto(`${site.origin}/x-robots-noindex.html`);
    await expect.poll(() => badgeText(helper, tabId)).toBe('NO');
    const title = await helper.evaluate((id) => chrome.action.getTitle({ tabId: id }), tabId);
    expect(title).toMatch(/^RobotLens — .*noindex/i);
  });
});

test('the popup explains pages it cannot read', async ({ openExtensionPage, context }) => {
  const helper = await openExtensionPage('popup.html', { tabId: 999999 });
  const blank = await context.newPage();
  await blank.goto('about:blank');
  await blank.bringToFront();
  const tabId = await helper.evaluate(async () => {
    const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
    return tab!.id!;
  });
  await helper.goto(helper.url().replace(/\?.*$/, `?tabId=${tabId}`));
  await expect(helper.getByRole('alert')).toContainText('cannot read this tab');
});

test('a robots.txt that answers 503 is named once among the reasons, not in every line', async ({
  openExtensionPage,
}) => {
  const down = await startSiteServer(path.resolve('tests/fixtures/robots-503'));
  try {
    const { tabId, popup: helper } = await openSiteTab(openExtensionPage, `${down.origin}/`);
    await showPopup(helper, tabId);
    await expect(helper.getByTestId('verdict')).toContainText('Not indexable');
    const sentence = 'robots.txt returned 503';
    const times = (text: string) => text.split(sentence).length - 1;
    const reasons = (await helper.locator('section.reasons').allInnerTexts()).join('\n');
    expect(times(reasons)).toBe(1);
    // The headline and the robots.txt line name it too; nothing else repeats it.
    const shown = helper.locator('section:has([data-testid="verdict"])').first();
    expect(times(await shown.innerText())).toBeLessThanOrEqual(3);
  } finally {
    await down.close();
  }
});
