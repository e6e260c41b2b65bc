/**
 * How long a robots.txt result may be reused (RFC 9309 §2.4 with RFC 9111):
 * `Cache-Control: no-store`/`no-cache` → not reused; `max-age` → that long;
 * else `Expires` → until then; else 24 hours. Never more than 24 hours.
 * Unreachable results (429, 5xx, network) are kept only briefly (or for
 * `Retry-After`), so they are retried.
 */
import { ROBOTS_CACHE_MAX_MS, ROBOTS_ERROR_CACHE_MS } from './limits.ts';
import { robotsPolicyFor } from './policy.ts';
import type { RobotsFetch } from './types.ts';

export interface CacheLifetime {
  lifetimeMs: number;
  /** Which header or rule set the lifetime, in words. */
  reason: string;
}

/** The lifetime of a fetch result. */
export function cacheLifetime(fetch: RobotsFetch): CacheLifetime {
  const headers = fetch.headers ?? {};
  if (robotsPolicyFor(fetch).policy === 'disallow-all')
    return unreachableLifetime(headers, fetch.fetchedAtMs);
  const directives = parseCacheControl(headers['cache-control'] ?? '');
  if (directives.has('no-store')) return { lifetimeMs: 0, reason: 'Cache-Control: no-store' };
  if (directives.has('no-cache')) return { lifetimeMs: 0, reason: 'Cache-Control: no-cache' };
  const ageMs = secondsHeader(headers['age']) ?? 0;
  const maxAge = directives.get('max-age');
  if (maxAge !== undefined) {
    const seconds = Number(maxAge);
    if (Number.isFinite(seconds) && seconds >= 0)
      return capped(seconds * 1000 - ageMs, `Cache-Control: max-age=${maxAge}`);
  }
  const expires = headers['expires'];
  if (expires !== undefined) {
    const expiresAtMs = Date.parse(expires);
    const dateMs = Date.parse(headers['date'] ?? '');
    const originMs = Number.isNaN(dateMs) ? fetch.fetchedAtMs : dateMs;
    // RFC 9111 §5.3: an Expires that does not parse means "already expired".
    if (Number.isNaN(expiresAtMs))
      return { lifetimeMs: 0, reason: 'Expires (invalid date: already expired)' };
    return capped(expiresAtMs - originMs - ageMs, `Expires: ${expires}`);
  }
  return { lifetimeMs: ROBOTS_CACHE_MAX_MS, reason: 'no caching headers: 24 hours (RFC 9309)' };
}

function unreachableLifetime(headers: Record<string, string>, nowMs: number): CacheLifetime {
  const retryAfter = headers['retry-after'];
  const seconds = secondsHeader(retryAfter);
  if (seconds !== null) return capped(seconds, `Retry-After: ${retryAfter}`);
  const dateMs = Date.parse(retryAfter ?? '');
  if (!Number.isNaN(dateMs)) return capped(dateMs - nowMs, `Retry-After: ${retryAfter}`);
  return { lifetimeMs: ROBOTS_ERROR_CACHE_MS, reason: 'unreachable: kept 5 minutes, then retried' };
}

/** `max-age=60, no-cache` → { max-age: '60', no-cache: '' } (names lower-case). */
export function parseCacheControl(value: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of value.split(',')) {
    const [name = '', arg = ''] = part.split('=', 2).map((s) => s.trim());
    if (name !== '') directives.set(name.toLowerCase(), arg.replace(/^"|"$/g, ''));
  }
  return directives;
}

/** A header holding whole seconds, in ms; null when absent or not a number. */
function secondsHeader(value: string | undefined): number | null {
  return value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : null;
}

function capped(lifetimeMs: number, reason: string): CacheLifetime {
  if (lifetimeMs > ROBOTS_CACHE_MAX_MS)
    return { lifetimeMs: ROBOTS_CACHE_MAX_MS, reason: `${reason}, capped at 24 hours` };
  return { lifetimeMs: Math.max(0, lifetimeMs), reason };
}

/** When a fetch result stops being usable (epoch ms). */
export function robotsFetchExpiresAtMs(fetch: RobotsFetch): number {
  return fetch.fetchedAtMs + cacheLifetime(fetch).lifetimeMs;
}

/** Whether a cached fetch result may still be used at `nowMs` (for callers with their own storage). */
export function isRobotsFetchFresh(fetch: RobotsFetch, nowMs: number): boolean {
  return nowMs < robotsFetchExpiresAtMs(fetch);
}
