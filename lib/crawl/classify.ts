/**
 * HTTP status → link status: one pure decision, tested as a table. Unknown
 * codes count by their class (299 as 2xx, 418 as 4xx); bot walls (401, 403,
 * 999) are "forbidden to robots", kept apart from broken; 429 is
 * "rate-limited", never broken.
 */
import type { HttpError, HttpErrorKind } from '../http/types.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { durationPhrase } from '../i18n/duration.ts';
import type { BrokenReason, LinkStatus } from './types.ts';

export interface StatusClass {
  status: LinkStatus;
  brokenReason?: BrokenReason;
  reason: Phrase;
}

/** Codes that mean "not for robots" rather than "gone": auth walls and bot walls (999: LinkedIn and others). */
const FORBIDDEN_CODES = new Set([401, 403, 999]);

/** A `%` that does not start an escape: a browser sends it as written. */
const STRAY_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/**
 * `url`: the URL that answered. A 400 for one with a stray `%` says why:
 * Boost's docs link `operator%.html`, a file that exists, and nginx answers
 * 400 to the bare `%` (wget quietly sends `%25` and hides it).
 */
export function classifyStatus(code: number, url?: string): StatusClass {
  const status = String(code);
  if (code === 400 && url !== undefined && STRAY_PERCENT.test(url))
    return made('broken', phrase('status_400_stray_percent', { status }), 'http-4xx');
  if (code === 304) return made('unchanged', phrase('status_304'));
  if (code === 429) return made('rate-limited', phrase('status_429'));
  if (FORBIDDEN_CODES.has(code)) return made('forbidden', phrase('status_forbidden', { status }));
  switch (Math.floor(code / 100)) {
    case 2:
      return made('ok', phrase('status_ok', { status }));
    case 3:
      return made('broken', phrase('status_3xx', { status }), 'redirect-without-location');
    case 4:
      return made('broken', phrase('status_4xx', { status }), 'http-4xx');
    case 5:
      return made('broken', phrase('status_5xx', { status }), 'http-5xx');
    default:
      return made('broken', phrase('status_invalid', { status }), 'http-other');
  }
}

const ERROR_WORDS: Record<HttpErrorKind, Phrase> = {
  timeout: phrase('error_timeout'),
  dns: phrase('error_dns'),
  connection: phrase('error_connection'),
  tls: phrase('error_tls'),
  'redirect-loop': phrase('error_redirect_loop'),
  'too-many-redirects': phrase('error_too_many_redirects'),
  'invalid-url': phrase('error_invalid_url'),
  aborted: phrase('error_aborted'),
  'address-refused': phrase('reach_error_address'),
  other: phrase('error_failed'),
};

/**
 * A request that got no answer. A timeout says the limit it hit ("no answer
 * within 3 s"), not the adapter's own words for the same thing; other
 * errors keep the adapter's detail (the DNS or TLS error).
 */
export function classifyError(
  error: Pick<HttpError, 'kind' | 'detail' | 'timeoutMs'>,
): StatusClass {
  const { kind, detail: message, timeoutMs } = error;
  if (kind === 'timeout')
    return made(
      'broken',
      timeoutMs === undefined
        ? ERROR_WORDS.timeout
        : phrase('error_no_answer_within', { wait: durationPhrase(timeoutMs, 'limit') }),
      kind,
    );
  return made('broken', phrase('error_with_detail', { what: ERROR_WORDS[kind], message }), kind);
}

function made(status: LinkStatus, reason: Phrase, brokenReason?: BrokenReason): StatusClass {
  return {
    status,
    reason: reason,
    ...(brokenReason ? { brokenReason } : {}),
  };
}

/** 429 and 503 are worth waiting for when the server says how long (Retry-After). */
export function isRetryable(code: number): boolean {
  return code === 429 || code === 503;
}

export function isRedirect(code: number): boolean {
  return code === 301 || code === 302 || code === 303 || code === 307 || code === 308;
}
