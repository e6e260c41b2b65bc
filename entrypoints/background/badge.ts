/** The toolbar badge: the verdict for each tab at a glance. */
import { browser } from 'wxt/browser';
import type { Verdict } from '../../lib/verdict/types.ts';
import { extensionTranslator } from '../../extension/i18n.ts';

/** `action` in MV3; Firefox's MV2 build calls it `browserAction`. */
const action = browser.action ?? browser.browserAction;

/**
 * White on dark red or dark green (the popup's own "no" and "yes" colours):
 * both over 7:1, because badge text is tiny (badge-colors test). The text
 * colour is set rather than left to the browser, which may pick black.
 */
export const BADGE_COLORS = {
  text: '#ffffff',
  notIndexable: '#a50e0e',
  indexable: '#0d652d',
} as const;

export async function showVerdictBadge(tabId: number, verdict: Verdict): Promise<void> {
  const { t, say } = extensionTranslator();
  const text = verdict.indexable ? t('badge_ok') : t('badge_no');
  await Promise.all([
    action.setBadgeText({ tabId, text }),
    action.setBadgeBackgroundColor({
      tabId,
      color: verdict.indexable ? BADGE_COLORS.indexable : BADGE_COLORS.notIndexable,
    }),
    // Chrome 110+ and Firefox 63+; older browsers keep their own choice.
    action.setBadgeTextColor?.({ tabId, color: BADGE_COLORS.text }),
    action.setTitle({ tabId, title: t('badge_title', { summary: say(verdict.summary) }) }),
  ]);
}

/**
 * The tab's own text is removed (null, in Chrome and Firefox alike), so
 * the tab shows the global text again — the watched sites' count
 * (watch-service.ts) — rather than an empty badge that would hide it.
 */
export async function clearBadge(tabId: number): Promise<void> {
  await Promise.all([
    action.setBadgeText({ tabId, text: null as unknown as string }),
    action.setTitle({ tabId, title: extensionTranslator().t('ext_name') }),
  ]);
}
