/**
 * The user's settings, as the Options page edits them and every part of
 * the extension reads them: the robot verdicts are for, the crawl's
 * defaults, the `From` contact address and the block list. The popup's
 * crawl form starts from `crawl`; the background adds the rest to every
 * crawl it starts (see crawl-options.ts).
 */
import { DEFAULT_CRAWL_OPTIONS } from '../crawl/types.ts';
import { DEFAULT_ROBOT, PRODUCT_TOKEN } from '../identity.ts';
import type { CrawlSettings } from './crawl-settings.ts';
import type { Schedule } from './schedule.ts';

/** The crawl's defaults: what the popup's crawl form starts with. */
export type CrawlDefaults = CrawlSettings;

export interface Settings {
  /** Product token the verdict, the badge and the robots.txt tab are for. */
  robot: string;
  crawl: CrawlDefaults;
  /** Contact address sent as `From` on RobotLens's requests; '' sends none. */
  from: string;
  /** URL patterns no crawl ever requests (lib/url/url-pattern.ts). */
  blockList: string[];
  /**
   * Sites re-crawled by themselves (schedule.ts). Added in 0.x without a
   * new version: settings stored or exported before simply have none.
   */
  schedule: Schedule;
}

/** Bumped when the shape changes; older files and stored objects are read by migrate.ts. */
export const SETTINGS_VERSION = 1;
/** Marks an exported file as RobotLens settings. */
export const SETTINGS_FORMAT = 'robotlens-settings';

export const DEFAULT_SETTINGS: Settings = {
  robot: DEFAULT_ROBOT,
  crawl: {
    maxPages: DEFAULT_CRAWL_OPTIONS.maxPages,
    maxDepth: DEFAULT_CRAWL_OPTIONS.maxDepth,
    concurrencyPerOrigin: DEFAULT_CRAWL_OPTIONS.concurrencyPerOrigin,
    delayMs: DEFAULT_CRAWL_OPTIONS.delayMs,
    timeoutMs: DEFAULT_CRAWL_OPTIONS.timeoutMs,
    robot: PRODUCT_TOKEN,
    obeyRobots: true,
    // Off by default in the browser: checking other sites asks for access to every site.
    checkExternal: false,
    useSitemaps: false,
  },
  from: '',
  blockList: [],
  schedule: {},
};

export type CrawlNumberKey =
  'maxPages' | 'maxDepth' | 'concurrencyPerOrigin' | 'delayMs' | 'timeoutMs';
export type CrawlToggleKey = 'obeyRobots' | 'checkExternal' | 'useSitemaps';

/** Inclusive bounds of each number; the message protocol checks the same ones. */
export const CRAWL_LIMITS: Record<CrawlNumberKey, { min: number; max: number }> = {
  maxPages: { min: 1, max: 100_000 },
  maxDepth: { min: 0, max: 1_000 },
  concurrencyPerOrigin: { min: 1, max: 16 },
  delayMs: { min: 0, max: 60_000 },
  timeoutMs: { min: 1_000, max: 120_000 },
};

export const CRAWL_NUMBER_KEYS = Object.keys(CRAWL_LIMITS) as CrawlNumberKey[];
export const CRAWL_TOGGLE_KEYS: CrawlToggleKey[] = ['obeyRobots', 'checkExternal', 'useSitemaps'];
