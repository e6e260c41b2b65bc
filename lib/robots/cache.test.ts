import { describe, expect, it } from 'vitest';
import { RobotsCache } from './cache.ts';
import { cacheLifetime, isRobotsFetchFresh } from './cache-lifetime.ts';
import type { RobotsFetch } from './types.ts';

const H = 60 * 60 * 1000;
const T0 = Date.parse('2025-01-01T00:00:00Z');

function fetchOf(
  status: number | null,
  headers: Record<string, string> = {},
  url = 'https://e.com/robots.txt',
): RobotsFetch {
  return {
    url,
    status,
    redirects: [],
    headers,
    fetchedAtMs: T0,
    body: new TextEncoder().encode('User-agent: *'),
  };
}

describe('cacheLifetime', () => {
  it.each([
    ['no headers: 24 h', 200, {}, 24 * H],
    ['max-age=600', 200, { 'cache-control': 'max-age=600' }, 600_000],
    ['max-age minus Age', 200, { 'cache-control': 'public, max-age=600', age: '100' }, 500_000],
    ['max-age over 24 h is capped', 200, { 'cache-control': 'max-age=604800' }, 24 * H],
    ['max-age=0', 200, { 'cache-control': 'max-age=0' }, 0],
    ['no-store', 200, { 'cache-control': 'no-store, max-age=600' }, 0],
    ['no-cache', 200, { 'cache-control': 'No-Cache' }, 0],
    [
      'Expires against Date',
      200,
      { expires: 'Wed, 01 Jan 2025 02:00:00 GMT', date: 'Wed, 01 Jan 2025 01:00:00 GMT' },
      H,
    ],
    ['Expires against the fetch time', 200, { expires: 'Wed, 01 Jan 2025 03:00:00 GMT' }, 3 * H],
    ['Expires far away is capped', 200, { expires: 'Wed, 01 Jan 2031 00:00:00 GMT' }, 24 * H],
    ['Expires invalid: expired', 200, { expires: '0' }, 0],
    [
      'max-age beats Expires',
      200,
      { 'cache-control': 'max-age=60', expires: 'Wed, 01 Jan 2025 03:00:00 GMT' },
      60_000,
    ],
    ['404 is cached like a file', 404, {}, 24 * H],
    ['503: briefly', 503, { 'cache-control': 'max-age=86400' }, 5 * 60_000],
    ['503 with Retry-After seconds', 503, { 'retry-after': '120' }, 120_000],
    [
      '429 with Retry-After date',
      429,
      { 'retry-after': 'Wed, 01 Jan 2025 00:30:00 GMT' },
      30 * 60_000,
    ],
    ['network error: briefly', null, {}, 5 * 60_000],
  ] as const)('%s', (_name, status, headers, lifetimeMs) => {
    expect(cacheLifetime(fetchOf(status, { ...headers })).lifetimeMs).toBe(lifetimeMs);
  });
});

describe('isRobotsFetchFresh', () => {
  it('is fresh until its lifetime ends', () => {
    const fetch = fetchOf(200, { 'cache-control': 'max-age=60' });
    expect(isRobotsFetchFresh(fetch, T0 + 59_999)).toBe(true);
    expect(isRobotsFetchFresh(fetch, T0 + 60_000)).toBe(false);
    expect(isRobotsFetchFresh(fetchOf(null), T0 + 5 * 60_000)).toBe(false);
  });
});

describe('RobotsCache', () => {
  it('keys on scheme, host and port, and reports age and expiry', () => {
    let now = T0;
    const cache = new RobotsCache({ nowMs: () => now });
    cache.set(fetchOf(200, { 'cache-control': 'max-age=600' }));
    now = T0 + 60_000;
    const hit = cache.get('https://e.com/any/page?x=1');
    expect(hit).toMatchObject({
      ageMs: 60_000,
      expiresAtMs: T0 + 600_000,
      lifetimeReason: 'Cache-Control: max-age=600',
    });
    expect(new TextDecoder().decode(hit?.fetch.body)).toBe('User-agent: *');
    expect(cache.get('http://e.com/')).toBeUndefined();
    expect(cache.get('https://e.com:8443/')).toBeUndefined();
    expect(cache.get('https://www.e.com/')).toBeUndefined();
  });

  it('drops an entry once expired', () => {
    let now = T0;
    const cache = new RobotsCache({ nowMs: () => now });
    cache.set(fetchOf(503));
    now = T0 + 5 * 60_000 - 1;
    expect(cache.get('https://e.com/')).toBeDefined();
    now = T0 + 5 * 60_000;
    expect(cache.get('https://e.com/')).toBeUndefined();
    expect(cache.entries()).toEqual([]);
  });

  it('does not store no-store results, and forgets the older one', () => {
    const cache = new RobotsCache({ nowMs: () => T0 });
    cache.set(fetchOf(200));
    const entry = cache.set(fetchOf(200, { 'cache-control': 'no-store' }));
    expect(entry.expiresAtMs).toBe(T0);
    expect(cache.get('https://e.com/')).toBeUndefined();
  });

  it('entries survive JSON (a service-worker restart)', () => {
    const cache = new RobotsCache({ nowMs: () => T0 });
    cache.set(fetchOf(200));
    const stored = JSON.parse(JSON.stringify(cache.entries()));
    const restored = new RobotsCache({ nowMs: () => T0 + H, entries: stored });
    const hit = restored.get('https://e.com/');
    expect(hit?.ageMs).toBe(H);
    expect(new TextDecoder().decode(hit?.fetch.body)).toBe('User-agent: *');
  });
});
