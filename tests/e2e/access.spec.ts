/**
 * Access only when asked (README "Permissions" and "Privacy"): the shipped
 * build reads no page and sends nothing while the user browses; a click on
 * its toolbar button (activeTab) is what lets it read and check the page;
 * its service worker cannot read a site it was given no access to; and
 * "Check each page as I browse" adds the page reader for every site when
 * turned on and takes it away when turned off.
 */
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { E2E_EXTENSION_DIR, EXTENSION_DIR, expect, test } from './extension.ts';
import { badgeText, openSiteTab } from './site-tab.ts';
import { clickToolbarButton } from './toolbar-button.ts';

let site: SiteServer;
test.beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/indexability'));
});
test.afterAll(async () => {
  await site.close();
});

/** What the extension asked of the site since `from` (the page's own load is the browser's). */
const extensionRequests = (from: number) =>
  site.log
    .slice(from)
    // The browser's own load of the page is a navigation; the extension's fetches are not.
    .filter((entry) => entry.headers['sec-fetch-mode'] !== 'navigate')
    .filter((entry) => entry.url !== '/favicon.ico')
    .map((entry) => `${entry.method} ${entry.url}`);

async function worker(context: BrowserContext) {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

test.describe('the shipped build', () => {
  test.use({ extensionDir: EXTENSION_DIR });

  test('browsing a page sends nothing and reads nothing; the worker cannot read the site', async ({
    openExtensionPage,
    context,
  }) => {
    const before = site.log.length;
    const { page, tabId, popup } = await openSiteTab(
      openExtensionPage,
      `${site.origin}/clean.html`,
    );
    await page.waitForTimeout(1_500);
    expect(extensionRequests(before)).toEqual([]);
    expect(await badgeText(popup, tabId)).toBe('');
    // No grant: a request from the service worker gets no readable answer.
    const answer = await (
      await worker(context)
    ).evaluate(async (url) => {
      try {
        const response = await fetch(url, { credentials: 'omit' });
        return { status: response.status, type: response.type };
      } catch (error) {
        return { refused: String(error) };
      }
    }, `${site.origin}/clean.html`);
    expect(answer).toEqual({ refused: 'TypeError: Failed to fetch' });
  });

  test('a click on the toolbar button reads and checks the page (activeTab), with no host access', async ({
    openExtensionPage,
    context,
  }) => {
    const { page, tabId, popup } = await openSiteTab(
      openExtensionPage,
      `${site.origin}/clean.html`,
    );
    const before = site.log.length;
    await clickToolbarButton(context, page);
    await expect.poll(() => badgeText(popup, tabId)).toBe('OK');
    expect(extensionRequests(before).sort()).toEqual(['GET /clean.html', 'GET /robots.txt']);
    expect(
      await popup.evaluate(() => chrome.permissions.contains({ origins: ['http://127.0.0.1/*'] })),
    ).toBe(false);
  });

  test('turning on "Check each page as I browse" asks for every site, and a "no" changes nothing', async ({
    openExtensionPage,
  }) => {
    const options = await openExtensionPage('options.html');
    const asked = await stubPermissionPrompt(options, false);
    await options.getByLabel(/Check each page as I browse/).click();
    await expect.poll(asked).toEqual([{ origins: ['http://*/*', 'https://*/*'] }]);
    await expect(options.getByTestId('browse-check').getByRole('alert')).toContainText(
      'not granted',
    );
    await expect(options.getByLabel(/Check each page as I browse/)).not.toBeChecked();
    expect(await registeredScripts(options)).toEqual([]);
  });
});

test.describe('with access to 127.0.0.1 (the e2e build)', () => {
  test.use({ extensionDir: E2E_EXTENSION_DIR });

  test('opting in registers the page reader (badge on a newly loaded tab); opting out removes it', async ({
    openExtensionPage,
  }) => {
    const options = await openExtensionPage('options.html');
    // A headless browser cannot answer the prompt: the test says yes for the user. The build's
    // real grant for 127.0.0.1 is what lets the registered reader run on the test site.
    await stubPermissionPrompt(options, true);
    const removed = await stubPermissionRemoval(options);
    const toggle = options.getByLabel(/Check each page as I browse/);

    const off = await openSiteTab(openExtensionPage, `${site.origin}/clean.html`);
    await off.page.waitForTimeout(1_000);
    expect(await badgeText(off.popup, off.tabId)).toBe('');

    await toggle.click();
    await expect(toggle).toBeChecked();
    expect(await registeredScripts(options)).toEqual([
      {
        id: 'robotlens-browse-check',
        matches: ['http://*/*', 'https://*/*'],
        persistAcrossSessions: true,
      },
    ]);
    const on = await openSiteTab(openExtensionPage, `${site.origin}/noindex-meta.html`);
    await expect.poll(() => badgeText(on.popup, on.tabId)).toBe('NO');

    await toggle.click();
    await expect(toggle).not.toBeChecked();
    expect(await registeredScripts(options)).toEqual([]);
    await expect.poll(removed).toEqual([{ origins: ['http://*/*', 'https://*/*'] }]);
    const afterOff = await openSiteTab(openExtensionPage, `${site.origin}/clean.html`);
    await afterOff.page.waitForTimeout(1_500);
    expect(await badgeText(afterOff.popup, afterOff.tabId)).toBe('');
  });
});

/** Answers the browser's permission prompt with `answer`; returns what was asked. */
async function stubPermissionPrompt(page: Page, answer: boolean): Promise<() => Promise<unknown>> {
  await page.evaluate((granted) => {
    const asked: unknown[] = [];
    (window as unknown as { asked: unknown[] }).asked = asked;
    chrome.permissions.request = ((request: unknown) => {
      asked.push(request);
      return Promise.resolve(granted);
    }) as typeof chrome.permissions.request;
  }, answer);
  return () => page.evaluate(() => (window as unknown as { asked: unknown[] }).asked);
}

/** Records what the page gives back (the access the stub never really granted). */
async function stubPermissionRemoval(page: Page): Promise<() => Promise<unknown>> {
  await page.evaluate(() => {
    const removed: unknown[] = [];
    (window as unknown as { removed: unknown[] }).removed = removed;
    chrome.permissions.remove = ((request: unknown) => {
      removed.push(request);
      return Promise.resolve(true);
    }) as typeof chrome.permissions.remove;
  });
  return () => page.evaluate(() => (window as unknown as { removed: unknown[] }).removed);
}

function registeredScripts(page: Page) {
  return page.evaluate(async () =>
    (await chrome.scripting.getRegisteredContentScripts()).map((script) => ({
      id: script.id,
      matches: script.matches,
      persistAcrossSessions: script.persistAcrossSessions,
    })),
  );
}
