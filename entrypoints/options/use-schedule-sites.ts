/**
 * The sites the "Scheduled re-crawl" section lists: those RobotLens has
 * host access to now (permissions.getAll), labelled by the sites crawled
 * here (lib/settings/schedule.ts decides), each with its last scheduled run.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { schedulableSites, type Schedule } from '../../lib/settings/schedule.ts';
import { PHASE_PREFIX, scheduledRunItem, storedKeys } from '../../extension/crawl-items.ts';
import type { ScheduleSite } from '../../components/options/ScheduleSection.tsx';

async function loadSites(schedule: Schedule): Promise<ScheduleSite[]> {
  const [{ origins = [] }, keys] = await Promise.all([
    browser.permissions.getAll(),
    storedKeys(browser.storage.local),
  ]);
  const crawled = keys
    .filter((key) => key.startsWith(PHASE_PREFIX))
    .map((key) => key.slice(PHASE_PREFIX.length));
  const sites = schedulableSites(origins, crawled, schedule);
  return Promise.all(
    sites.map(async (origin) => ({ origin, lastRun: await scheduledRunItem(origin).getValue() })),
  );
}

/** Null while loading; reloaded when the schedule changes (a site stays listed once scheduled). */
export function useScheduleSites(schedule: Schedule | null): ScheduleSite[] | null {
  const [sites, setSites] = useState<ScheduleSite[] | null>(null);
  const key = JSON.stringify(schedule);
  useEffect(() => {
    if (schedule === null) return;
    let live = true;
    void loadSites(schedule).then((found) => live && setSites(found));
    return () => {
      live = false;
    };
    // The schedule's content, not its identity, decides.
  }, [key]);
  return sites;
}
