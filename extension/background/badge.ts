/** The toolbar badge: the verdict for each tab at a glance. */
import { browser } from 'wxt/browser';
import type { Verdict } from '../../lib/verdict/types.ts';

const NOT_INDEXABLE_COLOR = '#c5221f';
const INDEXABLE_COLOR = '#188038';

export async function showVerdictBadge(tabId: number, verdict: Verdict): Promise<void> {
  const text = verdict.indexable ? 'OK' : 'NO';
  await Promise.all([
    browser.action.setBadgeText({ tabId, text }),
    browser.action.setBadgeBackgroundColor({
      tabId,
      color: verdict.indexable ? INDEXABLE_COLOR : NOT_INDEXABLE_COLOR,
    }),
    browser.action.setTitle({ tabId, title: `RobotLens — ${verdict.summary}` }),
  ]);
}

export async function clearBadge(tabId: number): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ tabId, text: '' }),
    browser.action.setTitle({ tabId, title: 'RobotLens' }),
  ]);
}
