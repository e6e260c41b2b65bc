/**
 * robots.txt response → how to treat the site (RFC 9309 §2.3.1), with the
 * 1996 draft's reading alongside (it differs on 401/403). A pure function of
 * the fetch result: the table of the standards, and nothing else.
 *
 * | response                            | policy       | 1996 draft   |
 * |-------------------------------------|--------------|--------------|
 * | 2xx (HTML too: parsed, no rules)    | rules        | rules        |
 * | 2xx not text (an image): parsed too | rules        | rules        |
 * | 3xx left after 5 hops, loop         | allow-all    | allow-all    |
 * | 401, 403                            | allow-all    | disallow-all |
 * | 404, 410, other 4xx                 | allow-all    | allow-all    |
 * | 429, 5xx, network error, timeout    | disallow-all | disallow-all |
 * | 1xx, 6xx+ (no usable final answer)  | disallow-all | disallow-all |
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { notTextEvidence } from './not-text.ts';
import { htmlEvidence } from './soft-404.ts';
import type { RobotsFetch, RobotsPolicyName } from './types.ts';

/** Why the policy is what it is: one stable code per row of the table. */
export type RobotsPolicyCode =
  | 'ok'
  | 'html-served'
  | 'not-text'
  | 'redirect-unresolved'
  | 'unauthorized'
  | 'not-found'
  | 'client-error'
  | 'rate-limited'
  | 'server-error'
  | 'unreachable'
  | 'unexpected-status';

export interface RobotsPolicy {
  policy: RobotsPolicyName;
  /** The 1996 draft's reading (401/403 = fully disallowed). */
  classicPolicy: RobotsPolicyName;
  code: RobotsPolicyCode;
  /** Why, in English. */
  reason: Phrase;
}

type PolicyInput = Pick<
  RobotsFetch,
  'status' | 'error' | 'errorKind' | 'contentType' | 'body' | 'redirects'
>;

/** The policy for a robots.txt fetch result. */
export function robotsPolicyFor(fetch: PolicyInput): RobotsPolicy {
  if (fetch.errorKind === 'too-many-redirects' || fetch.errorKind === 'redirect-loop') {
    const kind = fetch.errorKind === 'redirect-loop' ? 'redirect_loop' : 'too_many_redirects';
    return redirectUnresolved(
      phrase('policy_hops', { kind: phrase(`policy_kind_${kind}`), hops: fetch.redirects.length }),
    );
  }
  const status = fetch.status;
  if (status === null) {
    return both(
      'disallow-all',
      'unreachable',
      fetch.errorKind === 'timeout'
        ? phrase('policy_timeout')
        : phrase('policy_unfetchable', { error: fetch.error ?? phrase('policy_network_error') }),
    );
  }
  const code = String(status);
  if (status >= 200 && status < 300) return successPolicy(fetch, code);
  if (status >= 300 && status < 400)
    return redirectUnresolved(phrase('policy_nowhere', { status: code }));
  if (status === 401 || status === 403) {
    return {
      ...both('allow-all', 'unauthorized', phrase('policy_unauthorized', { status: code })),
      classicPolicy: 'disallow-all',
    };
  }
  if (status === 429) return both('disallow-all', 'rate-limited', phrase('policy_rate_limited'));
  if (status === 404 || status === 410)
    return both('allow-all', 'not-found', phrase('policy_not_found', { status: code }));
  if (status >= 400 && status < 500)
    return both('allow-all', 'client-error', phrase('policy_client_error', { status: code }));
  if (status >= 500 && status < 600)
    return both('disallow-all', 'server-error', phrase('policy_server_error', { status: code }));
  return both('disallow-all', 'unexpected-status', phrase('policy_unexpected', { status: code }));
}

function successPolicy(fetch: PolicyInput, status: string): RobotsPolicy {
  const html = htmlEvidence(fetch.contentType, fetch.body);
  if (html !== null)
    return both('rules', 'html-served', phrase('policy_html', { status, evidence: html }));
  const notText = notTextEvidence(fetch.contentType, fetch.body);
  if (notText !== null)
    return both('rules', 'not-text', phrase('policy_not_text', { status, evidence: notText }));
  return both('rules', 'ok', phrase('policy_ok', { status }));
}

function redirectUnresolved(what: Phrase): RobotsPolicy {
  // RFC 9309 lets a robot give up after five hops and MAY treat robots.txt as unavailable; Google treats it as 404.
  return both('allow-all', 'redirect-unresolved', phrase('policy_redirect_unresolved', { what }));
}

function both(policy: RobotsPolicyName, code: RobotsPolicyCode, reason: Phrase): RobotsPolicy {
  return { policy, classicPolicy: policy, code, reason: reason };
}
