/**
 * The robots.txt audit: the fetch and its policy (with the 1996 reading),
 * the file as lines, groups and sitemaps, the lint findings, and URL × robot
 * tests, each explained: which group applied, which rule decided, and why.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { robotsFetchExpiresAtMs } from './cache-lifetime.ts';
import { decideWithOpinions, parseRobotsFetch } from './decide-fetch.ts';
import { matchingRules, explainDecision, type MatchingRule } from './explain.ts';
import type { RobotsFinding } from './finding.ts';
import type { RobotsGroup, RobotsSitemap } from './groups.ts';
import { lintParsed } from './lint.ts';
import { robotsPolicyFor, type RobotsPolicyCode } from './policy.ts';
import type { RobotsFetch, RobotsOtherAnswer, RobotsPolicyName } from './types.ts';

export interface RobotsTest {
  url: string;
  ua: string;
  allowed: boolean;
  /** Line of the deciding rule; null when no rule decided. */
  line: number | null;
  rule: string | null;
  /** The group's `User-agent` value (`*` for the global group); null when none applies. */
  group: string | null;
  groupLine: number | null;
  /** Why, in English. */
  reason: Phrase;
  /** Every rule of the group that matches, longest first. */
  matches: MatchingRule[];
  /** Other parsers that answer otherwise (Google's parser alone, robots-parser); absent when none. */
  otherAnswers?: RobotsOtherAnswer[];
}

export interface RobotsAudit {
  url: string;
  status: number | null;
  policy: RobotsPolicyName;
  classicPolicy: RobotsPolicyName;
  policyCode: RobotsPolicyCode;
  /** Why the policy, in English. */
  reason: Phrase;
  redirects: { url: string; status: number }[];
  fetchedAtMs: number;
  /** How old the fetch result is at `nowMs`. */
  ageMs: number;
  /** When robots stop reusing this result (Cache-Control/Expires, at most 24 h; 5 min when unreachable). */
  expiresAtMs: number;
  /** Bytes received (the file may be larger when `truncated`). */
  bytes: number;
  /** True when the file is over 500 KiB and robots ignore the rest. */
  truncated: boolean;
  findings: RobotsFinding[];
  groups: RobotsGroup[];
  sitemaps: RobotsSitemap[];
  /** The file's lines, for display (line n is `lines[n - 1]`). */
  lines: string[];
  tests: RobotsTest[];
}

export interface AuditOptions {
  /** Robots to test (`googlebot`, `bingbot`, `*`, …). */
  robots: string[];
  /** URLs (or paths) to test. */
  tests: string[];
  nowMs: number;
}

/** Audits a fetched robots.txt. */
export function auditRobotsTxt(fetch: RobotsFetch, options: AuditOptions): RobotsAudit {
  const policy = robotsPolicyFor(fetch);
  const parsed = policy.policy === 'rules' ? parseRobotsFetch(fetch) : null;
  const findings = parsed
    ? lintParsed(parsed, { contentType: fetch.contentType, body: fetch.body })
    : [];
  const tests = options.tests.flatMap((test) =>
    options.robots.map((robot) => runTest(fetch, resolve(test, fetch.url), robot)),
  );
  return {
    url: fetch.url,
    status: fetch.status,
    policy: policy.policy,
    classicPolicy: policy.classicPolicy,
    policyCode: policy.code,
    reason: policy.reason,
    redirects: fetch.redirects,
    fetchedAtMs: fetch.fetchedAtMs,
    ageMs: options.nowMs - fetch.fetchedAtMs,
    expiresAtMs: robotsFetchExpiresAtMs(fetch),
    bytes: fetch.body?.length ?? 0,
    truncated: parsed?.truncated ?? false,
    findings,
    groups: parsed?.groups ?? [],
    sitemaps: parsed?.sitemaps ?? [],
    lines: parsed?.lines.map((line) => line.text) ?? [],
    tests,
  };
}

function runTest(fetch: RobotsFetch, url: string, robot: string): RobotsTest {
  const decision = decideWithOpinions(fetch, url, robot);
  const matches =
    decision.policy === 'rules' ? matchingRules(parseRobotsFetch(fetch), url, robot) : [];
  return {
    url,
    ua: robot,
    allowed: decision.allowed,
    line: decision.line,
    rule: decision.rule,
    group: decision.group,
    groupLine: decision.groupLine ?? null,
    ...testReason(explainDecision(decision, matches), originNote(fetch.url, url)),
    matches,
    ...(decision.otherAnswers ? { otherAnswers: decision.otherAnswers } : {}),
  };
}

/**
 * A path is tested on the robots.txt's own origin. The URL keeps its
 * spelling as typed (a URL parser would encode a space or `{`, and Google's
 * parser compares spellings): only the origin is put in front of a path.
 */
function resolve(test: string, robotsUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(test)) return test;
  try {
    const origin = new URL(robotsUrl).origin;
    return test.startsWith('/') && !test.startsWith('//')
      ? `${origin}${test}`
      : new URL(test, robotsUrl).href;
  } catch {
    return test;
  }
}

function testReason(why: Phrase, note: Phrase | null): Pick<RobotsTest, 'reason'> {
  return { reason: note === null ? why : phrase('test_other_origin', { reason: why, note }) };
}

function originNote(robotsUrl: string, url: string): Phrase | null {
  try {
    const robotsOrigin = new URL(robotsUrl).origin;
    const urlOrigin = new URL(url).origin;
    return robotsOrigin === urlOrigin
      ? null
      : phrase('test_origin_note', { robots_origin: robotsOrigin, origin: urlOrigin });
  } catch {
    return null;
  }
}
