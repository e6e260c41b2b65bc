import { describe, expect, it } from 'vitest';
import { RATE_WINDOW_MS, RequestRate } from './request-rate.ts';

describe('RequestRate', () => {
  it('is 0 before any request', () => {
    expect(new RequestRate().perSecond(5_000)).toBe(0);
  });

  it('does not overstate the first moments: 4 requests in 100 ms are 4/s, not 40/s', () => {
    const rate = new RequestRate();
    for (const ms of [0, 25, 50, 100]) rate.record(1_000_000 + ms);
    expect(rate.perSecond(1_000_100)).toBe(4);
  });

  it('settles on the steady rate', () => {
    const rate = new RequestRate();
    // 6 requests a second for a minute.
    for (let ms = 0; ms < 60_000; ms += 1000 / 6) rate.record(Math.round(ms));
    expect(rate.perSecond(60_000)).toBeCloseTo(6, 0);
  });

  it('follows a slowdown within the window and falls to 0 when requests stop', () => {
    const rate = new RequestRate();
    for (let ms = 0; ms < 20_000; ms += 100) rate.record(ms); // 10/s
    for (let ms = 20_000; ms < 40_000; ms += 500) rate.record(ms); // 2/s
    expect(rate.perSecond(40_000)).toBeCloseTo(2, 0);
    expect(rate.perSecond(40_000 + RATE_WINDOW_MS + 1_000)).toBe(0);
  });

  it('counts the time since the first request when the crawl is younger than the window', () => {
    const rate = new RequestRate();
    for (let ms = 0; ms < 4_000; ms += 250) rate.record(ms); // 16 requests in 4 s
    expect(rate.perSecond(4_000)).toBe(4);
  });
});
