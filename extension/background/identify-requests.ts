/**
 * RobotLens names itself on its own requests (Koster: identify your robot,
 * identify yourself). `fetch` cannot set User-Agent, so a declarativeNetRequest
 * session rule sets `User-Agent` (and `From`, when the user gave one) on
 * requests the extension itself makes — never on the user's pages.
 */
import { browser } from 'wxt/browser';
import { USER_AGENT } from '../../lib/identity.ts';
import { ownHost } from '../own-origin.ts';

const IDENTIFY_RULE_ID = 1;

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
