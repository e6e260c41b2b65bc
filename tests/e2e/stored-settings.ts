/**
 * The extension's settings from a browser test, read and written where the
 * extension keeps them (storage.sync, as extension/settings.ts does).
 */
import type { Page } from '@playwright/test';
import { readStoredSettings, settingsRecord } from '../../lib/settings/parse-settings.ts';
import type { Settings } from '../../lib/settings/settings.ts';

/** What storage holds now, read as the extension reads it. */
export async function storedSettings(page: Page): Promise<Settings> {
  return readStoredSettings(await storedRecord(page));
}

/** The raw stored item, undefined when nothing was ever saved. */
export function storedRecord(page: Page): Promise<unknown> {
  return page.evaluate(() => chrome.storage.sync.get('settings').then((items) => items.settings));
}

/** Changes the stored settings, as saving the Options page would. */
export async function storeSettings(
  page: Page,
  change: (settings: Settings) => Settings,
): Promise<void> {
  const record = settingsRecord(change(await storedSettings(page)));
  await page.evaluate((value) => chrome.storage.sync.set({ settings: value }), record);
}
