/**
 * classify: what one fetch came to, as a UrlRecord with a status from the
 * closed set. Pure; the HTTP status table itself is in classify.ts.
 */
import { headerValues, type HttpError } from '../http/types.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { classifyError, classifyStatus } from './classify.ts';
import { durationPhrase } from '../i18n/duration.ts';
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
  if (outcome.refused) {
    const { url, reason } = outcome.refused;
    return {
      ...base,
      ...addressSkip(phrase('reach_redirect_not_requested', { url, reason })),
    };
  }
  if (outcome.offSite) {
    return {
      ...base,
      status: 'redirected',
      reason: phrase('reach_redirect_off_site', { url: outcome.offSite.url }),
    };
  }
  if (outcome.error?.kind === 'address-refused') {
    return { ...base, ...addressSkip(classifyError(outcome.error).reason) };
  }
  if (outcome.blocked) {
    return {
      ...base,
      status: 'blocked',
      reason: phrase('crawl_redirect_blocked', {
        url: outcome.blocked.url,
        reason: outcome.blocked.reason,
      }),
    };
  }
  if (outcome.error) {
    const { status, brokenReason, reason } = classifyError(outcome.error);
    return { ...base, status, reason, ...(brokenReason ? { brokenReason } : {}) };
  }
  const response = outcome.response!;
  const contentType = headerValues(response, 'content-type')[0];
  const withResponse: UrlRecord = {
    ...base,
    ...(contentType ? { contentType } : {}),
  };
  if (outcome.rateLimited) {
    const { retryAfterMs: wait, longestWaitMs } = outcome.rateLimited;
    const why =
      wait === null
        ? phrase('wait_kept_429')
        : longestWaitMs !== undefined
          ? phrase('wait_too_long', {
              wait: durationPhrase(wait, 'wait'),
              longest: durationPhrase(longestWaitMs, 'wait'),
            })
          : phrase('wait_asked', { wait: durationPhrase(wait, 'wait') });
    return {
      ...withResponse,
      status: 'rate-limited',
      reason: phrase('crawl_rate_limited', { status: String(response.status), why }),
    };
  }
  const verdict = classifyStatus(response.status, outcome.finalUrl);
  const status = verdict.status === 'ok' && outcome.hops.length > 0 ? 'redirected' : verdict.status;
  const brokenReason =
    verdict.brokenReason && outcome.hops.length > 0 ? 'redirect-to-error' : verdict.brokenReason;
  const reason =
    outcome.hops.length > 0 && verdict.status !== 'ok'
      ? phrase('crawl_redirects_to', { url: outcome.finalUrl, reason: verdict.reason })
      : verdict.reason;
  // A URL that is fine needs no reason: none is stored per page (its status says it).
  return {
    ...withResponse,
    status,
    ...(verdict.status === 'ok' ? {} : { reason }),
    ...(brokenReason ? { brokenReason } : {}),
  };
}

/**
 * A URL robots.txt kept us from requesting: blocked, or broken when robots.txt
 * showed the whole server unreachable (see robots-gate.ts). One on the
 * user's block list is skipped, as when a link to it is refused.
 */
export function refusalFields(verdict: {
  reason: Phrase;
  unreachable?: HttpError;
  blockListed?: true;
  addressRefused?: true;
}): Pick<UrlRecord, 'status' | 'reason' | 'brokenReason' | 'skipReason' | 'trap'> {
  if (verdict.addressRefused) return addressSkip(verdict.reason);
  if (verdict.blockListed)
    return {
      status: 'skipped',
      reason: verdict.reason,
      skipReason: 'blocked-pattern',
      trap: 'blocked-pattern',
    };
  if (!verdict.unreachable) return { status: 'blocked', reason: verdict.reason };
  const { status, brokenReason, reason } = classifyError(verdict.unreachable);
  return { status, reason, ...(brokenReason ? { brokenReason } : {}) };
}

/** Not requested because of where its host is: skipped with the address rule, not broken. */
function addressSkip(reason: Phrase): Pick<UrlRecord, 'status' | 'reason' | 'skipReason'> {
  return { status: 'skipped', skipReason: 'address-refused', reason };
}
