/**
 * Job 1 in the background: keeps each tab's inspection, answers the popup's
 * `get-verdict`, and keeps the toolbar badge current as the user browses.
 *
 *   content script ──page-facts──▶ inspect (robots.txt + served page) ──▶ store ──▶ badge
 *   popup ──get-verdict(tab, robot)──▶ stored inspection ──computeVerdict──▶ reply
 *
 * Verdicts are recomputed from the stored inspection (pure and fast), so
 * switching robots never refetches anything.
 */
import { browser } from 'wxt/browser';
import { decideWithOpinions } from '../../lib/robots/index.ts';
import { computeVerdict } from '../../lib/verdict/compute-verdict.ts';
import type { Verdict } from '../../lib/verdict/types.ts';
import {
  type Message,
  type TabFacts,
  type RobotsSummary,
  type VerdictReply,
} from '../../lib/protocol/messages.ts';
import { urlAsLinked } from '../../extension/link-spelling.ts';
import { askPageReader } from './page-reader.ts';
import { loadRobot, onRobotChanged } from '../../extension/settings.ts';
import { clearBadge, showVerdictBadge } from './badge.ts';
import { explainFailure } from './explain-failure.ts';
import { inspectTab } from './inspect-tab.ts';
import {
  forgetTab,
  listTabIds,
  loadRobotsFetch,
  loadTab,
  saveTab,
  type TabInspection,
} from './tab-store.ts';

/** One inspection per tab at a time; a second request waits for the first. */
const running = new Map<number, Promise<TabInspection>>();

export function registerVerdictService(): void {
  browser.tabs.onRemoved.addListener((tabId) => void forgetTab(tabId));
  browser.tabs.onUpdated.addListener((tabId, change) => {
    // A new document is loading: the old verdict no longer applies.
    if (change.status === 'loading') void clearBadge(tabId);
  });
  onRobotChanged(() => void refreshAllBadges());
}

/** A content script's facts about its own tab's page (the router checked the sender). */
export async function onPageFacts(tabId: number, facts: TabFacts): Promise<{ ok: boolean }> {
  const inspection = await inspect(tabId, facts);
  await showVerdictBadge(tabId, (await verdictOf(inspection, await loadRobot())).verdict);
  return { ok: true };
}

export async function getVerdict({
  tabId,
  robot,
  refresh,
}: Message<'get-verdict'>): Promise<VerdictReply> {
  try {
    let inspection = refresh ? undefined : await (running.get(tabId) ?? loadTab(tabId));
    if (!inspection)
      inspection = await inspect(tabId, await askPageReader(tabId, { type: 'collect-facts' }));
    const { verdict, robots } = await verdictOf(inspection, robot);
    // The popup is waiting for this answer; the badge can follow it.
    void showVerdictBadge(tabId, verdict).catch(() => undefined);
    return { ok: true, verdict, robots, checkedAtMs: inspection.checkedAtMs };
  } catch (error) {
    return { ok: false, error: explainFailure(error) };
  }
}

function inspect(tabId: number, facts: TabFacts): Promise<TabInspection> {
  const pending = running.get(tabId);
  if (pending) return pending;
  const job = inspectTab(tabId, facts, Date.now())
    .then((inspection) => saveTab(tabId, inspection))
    .finally(() => running.delete(tabId));
  running.set(tabId, job);
  return job;
}

/** The verdict for a robot, and the robots.txt decision it rests on (robots.txt read and decided once). */
async function verdictOf(
  inspection: TabInspection,
  robot: string,
): Promise<{ verdict: Verdict; robots: RobotsSummary | null }> {
  const url = inspection.facts.url;
  const robotsFetch = await loadRobotsFetch(new URL(url).origin);
  // Decided on the URL as the page was linked, not as Chromium re-spells it.
  const decision = robotsFetch ? decideWithOpinions(robotsFetch, urlAsLinked(url), robot) : null;
  const verdict = computeVerdict({
    url,
    robot,
    nowMs: Date.now(),
    http: inspection.http,
    page: inspection.facts,
    rawPage: inspection.rawFacts ?? null,
    robots: decision,
  });
  const robots =
    robotsFetch && decision ? { url: robotsFetch.url, status: robotsFetch.status, decision } : null;
  return { verdict, robots };
}

async function refreshAllBadges(): Promise<void> {
  const robot = await loadRobot();
  for (const tabId of await listTabIds()) {
    const inspection = await loadTab(tabId);
    if (inspection)
      await showVerdictBadge(tabId, (await verdictOf(inspection, robot)).verdict).catch(
        () => undefined,
      );
  }
}
