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
  reason: string;
}

type PolicyInput = Pick<
  RobotsFetch,
  'status' | 'error' | 'errorKind' | 'contentType' | 'body' | 'redirects'
>;

const RETRY = 'treated as fully disallowed for now and retried later';

/** The policy for a robots.txt fetch result. */
export function robotsPolicyFor(fetch: PolicyInput): RobotsPolicy {
  if (fetch.errorKind === 'too-many-redirects' || fetch.errorKind === 'redirect-loop') {
    return redirectUnresolved(
      `${fetch.errorKind.replace(/-/g, ' ')} after ${fetch.redirects.length} hops`,
    );
  }
  const status = fetch.status;
  if (status === null) {
    const what =
      fetch.errorKind === 'timeout'
        ? 'timed out'
        : `could not be fetched (${fetch.error ?? 'network error'})`;
    return both('disallow-all', 'unreachable', `robots.txt ${what}: ${RETRY}`);
  }
  if (status >= 200 && status < 300) return successPolicy(fetch, status);
  if (status >= 300 && status < 400)
    return redirectUnresolved(`robots.txt answered ${status} with nowhere to go`);
  if (status === 401 || status === 403) {
    return {
      policy: 'allow-all',
      classicPolicy: 'disallow-all',
      code: 'unauthorized',
      reason:
        `robots.txt returned ${status}: RFC 9309 and Google treat it as no robots.txt (everything allowed); ` +
        'the 1996 draft read it as "fully disallowed"',
    };
  }
  if (status === 429)
    return both(
      'disallow-all',
      'rate-limited',
      `robots.txt returned 429 (too many requests): ${RETRY}`,
    );
  if (status === 404 || status === 410) {
    return both(
      'allow-all',
      'not-found',
      `robots.txt returned ${status}: there are no rules, everything is allowed`,
    );
  }
  if (status >= 400 && status < 500) {
    return both(
      'allow-all',
      'client-error',
      `robots.txt returned ${status}: treated like 404, everything is allowed`,
    );
  }
  if (status >= 500 && status < 600)
    return both('disallow-all', 'server-error', `robots.txt returned ${status}: ${RETRY}`);
  return both(
    'disallow-all',
    'unexpected-status',
    `robots.txt returned ${status}, not a final answer: ${RETRY}`,
  );
}

function successPolicy(fetch: PolicyInput, status: number): RobotsPolicy {
  const html = htmlEvidence(fetch.contentType, fetch.body);
  if (html !== null) {
    return both(
      'rules',
      'html-served',
      `robots.txt returned ${status} but is an HTML page (${html}): parsed, it has no rules`,
    );
  }
  const notText = notTextEvidence(fetch.contentType, fetch.body);
  if (notText !== null) {
    return both(
      'rules',
      'not-text',
      `robots.txt returned ${status} but is not text (${notText}): robots read it as text anyway and keep only the lines that read as rules`,
    );
  }
  return both('rules', 'ok', `robots.txt returned ${status}: its rules apply`);
}

function redirectUnresolved(what: string): RobotsPolicy {
  // RFC 9309 lets a robot give up after five hops and MAY treat robots.txt as unavailable; Google treats it as 404.
  return both(
    'allow-all',
    'redirect-unresolved',
    `robots.txt redirects did not end (${what}): like Google, treated as 404, everything is allowed`,
  );
}

function both(policy: RobotsPolicyName, code: RobotsPolicyCode, reason: string): RobotsPolicy {
  return { policy, classicPolicy: policy, code, reason };
}
