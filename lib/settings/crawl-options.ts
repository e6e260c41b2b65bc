/**
 * The options of a crawl started from the popup: what the popup's form
 * says (it starts from the stored defaults and may have been changed
 * there), plus what only the Options page sets — the block list and the
 * contact address — and the site audit, for the robot the verdicts are for
 * (the Options page's robot, Googlebot by default).
 */
import { DEFAULT_SITE_AUDIT_SETTINGS } from '../audit/types.ts';
import type { CrawlOptions } from '../crawl/types.ts';
import type { CrawlSettings } from './crawl-settings.ts';
import type { Settings } from './settings.ts';

export function crawlOptionsOf(
  form: CrawlSettings,
  stored: Settings,
): Omit<Partial<CrawlOptions>, 'startUrls'> {
  return {
    ...crawlSettingsOf(form),
    blockList: [...stored.blockList],
    audit: { ...DEFAULT_SITE_AUDIT_SETTINGS, robot: stored.robot },
    ...(stored.from ? { from: stored.from } : {}),
  };
}

/** The popup form's starting point: the stored crawl defaults (without what only the Options page sets). */
export function crawlFormDefaults(stored: Settings): CrawlSettings {
  return crawlSettingsOf(stored.crawl);
}

/** The popup form's fields of a crawl's options: what the popup shows of a running crawl. */
export function runningCrawlSettings(options: CrawlOptions): CrawlSettings {
  return crawlSettingsOf(options);
}

/** Exactly the popup form's fields, nothing else a message or an object may carry. */
function crawlSettingsOf(source: CrawlSettings): CrawlSettings {
  const { maxPages, maxDepth, concurrencyPerOrigin, delayMs, timeoutMs } = source;
  const { robot, obeyRobots, checkExternal, useSitemaps } = source;
  return {
    maxPages,
    maxDepth,
    concurrencyPerOrigin,
    delayMs,
    timeoutMs,
    robot,
    obeyRobots,
    checkExternal,
    useSitemaps,
  };
}
