import { describe, expect, it } from 'vitest';
import { parseRobotsDate } from './robots-date.ts';

const utc = (iso: string) => Date.parse(iso);

describe('parseRobotsDate', () => {
  it.each([
    // ISO 8601
    ['2020-09-21', utc('2020-09-21T00:00:00Z')],
    ['2020-09-21T15:00:00Z', utc('2020-09-21T15:00:00Z')],
    ['2020-09-21T15:00:00+02:00', utc('2020-09-21T13:00:00Z')],
    ['2020-09-21 15:00-0500', utc('2020-09-21T20:00:00Z')],
    ['2020-09-21T15:00:00.250Z', utc('2020-09-21T15:00:00Z')],
    // RFC 822 / 1123
    ['Sun, 06 Nov 1994 08:49:37 GMT', utc('1994-11-06T08:49:37Z')],
    ['06 Nov 94 08:49 GMT', utc('1994-11-06T08:49:00Z')],
    ['25 Jun 2010 15:00:00 PST', utc('2010-06-25T23:00:00Z')],
    ['25 Jun 2010 15:00:00 pdt', utc('2010-06-25T22:00:00Z')],
    ['25 Jun 2010 15:00:00 EST', utc('2010-06-25T20:00:00Z')],
    ['25 Jun 2010 15:00:00 EDT', utc('2010-06-25T19:00:00Z')],
    ['25 Jun 2010 15:00:00 CST', utc('2010-06-25T21:00:00Z')],
    ['25 Jun 2010 15:00:00 CDT', utc('2010-06-25T20:00:00Z')],
    ['25 Jun 2010 15:00:00 MST', utc('2010-06-25T22:00:00Z')],
    ['25 Jun 2010 15:00:00 MDT', utc('2010-06-25T21:00:00Z')],
    ['25 Jun 2010 15:00:00 UTC', utc('2010-06-25T15:00:00Z')],
    ['25 Jun 2010 15:00:00 +0100', utc('2010-06-25T14:00:00Z')],
    ['25 June 2010', utc('2010-06-25T00:00:00Z')],
    // RFC 850, with a comma after the weekday
    ['Sunday, 01-Jul-2007 15:00:00 PST', utc('2007-07-01T23:00:00Z')],
    ['Sunday, 06-Nov-94 08:49:37 GMT', utc('1994-11-06T08:49:37Z')],
    ['Thursday, 01-Jan-30 00:00:00 GMT', utc('2030-01-01T00:00:00Z')],
    // asctime and US order
    ['Sun Nov  6 08:49:37 1994', utc('1994-11-06T08:49:37Z')],
    ['June 25, 2010 15:00 PST', utc('2010-06-25T23:00:00Z')],
  ])('%s', (text, expected) => {
    expect(parseRobotsDate(text)).toBe(expected);
  });

  it.each([
    [''],
    ['tomorrow'],
    ['31 Feb 2010'],
    ['2010-02-30'],
    ['25 Jun 2010 25:00:00 GMT'],
    ['25 Jun 2010 15:00:00 XYZ'],
    ['Sunday'],
    ['June 25'],
    ['1277478000'],
  ])('unreadable: %j', (text) => {
    expect(parseRobotsDate(text)).toBeNull();
  });

  // Found by directives.property.test.ts (a date of spaces): the patterns backtracked for seconds on long runs.
  it.each([
    ['spaces after a weekday', `Mon${' '.repeat(100_000)}x`],
    ['letters after a weekday', `Mon${'jan'.repeat(30_000)}x`],
  ])('gives up on text no date is that long (%s) at once', (_name, text) => {
    const start = performance.now();
    expect(parseRobotsDate(text)).toBeNull();
    expect(performance.now() - start).toBeLessThan(1_000);
  });
});
