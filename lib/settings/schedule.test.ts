import { describe, expect, it } from 'vitest';
import {
  alarmPlan,
  MAX_SCHEDULED_SITES,
  originOfAlarm,
  patternCovers,
  readSchedule,
  recrawlAlarmName,
  schedulableSites,
  withChoice,
} from './schedule.ts';

const keysOf = (problems: { path: string; message: { key: string } }[]) =>
  problems.map(({ path, message }) => [path, message.key]);

describe('readSchedule', () => {
  it.each([
    [
      'daily and weekly kept',
      { 'https://a.example': 'daily', 'http://127.0.0.1:8080': 'weekly' },
      { 'https://a.example': 'daily', 'http://127.0.0.1:8080': 'weekly' },
      [],
    ],
    ['off is the same as absent', { 'https://a.example': 'off' }, {}, []],
    [
      'a period that is not one',
      { 'https://a.example': 'hourly' },
      {},
      [['schedule["https://a.example"]', 'options_error_schedule_period']],
    ],
    [
      'a URL with a path is not an origin',
      { 'https://a.example/': 'daily' },
      {},
      [['schedule["https://a.example/"]', 'options_error_schedule_origin']],
    ],
    [
      'upper case is not how URL.origin spells it',
      { 'https://A.example': 'daily' },
      {},
      [['schedule["https://A.example"]', 'options_error_schedule_origin']],
    ],
    [
      'no ftp',
      { 'ftp://a.example': 'daily' },
      {},
      [['schedule["ftp://a.example"]', 'options_error_schedule_origin']],
    ],
    [
      'not a URL',
      { example: 'daily' },
      {},
      [['schedule["example"]', 'options_error_schedule_origin']],
    ],
    [
      'too long an origin',
      { [`https://${'a'.repeat(80)}.example`]: 'daily' },
      {},
      [[`schedule["https://${'a'.repeat(80)}.example"]`, 'options_error_too_long']],
    ],
    ['not an object', ['https://a.example'], {}, [['schedule', 'options_error_schedule_object']]],
  ])('%s', (_name, raw, schedule, problems) => {
    const read = readSchedule(raw);
    expect(read.schedule).toEqual(schedule);
    expect(keysOf(read.problems)).toEqual(problems);
  });

  it(`keeps at most ${MAX_SCHEDULED_SITES} sites and names the ones over`, () => {
    const raw = Object.fromEntries(
      Array.from({ length: MAX_SCHEDULED_SITES + 2 }, (_, i) => [`https://s${i}.example`, 'daily']),
    );
    const read = readSchedule(raw);
    expect(Object.keys(read.schedule)).toHaveLength(MAX_SCHEDULED_SITES);
    expect(keysOf(read.problems)).toEqual([
      [`schedule["https://s${MAX_SCHEDULED_SITES}.example"]`, 'options_error_schedule_many'],
      [`schedule["https://s${MAX_SCHEDULED_SITES + 1}.example"]`, 'options_error_schedule_many'],
    ]);
  });
});

describe('withChoice', () => {
  it('sets a period and removes a site turned off, leaving the others', () => {
    const start = { 'https://a.example': 'weekly' as const };
    expect(withChoice(start, 'https://b.example', 'daily')).toEqual({
      'https://a.example': 'weekly',
      'https://b.example': 'daily',
    });
    expect(withChoice(start, 'https://a.example', 'off')).toEqual({});
    expect(start).toEqual({ 'https://a.example': 'weekly' });
  });
});

describe('alarm names', () => {
  it('name the site, and other alarms name none', () => {
    expect(originOfAlarm(recrawlAlarmName('http://127.0.0.1:8080'))).toBe('http://127.0.0.1:8080');
    expect(originOfAlarm('robotlens-crawl-keepalive')).toBeNull();
  });
});

describe('alarmPlan', () => {
  const a = recrawlAlarmName('https://a.example');
  const b = recrawlAlarmName('https://b.example');
  it.each([
    ['nothing scheduled, nothing there', [], {}, { clear: [], create: [] }],
    [
      'a new daily site',
      [],
      { 'https://a.example': 'daily' },
      { clear: [], create: [{ name: a, periodInMinutes: 1440 }] },
    ],
    [
      'a new weekly site',
      [],
      { 'https://a.example': 'weekly' },
      { clear: [], create: [{ name: a, periodInMinutes: 10080 }] },
    ],
    [
      'already right: left alone',
      [{ name: a, periodInMinutes: 1440 }],
      { 'https://a.example': 'daily' },
      { clear: [], create: [] },
    ],
    [
      'period changed: made again',
      [{ name: a, periodInMinutes: 1440 }],
      { 'https://a.example': 'weekly' },
      { clear: [], create: [{ name: a, periodInMinutes: 10080 }] },
    ],
    [
      'a one-off alarm (a test fired it): made periodic',
      [{ name: a }],
      { 'https://a.example': 'daily' },
      { clear: [], create: [{ name: a, periodInMinutes: 1440 }] },
    ],
    [
      'turned off: cleared',
      [
        { name: a, periodInMinutes: 1440 },
        { name: b, periodInMinutes: 10080 },
      ],
      { 'https://b.example': 'weekly' },
      { clear: [a], create: [] },
    ],
    [
      'the crawl keep-alive is not ours',
      [{ name: 'robotlens-crawl-keepalive', periodInMinutes: 0.5 }],
      {},
      { clear: [], create: [] },
    ],
  ] as const)('%s', (_name, existing, schedule, plan) => {
    expect(alarmPlan([...existing], { ...schedule })).toEqual(plan);
  });
});

describe('patternCovers', () => {
  it.each([
    ['http://127.0.0.1/*', 'http://127.0.0.1:8080', true],
    ['http://127.0.0.1/*', 'https://127.0.0.1', false],
    ['https://*/*', 'https://a.example', true],
    ['*://*/*', 'http://a.example', true],
    ['https://*.example.com/*', 'https://www.example.com', true],
    ['https://*.example.com/*', 'https://example.com', true],
    ['https://*.example.com/*', 'https://badexample.com', false],
    ['<all_urls>', 'https://a.example', true],
    ['https://b.example/*', 'https://a.example', false],
  ])('%s covers %s: %s', (pattern, origin, covers) => {
    expect(patternCovers(pattern, origin)).toBe(covers);
  });
});

describe('schedulableSites', () => {
  it('lists crawled sites with access, single hosts granted, and every scheduled site', () => {
    expect(
      schedulableSites(
        ['http://127.0.0.1/*', 'https://granted.example/*'],
        ['http://127.0.0.1:8080', 'https://no-access.example'],
        { 'https://scheduled.example': 'daily' },
      ),
    ).toEqual(['http://127.0.0.1:8080', 'https://granted.example', 'https://scheduled.example']);
  });

  it('lists only crawled sites under access to every site', () => {
    expect(schedulableSites(['http://*/*', 'https://*/*'], ['https://a.example'], {})).toEqual([
      'https://a.example',
    ]);
  });
});
