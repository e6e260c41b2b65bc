/**
 * `Retry-After` (RFC 9110 §10.2.3), sent with 429 and 503: how long to
 * leave the origin alone. The value is delta-seconds or an HTTP-date
 * (lib/http/http-date.ts reads its three forms).
 */
import { parseHttpDate } from '../http/http-date.ts';

/** delta-seconds is digits only (RFC 9110): no sign, no fraction. */
const DELTA_SECONDS = /^\d+$/;

/**
 * The wait a `Retry-After` value asks for, in ms from `nowMs`: 0 for a date
 * already past, null when the header is absent or unreadable (the caller
 * then uses its own backoff). Huge values are capped at
 * `Number.MAX_SAFE_INTEGER`, so the result is always finite.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (DELTA_SECONDS.test(text)) return Math.min(Number(text) * 1000, Number.MAX_SAFE_INTEGER);
  const dateMs = parseHttpDate(text, nowMs);
  return dateMs === null ? null : Math.max(0, dateMs - nowMs);
}
