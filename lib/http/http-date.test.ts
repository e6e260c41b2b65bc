import { describe, expect, it } from 'vitest';
import { parseHttpDate } from './http-date.ts';

/** Sun, 06 Nov 1994 08:49:37 GMT — the RFC's own example date. */
const RFC_EXAMPLE_MS = Date.UTC(1994, 10, 6, 8, 49, 37);
const NOW_MS = RFC_EXAMPLE_MS - 60_000;

describe('parseHttpDate', () => {
  it('reads the three forms as the same instant', () => {
    for (const text of [
      'Sun, 06 Nov 1994 08:49:37 GMT',
      'Sunday, 06-Nov-94 08:49:37 GMT',
      'Sun Nov  6 08:49:37 1994',
    ]) {
      expect(parseHttpDate(text, NOW_MS)).toBe(RFC_EXAMPLE_MS);
    }
  });

  it.each<[string, number, number]>([
    // RFC 9110 §5.6.7: more than 50 years ahead means the previous century.
    ['94 seen from 2026', Date.UTC(2026, 0, 1), 1994],
    ['30 seen from 2026', Date.UTC(2026, 0, 1), 2030],
    ['76 seen from 2026', Date.UTC(2026, 0, 1), 2076],
    ['77 seen from 2026', Date.UTC(2026, 0, 1), 1977],
    ['05 seen from 1994', RFC_EXAMPLE_MS, 2005],
    ['44 seen from 1994', RFC_EXAMPLE_MS, 2044],
    ['45 seen from 1994', RFC_EXAMPLE_MS, 1945],
    ['00 seen from 2099', Date.UTC(2099, 0, 1), 2100],
  ])('reads an RFC 850 two-digit year: %s', (name, nowMs, year) => {
    const twoDigits = name.slice(0, 2);
    const ms = parseHttpDate(`Thursday, 01-Jan-${twoDigits} 00:00:00 GMT`, nowMs);
    expect(ms === null ? null : new Date(ms).getUTCFullYear()).toBe(year);
  });
});
