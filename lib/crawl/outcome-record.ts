/**
 * classify: what one fetch came to, as a UrlRecord with a status from the
 * closed set. Pure; the HTTP status table itself is in classify.ts.
 */
import { headerValues, type HttpError } from '../http/types.ts';
import { classifyError, classifyStatus } from './classify.ts';
import type { FetchOutcome } from './fetch-link.ts';
import type { FrontierEntry } from './frontier.ts';
import type { UrlRecord } from './types.ts';

/** fetch outcome → UrlRecord (the closed set of statuses). */
export function recordOfOutcome(
  entry: FrontierEntry,
  outcome: FetchOutcome,
  durationMs: number,
): UrlRecord {
  const base: UrlRecord = {
    url: entry.url,
    depth: entry.depth,
    internal: entry.internal,
    status: 'ok',
    httpStatus: outcome.response?.status ?? null,
    method: outcome.method,
    attempts: outcome.attempts,
    durationMs,
    ...(outcome.hops.length > 0 ? { redirects: outcome.hops, finalUrl: outcome.finalUrl } : {}),
  };
  if (outcome.blocked) {
    return {
      ...base,
      status: 'blocked',
      reason: `redirects to ${outcome.blocked.url}, which ${outcome.blocked.reason}`,
    };
  }
  if (outcome.error) {
    const { status, brokenReason, reason } = classifyError(
      outcome.error.kind,
      outcome.error.message,
    );
    return { ...base, status, reason, ...(brokenReason ? { brokenReason } : {}) };
  }
  const response = outcome.response!;
  const contentType = headerValues(response, 'content-type')[0];
  const validators = {
    ...(headerValues(response, 'etag')[0] ? { etag: headerValues(response, 'etag')[0] } : {}),
    ...(headerValues(response, 'last-modified')[0]
      ? { lastModified: headerValues(response, 'last-modified')[0] }
      : {}),
  };
  const withResponse: UrlRecord = {
    ...base,
    ...validators,
    ...(contentType ? { contentType } : {}),
  };
  if (outcome.rateLimited) {
    const { retryAfterMs: wait, longestWaitMs } = outcome.rateLimited;
    const why =
      wait === null
        ? 'the server kept answering 429'
        : longestWaitMs !== undefined
          ? `the server asks to wait ${duration(wait)} (Retry-After), longer than the ${duration(longestWaitMs)} the crawl waits`
          : `the server asks to wait ${duration(wait)} (Retry-After)`;
    return {
      ...withResponse,
      status: 'rate-limited',
      reason: `HTTP ${response.status}: ${why}; not counted as broken`,
    };
  }
  const verdict = classifyStatus(response.status);
  const status = verdict.status === 'ok' && outcome.hops.length > 0 ? 'redirected' : verdict.status;
  const brokenReason =
    verdict.brokenReason && outcome.hops.length > 0 ? 'redirect-to-error' : verdict.brokenReason;
  const reason =
    outcome.hops.length > 0 && verdict.status !== 'ok'
      ? `redirects to ${outcome.finalUrl}: ${verdict.reason}`
      : verdict.reason;
  return { ...withResponse, status, reason, ...(brokenReason ? { brokenReason } : {}) };
}

/**
 * A URL robots.txt kept us from requesting: blocked, or broken when robots.txt
 * showed the whole server unreachable (see robots-gate.ts). One on the
 * user's block list is skipped, as when a link to it is refused.
 */
export function refusalFields(verdict: {
  reason: string;
  unreachable?: HttpError;
  blockListed?: true;
}): Pick<UrlRecord, 'status' | 'reason' | 'brokenReason' | 'skipReason' | 'trap'> {
  if (verdict.blockListed)
    return {
      status: 'skipped',
      reason: verdict.reason,
      skipReason: 'blocked-pattern',
      trap: 'blocked-pattern',
    };
  if (!verdict.unreachable) return { status: 'blocked', reason: verdict.reason };
  const { kind, message } = verdict.unreachable;
  const { status, brokenReason, reason } = classifyError(kind, message);
  return { status, reason, ...(brokenReason ? { brokenReason } : {}) };
}

/** A wait in words: `45 s`, `20 min`, `12 days`, `7,974 years` (a hostile Retry-After can be anything). */
function duration(ms: number): string {
  const seconds = ms / 1000;
  const units: [limit: number, size: number, name: string][] = [
    [120, 1, 's'],
    [2 * 3600, 60, 'min'],
    [2 * 86_400, 3600, 'h'],
    [2 * 365 * 86_400, 86_400, 'days'],
  ];
  for (const [limit, size, name] of units)
    if (seconds < limit) return `${Math.round(seconds / size)} ${name}`;
  return `${Math.round(seconds / (365.25 * 86_400)).toLocaleString('en')} years`;
}
