/** The toolbar badge: the verdict for each tab at a glance. */
import { browser } from 'wxt/browser';
import type { Verdict } from '../../lib/verdict/types.ts';

/** `action` in MV3; Firefox's MV2 build calls it `browserAction`. */
const action = browser.action ?? browser.browserAction;

const NOT_INDEXABLE_COLOR = '#c5221f';
const INDEXABLE_COLOR = '#188038';

export async function showVerdictBadge(tabId: number, verdict: Verdict): Promise<void> {
  const text = verdict.indexable ? 'OK' : 'NO';
  await Promise.all([
    action.setBadgeText({ tabId, text }),
    action.setBadgeBackgroundColor({
      tabId,
      color: verdict.indexable ? INDEXABLE_COLOR : NOT_INDEXABLE_COLOR,
    }),
    action.setTitle({ tabId, title: `RobotLens — ${verdict.summary}` }),
  ]);
}

export async function clearBadge(tabId: number): Promise<void> {
  await Promise.all([
    action.setBadgeText({ tabId, text: '' }),
    action.setTitle({ tabId, title: 'RobotLens' }),
  ]);
}
