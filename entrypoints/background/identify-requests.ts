/**
 * RobotLens names itself on its own requests (Koster: identify your robot,
 * identify yourself). `fetch` cannot set User-Agent, so a declarativeNetRequest
 * session rule sets `User-Agent` (and `From`, when the user gave one) on
 * requests the extension itself makes — never on the user's pages.
 */
import { browser } from 'wxt/browser';
import { USER_AGENT } from '../../lib/identity.ts';
import { ownHost } from '../../extension/own-origin.ts';
import { loadSettings, watchSettings } from '../../extension/settings.ts';

const IDENTIFY_RULE_ID = 1;

/** The From address the rule carries now; undefined before the first update. */
let applied: string | undefined;
let updates: Promise<void> = Promise.resolve();

/**
 * Makes the rule carry the stored contact address, if it does not yet.
 * Updates run one after another, each reading the settings afresh, so the
 * last one always leaves the address the user saved last.
 */
export function identifyWithStoredAddress(): Promise<void> {
  updates = updates
    .catch(() => undefined)
    .then(async () => {
      const { from } = await loadSettings();
      if (from === applied) return;
      await identifyOwnRequests(from);
      applied = from;
    });
  return updates;
}

/**
 * At start-up: set the rule at once (no request may leave unnamed while
 * the settings are read), then with the stored address, and again whenever
 * the settings change (here or through sync).
 */
export function keepRequestsIdentified(): Promise<void> {
  watchSettings(() => void identifyWithStoredAddress().catch(() => undefined));
  updates = identifyOwnRequests().then(() => void (applied = ''));
  return identifyWithStoredAddress();
}

export async function identifyOwnRequests(from?: string): Promise<void> {
  const dnr = browser.declarativeNetRequest;
  if (!dnr?.updateSessionRules) return;
  const requestHeaders = [
    { header: 'user-agent', operation: 'set', value: USER_AGENT },
    ...(from ? [{ header: 'from', operation: 'set', value: from }] : []),
  ];
  await dnr.updateSessionRules({
    removeRuleIds: [IDENTIFY_RULE_ID],
    addRules: [
      {
        id: IDENTIFY_RULE_ID,
        priority: 1,
        action: { type: 'modifyHeaders', requestHeaders },
        // The origin's host, not runtime.id: in Firefox the add-on id is not the host.
        condition: { initiatorDomains: [ownHost()], resourceTypes: ['xmlhttprequest'] },
      },
    ],
  } as Parameters<typeof dnr.updateSessionRules>[0]);
}
