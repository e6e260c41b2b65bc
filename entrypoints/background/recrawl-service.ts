/**
 * Scheduled re-crawl: one alarm per scheduled site (the Options page sets
 * the schedule), synced when the worker starts and whenever the settings
 * change. Its alarm re-crawls the site through the popup's own start path,
 * with the user's crawl settings: politeness and limits as for any crawl.
 */
import { browser } from 'wxt/browser';
import type { OkOrError } from '../../lib/protocol/messages.ts';
import { originOfAlarm, type Schedule } from '../../lib/settings/schedule.ts';
import { scheduledRunItem } from '../../extension/crawl-items.ts';
import { hasHostAccess } from '../../extension/host-access.ts';
import { runScheduledCrawl } from '../../extension/scheduled-crawl.ts';
import { syncScheduleAlarms, type AlarmsLike } from '../../extension/schedule-alarms.ts';
import { loadCrawlSettings, loadSettings, watchSettings } from '../../extension/settings.ts';
import { startCrawl } from './crawl-service.ts';
import { resumeInterrupted, runningOrigins, storedCheckpoint } from './crawl-session.ts';

export function registerRecrawlSchedule(ready: Promise<void>): void {
  const alarms = browser.alarms as unknown as AlarmsLike | undefined;
  if (!alarms) return;
  const sync = (schedule: Schedule) => syncScheduleAlarms(alarms, schedule).catch(() => undefined);
  browser.alarms.onAlarm.addListener((alarm) => {
    const origin = originOfAlarm(alarm.name);
    if (origin === null) return;
    void ready
      .then(resumeInterrupted)
      .then(() => recrawl(origin))
      // An alarm replaced by a one-off (or lost) is made periodic again.
      .finally(() => loadSettings().then(({ schedule }) => sync(schedule)))
      .catch(() => undefined);
  });
  void loadSettings().then(({ schedule }) => sync(schedule));
  watchSettings((settings, before) => {
    if (JSON.stringify(settings.schedule) !== JSON.stringify(before.schedule))
      void sync(settings.schedule);
  });
}

function recrawl(origin: string) {
  return runScheduledCrawl(origin, {
    hasHostAccess,
    isRunning: (site) => runningOrigins().includes(site),
    start: startScheduled,
    record: (site, run) => scheduledRunItem(site).setValue(run),
    nowMs: () => Date.now(),
  });
}

/** The popup's Start, with the site's last start URL and the user's crawl settings. */
async function startScheduled(origin: string): Promise<OkOrError> {
  const previous = await storedCheckpoint(origin);
  const startUrl = previous?.options.startUrls[0] ?? `${origin}/`;
  return startCrawl({ type: 'start-crawl', startUrl, settings: await loadCrawlSettings() });
}
