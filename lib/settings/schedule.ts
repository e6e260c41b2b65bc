/**
 * Scheduled re-crawl (issue 18, "watch my site"): which sites the extension
 * crawls again by itself, and how often. Stored with the other settings as
 * `schedule: { "<origin>": "daily" | "weekly" }` (a site that is off is not
 * listed). The alarms that run it are named after the site, so the plan of
 * alarms to create and clear is decided here from names alone.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { isObject } from '../text/json-object.ts';

export const RECRAWL_PERIODS = ['daily', 'weekly'] as const;
export type RecrawlPeriod = (typeof RECRAWL_PERIODS)[number];
/** What the Options page offers for each site. */
export type RecrawlChoice = RecrawlPeriod | 'off';

/** Origin → period; a site that is off is absent. */
export type Schedule = Record<string, RecrawlPeriod>;

export const PERIOD_MINUTES: Record<RecrawlPeriod, number> = { daily: 1440, weekly: 10080 };

/**
 * Sites scheduled at most, and an origin's longest spelling: with the block
 * list at its longest, the settings still fit one browser-sync item.
 */
export const MAX_SCHEDULED_SITES = 10;
export const MAX_SCHEDULED_ORIGIN_CHARS = 80;

export const RECRAWL_ALARM_PREFIX = 'robotlens-recrawl:';

export function recrawlAlarmName(origin: string): string {
  return RECRAWL_ALARM_PREFIX + origin;
}

/** The site an alarm re-crawls, or null for another alarm. */
export function originOfAlarm(name: string): string | null {
  return name.startsWith(RECRAWL_ALARM_PREFIX) ? name.slice(RECRAWL_ALARM_PREFIX.length) : null;
}

/** Null when `origin` is an http(s) origin as `URL.origin` spells it, else why not. */
export function scheduleOriginProblem(origin: string): Phrase | null {
  if (origin.length > MAX_SCHEDULED_ORIGIN_CHARS)
    return phrase('options_error_too_long', { max: MAX_SCHEDULED_ORIGIN_CHARS });
  try {
    const url = new URL(origin);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin)
      return null;
  } catch {
    // Not a URL at all: the same answer.
  }
  return phrase('options_error_schedule_origin');
}

export interface ScheduleRead {
  schedule: Schedule;
  /** Each problem with its path under `schedule` (`schedule["https://a.example"]`). */
  problems: { path: string; message: Phrase }[];
}

/** A schedule from an untrusted value (storage, an imported file): good entries kept, each bad one listed. */
export function readSchedule(raw: unknown): ScheduleRead {
  const problems: ScheduleRead['problems'] = [];
  if (!isObject(raw))
    return {
      schedule: {},
      problems: [{ path: 'schedule', message: phrase('options_error_schedule_object') }],
    };
  const schedule: Schedule = {};
  for (const [origin, period] of Object.entries(raw)) {
    const path = `schedule[${JSON.stringify(origin)}]`;
    const wrongOrigin = scheduleOriginProblem(origin);
    if (wrongOrigin !== null) problems.push({ path, message: wrongOrigin });
    else if (period === 'off') continue;
    else if (!RECRAWL_PERIODS.includes(period as RecrawlPeriod))
      problems.push({ path, message: phrase('options_error_schedule_period') });
    else if (Object.keys(schedule).length >= MAX_SCHEDULED_SITES)
      problems.push({
        path,
        message: phrase('options_error_schedule_many', { max: MAX_SCHEDULED_SITES }),
      });
    else schedule[origin] = period as RecrawlPeriod;
  }
  return { schedule, problems };
}

/** The schedule with one site set to `choice` (off removes it). */
export function withChoice(schedule: Schedule, origin: string, choice: RecrawlChoice): Schedule {
  const next = { ...schedule };
  if (choice === 'off') delete next[origin];
  else next[origin] = choice;
  return next;
}

export interface ExistingAlarm {
  name: string;
  periodInMinutes?: number;
}

export interface AlarmPlan {
  clear: string[];
  create: { name: string; periodInMinutes: number }[];
}

/**
 * What makes the browser's re-crawl alarms match the schedule: an alarm of
 * a site no longer scheduled is cleared; a scheduled site without one, or
 * with another period, gets one. Alarms of other names are left alone.
 */
export function alarmPlan(existing: ExistingAlarm[], schedule: Schedule): AlarmPlan {
  const plan: AlarmPlan = { clear: [], create: [] };
  const wanted = new Map(
    Object.entries(schedule).map(([origin, period]) => [
      recrawlAlarmName(origin),
      PERIOD_MINUTES[period],
    ]),
  );
  for (const alarm of existing) {
    if (originOfAlarm(alarm.name) === null) continue;
    const minutes = wanted.get(alarm.name);
    if (minutes === alarm.periodInMinutes) wanted.delete(alarm.name);
    else if (minutes === undefined) plan.clear.push(alarm.name);
  }
  for (const [name, periodInMinutes] of wanted) plan.create.push({ name, periodInMinutes });
  return plan;
}

/** Whether a granted match pattern (https, any host under example.com, every site) covers `origin`. */
export function patternCovers(pattern: string, origin: string): boolean {
  const match = /^(\*|https?):\/\/([^/]+)\//.exec(pattern);
  if (!match) return pattern === '<all_urls>';
  const url = new URL(origin);
  const [, scheme, host] = match as unknown as [string, string, string];
  if (scheme !== '*' && `${scheme}:` !== url.protocol) return false;
  if (host === '*') return true;
  if (host.startsWith('*.'))
    return url.hostname === host.slice(2) || url.hostname.endsWith(host.slice(1));
  return url.hostname === host;
}

/**
 * The sites the Options page offers to schedule: those crawled here whose
 * access is granted, the single hosts granted (as origins, default port),
 * and every site already scheduled (so it can be turned off), sorted.
 */
export function schedulableSites(
  grantedPatterns: string[],
  crawledOrigins: string[],
  schedule: Schedule,
): string[] {
  const sites = new Set(Object.keys(schedule));
  for (const origin of crawledOrigins)
    if (grantedPatterns.some((pattern) => patternCovers(pattern, origin))) sites.add(origin);
  const hosts = new Set([...sites].map((origin) => new URL(origin).host.replace(/:\d+$/, '')));
  // A host granted but never crawled here, by its default port (a crawled one names its port).
  for (const pattern of grantedPatterns) {
    const single = /^(https?):\/\/([^*/:]+)\/\*?$/.exec(pattern);
    if (single && !hosts.has(single[2]!)) sites.add(`${single[1]}://${single[2]}`);
  }
  return [...sites].sort();
}
