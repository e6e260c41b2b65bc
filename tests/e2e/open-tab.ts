/**
 * Opens a site page in a new tab and learns its tab id from an extension
 * page (tests cannot click the toolbar, so the popup is told which tab to
 * look at). Shared by the browser tests and the benchmark.
 */
import type { Page } from '@playwright/test';

export async function openTabFrom(
  extensionPage: Page,
  url: string,
): Promise<{ page: Page; tabId: number }> {
  const page = await extensionPage.context().newPage();
  await page.goto(url);
  await page.bringToFront();
  const tabId = await extensionPage.evaluate(async () => {
    const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
    return tab!.id!;
  });
  return { page, tabId };
}
