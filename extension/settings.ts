/** User settings shared by the popup and the background (storage.local). */
import { browser } from 'wxt/browser';
import { DEFAULT_ROBOT } from '../lib/identity.ts';

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
