/**
 * The user's settings (lib/settings), stored where the browser keeps them
 * in step across the user's devices: one item in storage.sync, or in
 * storage.local when sync is not available (Firefox with sync turned off
 * in about:config refuses every call). Settings from before the Options
 * page (storage.local `settings.robot`, `settings.crawl`) are moved in the
 * first time they are read.
 */
import { browser, type Browser } from 'wxt/browser';
import { crawlFormDefaults } from '../lib/settings/crawl-options.ts';
import { robotProblem } from '../lib/settings/field-rules.ts';
import { hasLegacySettings, LEGACY_KEYS, migrateLegacySettings } from '../lib/settings/migrate.ts';
import { readStoredSettings, settingsRecord } from '../lib/settings/parse-settings.ts';
import type { Settings } from '../lib/settings/settings.ts';
import type { CrawlSettings } from '../lib/settings/crawl-settings.ts';

const SETTINGS_KEY = 'settings';

type Area = Browser.storage.StorageArea;
type AreaName = 'sync' | 'local';

let chosen: Promise<{ area: Area; name: AreaName }> | undefined;

/** storage.sync when it answers, else storage.local; decided once per page or worker. */
function settingsArea(): Promise<{ area: Area; name: AreaName }> {
  chosen ??= (async () => {
    const sync = browser.storage.sync as Area | undefined;
    if (sync) {
      try {
        await sync.get(SETTINGS_KEY);
        return { area: sync, name: 'sync' as const };
      } catch {
        // Sync is turned off or broken: the settings stay on this device.
      }
    }
    return { area: browser.storage.local, name: 'local' as const };
  })();
  return chosen;
}

export async function loadSettings(): Promise<Settings> {
  const { area } = await settingsArea();
  const [stored, local] = await Promise.all([
    area.get(SETTINGS_KEY),
    browser.storage.local.get(LEGACY_KEYS),
  ]);
  const raw = stored[SETTINGS_KEY];
  if (!hasLegacySettings(local)) return readStoredSettings(raw);
  // Settings synced from another device win over this device's old ones.
  const settings = raw === undefined ? migrateLegacySettings(local) : readStoredSettings(raw);
  if (raw === undefined) await saveSettings(settings);
  await browser.storage.local.remove(LEGACY_KEYS);
  return settings;
}

/** Stores settings already checked (lib/settings); a write the browser refuses (quota) rejects. */
export async function saveSettings(settings: Settings): Promise<void> {
  const { area } = await settingsArea();
  await area.set({ [SETTINGS_KEY]: settingsRecord(settings) });
}

/**
 * Calls `listener` with the new settings (and the ones they replace)
 * whenever they change, here or on another device.
 */
export function watchSettings(
  listener: (settings: Settings, before: Settings) => void,
): () => void {
  const onChanged = (
    changes: Record<string, { newValue?: unknown; oldValue?: unknown }>,
    areaName: string,
  ) => {
    const change = changes[SETTINGS_KEY];
    if (!change || (areaName !== 'sync' && areaName !== 'local')) return;
    void settingsArea().then(({ name }) => {
      if (name === areaName)
        listener(readStoredSettings(change.newValue), readStoredSettings(change.oldValue));
    });
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

/** The robot product token verdicts are for. */
export async function loadRobot(): Promise<string> {
  return (await loadSettings()).robot;
}

/** The popup's robot picker sets the same default the Options page edits. */
export async function saveRobot(robot: string): Promise<void> {
  const settings = await loadSettings();
  const trimmed = robot.trim();
  if (robotProblem(trimmed) === null && trimmed !== settings.robot)
    await saveSettings({ ...settings, robot: trimmed });
}

export function onRobotChanged(listener: (robot: string) => void): void {
  watchSettings(({ robot }, before) => {
    if (robot !== before.robot) listener(robot);
  });
}

/** The crawl options the popup's form starts with: the stored defaults. */
export async function loadCrawlSettings(): Promise<CrawlSettings> {
  return crawlFormDefaults(await loadSettings());
}
