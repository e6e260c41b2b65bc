/** User settings shared by the popup and the background (storage.local). */
import { browser } from 'wxt/browser';
import { DEFAULT_CRAWL_OPTIONS } from '../lib/crawl/types.ts';
import { DEFAULT_ROBOT, PRODUCT_TOKEN } from '../lib/identity.ts';
import type { CrawlSettings } from '../lib/protocol/messages.ts';

const ROBOT_KEY = 'settings.robot';

/** The robot product token verdicts are for. */
export async function loadRobot(): Promise<string> {
  const stored = await browser.storage.local.get(ROBOT_KEY);
  const value = stored[ROBOT_KEY];
  return typeof value === 'string' && value.trim() ? value : DEFAULT_ROBOT;
}

export async function saveRobot(robot: string): Promise<void> {
  await browser.storage.local.set({ [ROBOT_KEY]: robot.trim() || DEFAULT_ROBOT });
}

export function onRobotChanged(listener: (robot: string) => void): void {
  browser.storage.onChanged.addListener((changes, area) => {
    const change = changes[ROBOT_KEY];
    if (area === 'local' && change && typeof change.newValue === 'string')
      listener(change.newValue);
  });
}

const CRAWL_KEY = 'settings.crawl';

/** The crawl options the popup starts with: the user's last choice, else the engine's polite defaults. */
export async function loadCrawlSettings(): Promise<CrawlSettings> {
  const stored = (await browser.storage.local.get(CRAWL_KEY))[CRAWL_KEY] as
    Partial<CrawlSettings> | undefined;
  return {
    maxPages: DEFAULT_CRAWL_OPTIONS.maxPages,
    maxDepth: DEFAULT_CRAWL_OPTIONS.maxDepth,
    concurrencyPerOrigin: DEFAULT_CRAWL_OPTIONS.concurrencyPerOrigin,
    delayMs: DEFAULT_CRAWL_OPTIONS.delayMs,
    robot: PRODUCT_TOKEN,
    obeyRobots: true,
    checkExternal: false,
    useSitemaps: false,
    ...stored,
  };
}

export async function saveCrawlSettings(settings: CrawlSettings): Promise<void> {
  await browser.storage.local.set({ [CRAWL_KEY]: settings });
}
