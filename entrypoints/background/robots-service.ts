/**
 * Job 2 in the background: the tab's robots.txt, audited, with URL × robot
 * tests. Uses the per-origin cache the page verdict fills; `refresh`
 * fetches again. Nothing is fetched until the popup's robots.txt tab asks.
 */
import { auditRobotsTxt, fetchRobotsTxt } from '../../lib/robots/index.ts';
import type { Message, RobotsAuditReply } from '../../lib/protocol/messages.ts';
import { askPageReader } from './page-reader.ts';
import { explainFailure } from './explain-failure.ts';
import { robotsFor } from './inspect-tab.ts';
import { httpForTab } from './tab-http.ts';
import { loadTab, saveRobotsFetch } from './tab-store.ts';

const TIMEOUT_MS = 15_000;

export async function auditForTab({
  tabId,
  robots,
  tests,
  refresh,
}: Message<'get-robots-audit'>): Promise<RobotsAuditReply> {
  try {
    const pageUrl = await pageUrlOf(tabId);
    const origin = new URL(pageUrl).origin;
    const http = await httpForTab(tabId, origin);
    const nowMs = Date.now();
    const fetched = refresh
      ? await fetchRobotsTxt(http, origin, { nowMs, timeoutMs: TIMEOUT_MS })
      : await robotsFor(http, origin, nowMs);
    if (refresh) await saveRobotsFetch(origin, fetched);
    return { ok: true, audit: auditRobotsTxt(fetched, { robots, tests, nowMs: Date.now() }) };
  } catch (error) {
    return { ok: false, error: explainFailure(error) };
  }
}

/** The tab's page URL, from the last inspection or from the content script. */
async function pageUrlOf(tabId: number): Promise<string> {
  const stored = await loadTab(tabId);
  if (stored) return stored.facts.url;
  const { facts } = await askPageReader(tabId, { type: 'collect-facts' });
  return facts.url;
}
