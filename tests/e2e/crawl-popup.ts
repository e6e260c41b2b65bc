/**
 * Driving a crawl from the popup's Crawl tab, for the browser tests: open a
 * site page, set the crawl settings, show the tab, and read the report the
 * background builds.
 */
import type { Page } from '@playwright/test';
import { englishTranslator } from '../../components/english.ts';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { withText, type WithText } from '../../lib/i18n/with-text.ts';
import type { CrawlSettings } from '../../lib/settings/crawl-settings.ts';
import { expect } from './extension.ts';
import { openSiteTab, type OpenExtensionPage } from './site-tab.ts';
import { storeSettings } from './stored-settings.ts';

/** Opens the popup's Crawl tab for a tab showing `url`, with the given settings. */
export async function crawlTab(
  openExtensionPage: OpenExtensionPage,
  url: string,
  settings: CrawlSettings,
) {
  const { tabId, popup, page } = await openSiteTab(openExtensionPage, url);
  await storeSettings(popup, (stored) => ({ ...stored, crawl: { ...stored.crawl, ...settings } }));
  await popup.goto(popup.url().replace(/\?.*$/, `?tabId=${tabId}#crawl`));
  await popup.reload();
  // By class, not name: the popup may be in any language.
  await expect(popup.locator('section.crawl-tab')).toBeVisible();
  return { tabId, popup, page };
}

/**
 * The report of a site's last crawl, as the report page gets it, worded in
 * English as its JSON export is (and the command line's `--format json`).
 */
export async function reportOf(popup: Page, origin: string): Promise<WithText<CrawlReport>> {
  const reply = (await popup.evaluate(
    (o) => chrome.runtime.sendMessage({ type: 'get-crawl-report', origin: o }),
    origin,
  )) as { ok: boolean; report: CrawlReport };
  expect(reply.ok).toBe(true);
  return withText(reply.report, englishTranslator.say);
}
