/**
 * Where settings live: storage.sync, or storage.local when sync refuses;
 * the popup's old keys moved in once; changes seen from any context.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { DEFAULT_SETTINGS, type Settings } from '../lib/settings/settings.ts';

const CUSTOM: Settings = { ...DEFAULT_SETTINGS, robot: 'bingbot', from: 'web@example.com' };

/** A fresh copy of the module: it decides once per context which area to use. */
async function settingsModule() {
  vi.resetModules();
  return import('./settings.ts');
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('settings storage', () => {
  it('keeps the settings in storage.sync, with their format and version', async () => {
    const { loadSettings, saveSettings } = await settingsModule();
    expect(await loadSettings()).toEqual(DEFAULT_SETTINGS);
    await saveSettings(CUSTOM);
    expect(await loadSettings()).toEqual(CUSTOM);
    const { settings } = await fakeBrowser.storage.sync.get('settings');
    expect(settings).toMatchObject({ format: 'robotlens-settings', version: 1, robot: 'bingbot' });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('falls back to storage.local when sync refuses every call', async () => {
    vi.spyOn(fakeBrowser.storage.sync, 'get').mockRejectedValue(new Error('sync is disabled'));
    const sync = vi.spyOn(fakeBrowser.storage.sync, 'set');
    const { loadSettings, saveSettings } = await settingsModule();
    await saveSettings(CUSTOM);
    expect(await loadSettings()).toEqual(CUSTOM);
    expect(sync).not.toHaveBeenCalled();
    expect((await fakeBrowser.storage.local.get('settings')).settings).toMatchObject({
      robot: 'bingbot',
    });
  });

  it('moves the popup’s old robot and crawl options in once, and removes them', async () => {
    await fakeBrowser.storage.local.set({
      'settings.robot': 'duckduckbot',
      'settings.crawl': { ...DEFAULT_SETTINGS.crawl, maxPages: 12 },
      'crawl.phase.https://example.com': 'finished',
    });
    const { loadSettings, loadCrawlSettings, loadRobot } = await settingsModule();
    expect(await loadRobot()).toBe('duckduckbot');
    expect((await loadCrawlSettings()).maxPages).toBe(12);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({
      'crawl.phase.https://example.com': 'finished',
    });
    expect((await loadSettings()).robot).toBe('duckduckbot');
  });

  it('lets settings synced from another device win over this device’s old keys', async () => {
    const { saveSettings } = await settingsModule();
    await saveSettings(CUSTOM);
    await fakeBrowser.storage.local.set({ 'settings.robot': 'duckduckbot' });
    const { loadSettings } = await settingsModule();
    expect(await loadSettings()).toEqual(CUSTOM);
    expect(await fakeBrowser.storage.local.get('settings.robot')).toEqual({});
  });

  it('tells watchers of every change, and robot watchers only when the robot changed', async () => {
    const { saveSettings, saveRobot, watchSettings, onRobotChanged } = await settingsModule();
    const seen: Settings[] = [];
    const robots: string[] = [];
    watchSettings((settings) => seen.push(settings));
    onRobotChanged((robot) => robots.push(robot));
    await saveSettings({ ...DEFAULT_SETTINGS, from: 'a@example.com' });
    await saveRobot('bingbot');
    await saveRobot('  ');
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen.map((s) => [s.robot, s.from])).toEqual([
      ['googlebot', 'a@example.com'],
      ['bingbot', 'a@example.com'],
    ]);
    expect(robots).toEqual(['bingbot']);
  });
});
