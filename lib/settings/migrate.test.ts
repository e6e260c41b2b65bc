import { describe, expect, it } from 'vitest';
import { hasLegacySettings, migrateLegacySettings } from './migrate.ts';
import { readStoredSettings } from './parse-settings.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

describe('settings from before the Options page', () => {
  it('carries the robot and the last crawl options over', () => {
    const local = {
      'settings.robot': 'bingbot',
      'settings.crawl': {
        maxPages: 40,
        maxDepth: 3,
        concurrencyPerOrigin: 1,
        delayMs: 500,
        robot: 'Googlebot',
        obeyRobots: false,
        checkExternal: true,
        useSitemaps: true,
      },
      'crawl.phase.https://example.com': 'finished',
    };
    expect(hasLegacySettings(local)).toBe(true);
    expect(migrateLegacySettings(local)).toEqual({
      ...DEFAULT_SETTINGS,
      robot: 'bingbot',
      crawl: {
        maxPages: 40,
        maxDepth: 3,
        concurrencyPerOrigin: 1,
        delayMs: 500,
        timeoutMs: DEFAULT_SETTINGS.crawl.timeoutMs,
        robot: 'Googlebot',
        obeyRobots: false,
        checkExternal: true,
        useSitemaps: true,
      },
    });
  });

  it('takes the default for a value that is not valid, and works with either key alone', () => {
    expect(migrateLegacySettings({ 'settings.robot': '   ' })).toEqual(DEFAULT_SETTINGS);
    expect(migrateLegacySettings({ 'settings.crawl': { maxPages: 'many', delayMs: 10 } })).toEqual({
      ...DEFAULT_SETTINGS,
      crawl: { ...DEFAULT_SETTINGS.crawl, delayMs: 10 },
    });
    expect(migrateLegacySettings({ 'settings.crawl': 'garbage' })).toEqual(DEFAULT_SETTINGS);
  });

  it('finds nothing to migrate in a profile without the old keys', () => {
    expect(hasLegacySettings({ 'crawl.phase.https://example.com': 'running' })).toBe(false);
  });
});

describe('settings stored before the schedule', () => {
  it('read as they were, with no site scheduled', () => {
    const stored = {
      format: 'robotlens-settings',
      version: 1,
      robot: 'bingbot',
      crawl: DEFAULT_SETTINGS.crawl,
      from: '',
      blockList: ['/admin/*'],
    };
    expect(readStoredSettings(stored)).toEqual({
      ...DEFAULT_SETTINGS,
      robot: 'bingbot',
      blockList: ['/admin/*'],
      schedule: {},
    });
  });

  it('keep the good scheduled sites of a stored schedule and drop the rest', () => {
    expect(
      readStoredSettings({ schedule: { 'https://a.example': 'daily', 'bad origin': 'daily' } })
        .schedule,
    ).toEqual({ 'https://a.example': 'daily' });
  });
});
