/**
 * Keeps the browser's re-crawl alarms in step with the schedule (one alarm
 * a site, named after it; lib/settings/schedule.ts decides). The alarms API
 * is passed in, so the sync is tested with a fake. The first run comes one
 * period after the site is scheduled: it was just crawled by hand.
 */
import { alarmPlan, type ExistingAlarm, type Schedule } from '../lib/settings/schedule.ts';

export interface AlarmsLike {
  getAll(): Promise<ExistingAlarm[]>;
  clear(name: string): Promise<unknown>;
  create(name: string, info: { periodInMinutes: number; delayInMinutes: number }): Promise<unknown>;
}

export async function syncScheduleAlarms(alarms: AlarmsLike, schedule: Schedule): Promise<void> {
  const plan = alarmPlan(await alarms.getAll(), schedule);
  await Promise.all([
    ...plan.clear.map((name) => alarms.clear(name)),
    ...plan.create.map(({ name, periodInMinutes }) =>
      alarms.create(name, { periodInMinutes, delayInMinutes: periodInMinutes }),
    ),
  ]);
}
