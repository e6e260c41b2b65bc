import { describe, expect, it } from 'vitest';
import { recrawlAlarmName } from '../lib/settings/schedule.ts';
import { syncScheduleAlarms, type AlarmsLike } from './schedule-alarms.ts';

/** The alarms API as a map: name → period (undefined: a one-off). */
function fakeAlarms(start: Record<string, number | undefined>) {
  const alarms = new Map(Object.entries(start));
  const delays = new Map<string, number>();
  const api: AlarmsLike = {
    getAll: () =>
      Promise.resolve([...alarms].map(([name, periodInMinutes]) => ({ name, periodInMinutes }))),
    clear: (name) => Promise.resolve(alarms.delete(name)),
    create: (name, { periodInMinutes, delayInMinutes }) => {
      alarms.set(name, periodInMinutes);
      delays.set(name, delayInMinutes);
      return Promise.resolve();
    },
  };
  return { api, alarms, delays };
}

describe('syncScheduleAlarms', () => {
  it('leaves one alarm per scheduled site, first due one period from now', async () => {
    const a = recrawlAlarmName('https://a.example');
    const b = recrawlAlarmName('https://b.example');
    const { api, alarms, delays } = fakeAlarms({
      'robotlens-crawl-keepalive': 0.5,
      [a]: 1440,
      [b]: undefined,
    });
    await syncScheduleAlarms(api, {
      'https://b.example': 'weekly',
      'https://c.example': 'daily',
    });
    expect(Object.fromEntries(alarms)).toEqual({
      'robotlens-crawl-keepalive': 0.5,
      [b]: 10080,
      [recrawlAlarmName('https://c.example')]: 1440,
    });
    expect(delays.get(b)).toBe(10080);
    // Synced again with nothing changed: nothing is made again.
    delays.clear();
    await syncScheduleAlarms(api, { 'https://b.example': 'weekly', 'https://c.example': 'daily' });
    expect(delays.size).toBe(0);
  });
});
