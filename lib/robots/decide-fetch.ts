/**
 * "May robot X fetch URL Y?" from a fetch result: the policy first (a 404
 * allows everything, a 503 disallows everything for now), then the rules.
 */
import { withRobotsParserOpinion } from './other-answers.ts';
import { parseRobotsTxt } from './parse.ts';
import type { RobotsTxt } from './robots-txt.ts';
import { robotsPolicyFor } from './policy.ts';
import type { RobotsDecision, RobotsFetch } from './types.ts';

const parsedFetches = new WeakMap<RobotsFetch, RobotsTxt>();

/** The parsed body of a fetch (an empty file when there is none); memoized per fetch object. */
export function parseRobotsFetch(fetch: RobotsFetch): RobotsTxt {
  let parsed = parsedFetches.get(fetch);
  if (!parsed) {
    const byteLength = fetch.truncated ? (fetch.body?.length ?? 0) + 1 : undefined;
    parsed = parseRobotsTxt(fetch.body ?? new Uint8Array(), fetch.url, { byteLength });
    parsedFetches.set(fetch, parsed);
  }
  return parsed;
}

/** Applies the fetch policy, then (for `rules`) the file's rules. */
export function decideFromFetch(fetch: RobotsFetch, url: string, robot: string): RobotsDecision {
  const policy = robotsPolicyFor(fetch);
  switch (policy.policy) {
    case 'rules':
      return parseRobotsFetch(fetch).decide(url, robot);
    case 'allow-all':
    case 'disallow-all': {
      const allowed = policy.policy === 'allow-all';
      return {
        allowed,
        policy: policy.policy,
        line: null,
        rule: null,
        group: null,
        groupLine: null,
        reason: policy.reason,
        code: allowed ? 'policy-allow-all' : 'policy-disallow-all',
      };
    }
    default:
      return policy.policy satisfies never;
  }
}

/**
 * The decision, with robots-parser's answer added where it differs (Google's
 * parser's own answer is always there when it differs): for views that show
 * one decision to a reader, not for crawls.
 */
export function decideWithOpinions(fetch: RobotsFetch, url: string, robot: string): RobotsDecision {
  const decision = decideFromFetch(fetch, url, robot);
  if (decision.policy !== 'rules') return decision;
  return withRobotsParserOpinion(parseRobotsFetch(fetch), decision, url, robot);
}
