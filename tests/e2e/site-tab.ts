/**
 * Page-object helpers for the browser tests: open a site page in a tab,
 * learn its tab id, and point the popup (opened as a full page, since a
 * real popup cannot be opened headless) at it.
 */
import type { Page } from '@playwright/test';
import { expect } from './extension.ts';
import { openTabFrom } from './open-tab.ts';
import { storeSettings } from './stored-settings.ts';
import { clickToolbarButton } from './toolbar-button.ts';

export type OpenExtensionPage = (
  file: string,
  query?: Record<string, string | number>,
) => Promise<Page>;

export interface SiteTab {
  /** The site page. */
  page: Page;
  tabId: number;
  /** An extension page (the popup) that stays open to drive and inspect the extension. */
  popup: Page;
}

/** The pages openSiteTab opened, by tab id (the shipped build cannot read a tab's URL). */
const sitePages = new Map<number, Page>();

/** Opens `url` in a new tab; returns the tab, its id, and a popup page to inspect it with. */
export async function openSiteTab(
  openExtensionPage: OpenExtensionPage,
  url: string,
): Promise<SiteTab> {
  const popup = await openExtensionPage('popup.html', { tabId: 999999 });
  const { page, tabId } = await openTabFrom(popup, url);
  sitePages.set(tabId, page);
  return { page, tabId, popup };
}

/**
 * Shows the popup for `tabId` (optionally for a robot, and on the robots.txt tab). RobotLens
 * reads a tab only once the user clicked its toolbar button there (activeTab), so the button is
 * clicked first, as a user opening the popup would.
 */
export async function showPopup(
  popup: Page,
  tabId: number,
  options: { robot?: string; view?: 'page' | 'robots' } = {},
): Promise<void> {
  if (options.robot) {
    const robot = options.robot;
    await storeSettings(popup, (stored) => ({ ...stored, robot }));
  }
  const page = sitePages.get(tabId);
  if (page) await clickToolbarButton(popup.context(), page);
  const hash = options.view === 'robots' ? '#robots' : '';
  await popup.goto(popup.url().replace(/\?.*$/, `?tabId=${tabId}${hash}`));
  await popup.reload();
  if (options.view === 'robots') {
    await expect(
      // By class, not name: the popup may be in any language.
      popup.locator('section.robots-tab').or(popup.getByRole('alert')),
    ).toBeVisible();
  } else {
    await expect(popup.getByTestId('verdict')).toBeVisible();
  }
}

export function badgeText(popup: Page, tabId: number): Promise<string> {
  return popup.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
}

/**
 * Turns on "Check each page as I browse" from the Options page. A headless browser cannot
 * answer the permission prompt, so the test says yes for the user: use it with the build that
 * has access to 127.0.0.1 (the registered reader runs only where access was really granted).
 */
export async function turnOnBrowseCheck(openExtensionPage: OpenExtensionPage): Promise<void> {
  const options = await openExtensionPage('options.html');
  await options.evaluate(() => {
    chrome.permissions.request = (() => Promise.resolve(true)) as typeof chrome.permissions.request;
  });
  const toggle = options.getByTestId('browse-check').getByRole('checkbox');
  await toggle.click();
  await expect(toggle).toBeChecked();
  await options.close();
}
