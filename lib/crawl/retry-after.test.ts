import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.ts';

/** Sun, 06 Nov 1994 08:49:37 GMT — the RFC's own example date. */
const RFC_EXAMPLE_MS = Date.UTC(1994, 10, 6, 8, 49, 37);
const NOW_MS = RFC_EXAMPLE_MS - 60_000;

describe('parseRetryAfter', () => {
  it.each<[string, string | undefined, number | null]>([
    // delta-seconds
    ['seconds', '120', 120_000],
    ['zero seconds', '0', 0],
    ['surrounding whitespace', '  5\t', 5_000],
    ['leading zeros', '007', 7_000],
    ['huge, capped to a finite number', '9'.repeat(400), Number.MAX_SAFE_INTEGER],
    // the three HTTP-date forms, a minute ahead of now
    ['IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT', 60_000],
    ['RFC 850', 'Sunday, 06-Nov-94 08:49:37 GMT', 60_000],
    ['asctime, space-padded day', 'Sun Nov  6 08:49:37 1994', 60_000],
    ['asctime, zero-padded day', 'Sun Nov 06 08:49:37 1994', 60_000],
    ['any letter case', 'sun, 06 NOV 1994 08:49:37 gmt', 60_000],
    ['leap second, read as :59', 'Sun, 06 Nov 1994 08:48:60 GMT', 22_000],
    // dates already past
    ['a date in the past', 'Sun, 06 Nov 1994 08:00:00 GMT', 0],
    ['now exactly', 'Sun, 06 Nov 1994 08:48:37 GMT', 0],
    ['the epoch', 'Thu, 01 Jan 1970 00:00:00 GMT', 0],
    // garbage
    ['absent', undefined, null],
    ['empty', '', null],
    ['blank', '   ', null],
    ['negative', '-5', null],
    ['fraction', '1.5', null],
    ['unit', '10s', null],
    ['two values', '120, 60', null],
    ['word', 'soon', null],
    ['ISO 8601', '1994-11-06T08:49:37Z', null],
    ['no zone', 'Sun, 06 Nov 1994 08:49:37', null],
    ['another zone', 'Sun, 06 Nov 1994 08:49:37 PST', null],
    ['one-digit day in IMF-fixdate', 'Sun, 6 Nov 1994 08:49:37 GMT', null],
    ['two-digit year in IMF-fixdate', 'Sun, 06 Nov 94 08:49:37 GMT', null],
    ['short day name in RFC 850', 'Sun, 06-Nov-94 08:49:37 GMT', null],
    ['unknown month', 'Sun, 06 Foo 1994 08:49:37 GMT', null],
    ['impossible day', 'Mon, 31 Feb 1994 08:49:37 GMT', null],
    ['impossible hour', 'Sun, 06 Nov 1994 24:00:00 GMT', null],
    ['impossible minute', 'Sun, 06 Nov 1994 08:60:00 GMT', null],
    ['trailing junk', 'Sun, 06 Nov 1994 08:49:37 GMT x', null],
  ])('%s: %j → %j', (_name, value, expected) => {
    expect(parseRetryAfter(value, NOW_MS)).toBe(expected);
  });
});
