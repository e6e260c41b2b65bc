/**
 * What the background knows about each tab, kept in storage.session so a
 * stopped and restarted service worker still has it (module variables do not
 * survive a restart). robots.txt responses are kept once per origin.
 */
import { browser } from 'wxt/browser';
import type { TabFacts } from '../../lib/protocol/messages.ts';
import type { VerdictInput } from '../../lib/verdict/compute-verdict.ts';
import type { RobotsFetch } from '../../lib/robots/types.ts';
import { base64ToBytes, bytesToBase64 } from '../../lib/protocol/base64.ts';

/** A tab's page as checked: its DOM facts and how its origin answered. */
export interface TabInspection extends TabFacts {
  http: VerdictInput['http'];
  robotsUrl: string;
  checkedAtMs: number;
}

type StoredRobotsFetch = Omit<RobotsFetch, 'body'> & { bodyBase64?: string };

const tabKey = (tabId: number) => `tab.${tabId}`;
const robotsKey = (origin: string) => `robots.${origin}`;

export async function loadTab(tabId: number): Promise<TabInspection | undefined> {
  const stored = await browser.storage.session.get(tabKey(tabId));
  return stored[tabKey(tabId)] as TabInspection | undefined;
}

export async function saveTab(tabId: number, inspection: TabInspection): Promise<void> {
  await browser.storage.session.set({ [tabKey(tabId)]: inspection });
}

export async function forgetTab(tabId: number): Promise<void> {
  await browser.storage.session.remove(tabKey(tabId));
}

export async function listTabIds(): Promise<number[]> {
  const all = await browser.storage.session.get(null);
  return Object.keys(all)
    .filter((key) => key.startsWith('tab.'))
    .map((key) => Number(key.slice(4)));
}

export async function loadRobotsFetch(origin: string): Promise<RobotsFetch | undefined> {
  const stored = (await browser.storage.session.get(robotsKey(origin)))[robotsKey(origin)] as
    StoredRobotsFetch | undefined;
  if (!stored) return undefined;
  const { bodyBase64, ...rest } = stored;
  return bodyBase64 === undefined ? rest : { ...rest, body: base64ToBytes(bodyBase64) };
}

export async function saveRobotsFetch(origin: string, fetched: RobotsFetch): Promise<void> {
  const { body, ...rest } = fetched;
  const stored: StoredRobotsFetch = body ? { ...rest, bodyBase64: bytesToBase64(body) } : rest;
  await browser.storage.session.set({ [robotsKey(origin)]: stored });
}
