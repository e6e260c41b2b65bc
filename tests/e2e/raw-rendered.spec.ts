/**
 * Raw vs rendered in the real browser: the popup's verdict is for the page
 * as rendered, and a note names what a script changed from the HTML the
 * server sent (fetched once by the background, without cookies).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { E2E_EXTENSION_DIR, expect, test } from './extension.ts';
import { openSiteTab, showPopup, type OpenExtensionPage } from './site-tab.ts';

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/raw-rendered'));
});
test.afterAll(async () => {
  await site.close();
});

const NOTE = '.reasons-note li[data-code="raw-rendered"]';

async function popupFor(
  openExtensionPage: OpenExtensionPage,
  pathname: string,
  robot?: string,
): Promise<Page> {
  const { tabId, popup } = await openSiteTab(openExtensionPage, `${site.origin}${pathname}`);
  await showPopup(popup, tabId, robot ? { robot } : {});
  return popup;
}

/** How the page itself was requested, apart from the browser's navigation to it. */
function fetchesOf(pathname: string): string[] {
  return site.log
    .filter((entry) => entry.url === pathname && entry.headers['sec-fetch-mode'] !== 'navigate')
    .map((entry) => entry.method);
}

async function expectServedNoindexRemoved(popup: Page): Promise<void> {
  const verdict = popup.getByTestId('verdict');
  await expect(verdict).toContainText('Indexable');
  await expect(verdict).toContainText(
    'as rendered, but the HTML the server sends says noindex, and a script removes it',
  );
  const note = popup.locator(NOTE);
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('may drop the page before ever rendering it');
  await expect(note.locator('.reason-source')).toHaveText(
    'Served HTML: <meta name="robots" content="noindex"> — rendered: (none)',
  );
  await expect(popup.locator('.reasons-blocking')).toHaveCount(0);
}

test('a noindex a script removes: indexable as rendered, and the note says what the server sent', async ({
  openExtensionPage,
}) => {
  site.reset();
  const popup = await popupFor(openExtensionPage, '/noindex-removed.html');
  await expectServedNoindexRemoved(popup);
  // One request gave the status, the headers and the served markup: a GET, no HEAD.
  expect(fetchesOf('/noindex-removed.html')).toEqual(['GET']);
});

test('a noindex a script adds for googlebot: counted for googlebot, with the note; not for bingbot', async ({
  openExtensionPage,
}) => {
  const popup = await popupFor(openExtensionPage, '/noindex-added.html', 'googlebot');
  await expect(popup.getByTestId('verdict')).toContainText('Not indexable');
  const notes = popup.locator(NOTE);
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toContainText('it may or may not');
  await expect(notes.first().locator('.reason-source')).toHaveText(
    'Served HTML: (none) — rendered: <meta name="googlebot" content="noindex">',
  );
  await expect(notes.last().locator('.reason-source')).toHaveText(
    'Served HTML: Served title — rendered: Title set by a script',
  );

  const forBing = await popupFor(openExtensionPage, '/noindex-added.html', 'bingbot');
  await expect(forBing.getByTestId('verdict')).toContainText('Indexable');
  // Only the title: the googlebot META does not speak to bingbot.
  await expect(forBing.locator(NOTE)).toHaveCount(1);
  await expect(forBing.locator(NOTE)).toContainText('A script changes the title');
});

test('a page whose scripts change nothing a robot reads has no raw-vs-rendered note', async ({
  openExtensionPage,
}) => {
  const popup = await popupFor(openExtensionPage, '/same.html');
  await expect(popup.getByTestId('verdict')).toContainText('Indexable');
  await expect(popup.getByTestId('verdict')).not.toContainText('as rendered');
  await expect(popup.locator(NOTE)).toHaveCount(0);
});

test.describe('with host access to the site (the background fetches it itself)', () => {
  test.use({ extensionDir: E2E_EXTENSION_DIR });

  test('the same note, from the service worker’s own fetch', async ({ openExtensionPage }) => {
    site.reset();
    const popup = await popupFor(openExtensionPage, '/noindex-removed.html');
    await expectServedNoindexRemoved(popup);
    expect(fetchesOf('/noindex-removed.html')).toEqual(['GET']);
  });
});
