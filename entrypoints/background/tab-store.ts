/**
 * What the background knows about each tab, kept in storage.session so a
 * stopped and restarted service worker still has it (module variables do not
 * survive a restart). robots.txt responses are kept once per origin.
 *
 * Both are caches sized by pages and sites, so they go through the session
 * cache (session-cache.ts): each item capped, the page's facts cut to a
 * bounded size first (lib/meta/cap-page-facts.ts; of the served page, only
 * its robots META, canonical and title are kept), the least recently used
 * evicted to stay within the budget. A copy that cannot be kept is no
 * error: it is fetched or read again when next needed.
 */
import type { TabFacts } from '../../lib/protocol/messages.ts';
import type { VerdictInput } from '../../lib/verdict/compute-verdict.ts';
import type { RobotsFetch } from '../../lib/robots/types.ts';
import { capPageFacts } from '../../lib/meta/cap-page-facts.ts';
import type { PageFacts } from '../../lib/meta/page-facts.ts';
import { comparedFacts } from '../../lib/meta/raw-rendered.ts';
import { base64ToBytes, bytesToBase64 } from '../../lib/http/base64.ts';
import { cachedKeys, getCached, putCached, removeCached } from './session-cache.ts';

/** A tab's page as checked: its DOM facts and how its origin answered. */
export interface TabInspection extends TabFacts {
  http: VerdictInput['http'];
  /**
   * The page as the server sent it (to compare with the DOM's facts); null
   * when it is not HTML or did not answer. Absent in what an older version kept.
   */
  rawFacts?: PageFacts | null;
  robotsUrl: string;
  checkedAtMs: number;
}

type StoredRobotsFetch = Omit<RobotsFetch, 'body'> & { bodyBase64?: string };

const TAB_PREFIX = 'tab.';
const tabKey = (tabId: number) => `${TAB_PREFIX}${tabId}`;
const robotsKey = (origin: string) => `robots.${origin}`;

export function loadTab(tabId: number): Promise<TabInspection | undefined> {
  return getCached<TabInspection>(tabKey(tabId));
}

/**
 * Keeps the inspection with the page's facts cut to a bounded size (saying
 * so) and, of the served page, only what the comparison reads, cut the same
 * way; returns what was kept: the verdict is computed on it, so it is the
 * same now and when read back.
 */
export async function saveTab(tabId: number, inspection: TabInspection): Promise<TabInspection> {
  const { rawFacts } = inspection;
  const kept = {
    ...inspection,
    facts: capPageFacts(inspection.facts),
    rawFacts: rawFacts ? capPageFacts(comparedFacts(rawFacts)) : null,
  };
  await putCached(tabKey(tabId), kept);
  return kept;
}

export function forgetTab(tabId: number): Promise<void> {
  return removeCached(tabKey(tabId));
}

export async function listTabIds(): Promise<number[]> {
  return (await cachedKeys(TAB_PREFIX)).map((key) => Number(key.slice(TAB_PREFIX.length)));
}

export async function loadRobotsFetch(origin: string): Promise<RobotsFetch | undefined> {
  const stored = await getCached<StoredRobotsFetch>(robotsKey(origin));
  if (!stored) return undefined;
  const { bodyBase64, ...rest } = stored;
  return bodyBase64 === undefined ? rest : { ...rest, body: base64ToBytes(bodyBase64) };
}

export async function saveRobotsFetch(origin: string, fetched: RobotsFetch): Promise<void> {
  const { body, ...rest } = fetched;
  const stored: StoredRobotsFetch = body ? { ...rest, bodyBase64: bytesToBase64(body) } : rest;
  await putCached(robotsKey(origin), stored);
}
