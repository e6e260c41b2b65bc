/**
 * classify: what one fetch came to, as a UrlRecord with a status from the
 * closed set. Pure; the HTTP status table itself is in classify.ts.
 */
import { headerValues } from '../http/types.ts';
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
    const wait = outcome.rateLimited.retryAfterMs;
    const why =
      wait !== null
        ? `the server asks to wait ${Math.round(wait / 1000)} s (Retry-After)`
        : 'the server kept answering 429';
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
