/**
 * Watching a site, in the background: each finished crawl's snapshot is
 * kept; the next finished crawl of the same start URL is compared with it
 * (lib/watch), and what got worse shows as the toolbar's global badge count
 * until the report page marks it seen, and — when the schedule started the
 * crawl — as a notification that opens the report at its changes. A crawl
 * started from the popup updates the badge only: the user is there.
 */
import { browser } from 'wxt/browser';
import { buildReport } from '../../lib/crawl/report.ts';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { checkpointStats } from '../../lib/crawl/stats.ts';
import type { Message, OkOrError, Reply } from '../../lib/protocol/messages.ts';
import { worseSummary } from '../../lib/watch/changes-summary.ts';
import { compareCrawls } from '../../lib/watch/compare-crawls.ts';
import { snapshotOfReport } from '../../lib/watch/snapshot.ts';
import type { CrawlChanges, CrawlSnapshot } from '../../lib/watch/types.ts';
import { unseenWorseSites, watchBadgeText } from '../../lib/watch/watch-badge.ts';
import {
  CHANGES_PREFIX,
  changesItem,
  scheduledRunItem,
  snapshotItem,
  storedKeys,
  type StoredChanges,
} from '../../extension/crawl-items.ts';
import { extensionTranslator } from '../../extension/i18n.ts';
import { BADGE_COLORS } from './badge.ts';

const action = browser.action ?? browser.browserAction;
const NOTIFICATION_PREFIX = 'robotlens-worse:';
/** A scheduled run's record names the crawl that starts within this of it. */
const SCHEDULED_START_SLACK_MS = 60_000;

/**
 * Called by the crawl session (their one writer) when a crawl of `origin`
 * has finished: keeps its snapshot, and the changes since the previous one.
 */
export async function recordFinishedCrawl(
  origin: string,
  checkpoint: CrawlCheckpoint,
): Promise<void> {
  const latest = snapshotOfReport(buildReport(checkpoint, checkpointStats(checkpoint)));
  const previousText = await snapshotItem(origin).getValue();
  const previous = previousText ? (JSON.parse(previousText) as CrawlSnapshot) : null;
  const scheduled = await takeScheduledRun(origin, latest.startedAtMs);
  await snapshotItem(origin).setValue(JSON.stringify(latest));
  if (!previous || previous.startUrl !== latest.startUrl) {
    // Another start URL is another crawl: its changes would compare unlike things.
    await changesItem(origin).removeValue();
    await refreshWatchBadge();
    return;
  }
  const changes = compareCrawls(previous, latest);
  await changesItem(origin).setValue({ changes, seen: false, scheduled });
  await refreshWatchBadge();
  if (scheduled && changes.worse.total > 0) await notifyWorse(origin, changes);
}

/** Whether the schedule started the crawl that began at `startedAtMs` (and marks its run done). */
async function takeScheduledRun(origin: string, startedAtMs: number): Promise<boolean> {
  const run = await scheduledRunItem(origin).getValue();
  if (!run || run.done || run.outcome.kind !== 'started') return false;
  const ours = startedAtMs >= run.atMs && startedAtMs - run.atMs < SCHEDULED_START_SLACK_MS;
  if (ours) await scheduledRunItem(origin).setValue({ ...run, done: true });
  return ours;
}

export async function changesFor({
  origin,
}: Message<'get-crawl-changes'>): Promise<Reply<'get-crawl-changes'>> {
  const stored = await changesItem(origin).getValue();
  return { ok: true, changes: stored?.changes ?? null, seen: stored?.seen ?? true };
}

export async function markChangesSeen({
  origin,
}: Message<'mark-changes-seen'>): Promise<OkOrError> {
  const stored = await changesItem(origin).getValue();
  if (stored && !stored.seen) await changesItem(origin).setValue({ ...stored, seen: true });
  await browser.notifications?.clear(NOTIFICATION_PREFIX + origin).catch(() => undefined);
  await refreshWatchBadge();
  return { ok: true };
}

/**
 * The action's global badge (no tab): the number of sites with unseen
 * worse changes. A tab's own verdict badge (badge.ts) shows over it on that
 * tab; tabs without one — a new tab, the browser's pages — show the count.
 */
export async function refreshWatchBadge(): Promise<void> {
  const keys = (await storedKeys(browser.storage.local)).filter((key) =>
    key.startsWith(CHANGES_PREFIX),
  );
  const stored = keys.length
    ? await browser.storage.local.get(keys)
    : ({} as Record<string, unknown>);
  const count = unseenWorseSites(Object.values(stored) as (StoredChanges | null)[]);
  const { t } = extensionTranslator();
  await Promise.all([
    action.setBadgeText({ text: watchBadgeText(count) }),
    action.setBadgeBackgroundColor({ color: BADGE_COLORS.notIndexable }),
    action.setBadgeTextColor?.({ color: BADGE_COLORS.text }),
    action.setTitle({
      title: count > 0 ? t('watch_badge_title', { count }) : t('ext_name'),
    }),
  ]);
}

async function notifyWorse(origin: string, changes: CrawlChanges): Promise<void> {
  const { t, say } = extensionTranslator();
  await browser.notifications?.create(NOTIFICATION_PREFIX + origin, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: t('watch_notify_title', { site: new URL(origin).host }),
    message: say(worseSummary(changes)),
  });
}

/** The report page of a site, at its changes. */
export function changesPageUrl(origin: string): string {
  return browser.runtime.getURL(`/report.html?origin=${encodeURIComponent(origin)}#changes`);
}

/** Clicking a notification opens the site's changes; the report page marks them seen. */
export function registerWatchNotifications(): void {
  browser.notifications?.onClicked.addListener((id) => {
    if (!id.startsWith(NOTIFICATION_PREFIX)) return;
    const origin = id.slice(NOTIFICATION_PREFIX.length);
    void browser.tabs.create({ url: changesPageUrl(origin) });
    void browser.notifications.clear(id);
  });
}
