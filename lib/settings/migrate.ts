/**
 * Settings from before the Options page: the popup kept the robot
 * (`settings.robot`) and its last crawl options (`settings.crawl`) in
 * storage.local. They become the first stored settings, read leniently: a
 * value that is not valid falls back to its default.
 */
import { readStoredSettings } from './parse-settings.ts';
import type { Settings } from './settings.ts';

export const LEGACY_ROBOT_KEY = 'settings.robot';
export const LEGACY_CRAWL_KEY = 'settings.crawl';
export const LEGACY_KEYS = [LEGACY_ROBOT_KEY, LEGACY_CRAWL_KEY];

/** Whether storage.local still holds settings from before. */
export function hasLegacySettings(local: Record<string, unknown>): boolean {
  return LEGACY_KEYS.some((key) => local[key] !== undefined);
}

export function migrateLegacySettings(local: Record<string, unknown>): Settings {
  const legacy: Record<string, unknown> = {};
  if (local[LEGACY_ROBOT_KEY] !== undefined) legacy.robot = local[LEGACY_ROBOT_KEY];
  if (local[LEGACY_CRAWL_KEY] !== undefined) legacy.crawl = local[LEGACY_CRAWL_KEY];
  return readStoredSettings(legacy);
}
