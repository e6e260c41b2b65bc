/**
 * The robots.txt engine: fetch → policy → parse → decide, plus the auditor
 * (lint, explain) and batch mode. Everything here is pure; I/O comes in
 * through the HttpFetch port and the clock as epoch ms.
 */
export type { RobotsDecision, RobotsDecisionCode, RobotsFetch, RobotsPolicyName } from './types.ts';
export { fetchRobotsTxt, robotsTxtUrl, type FetchRobotsOptions } from './fetch.ts';
export { robotsPolicyFor, type RobotsPolicy, type RobotsPolicyCode } from './policy.ts';
export { parseRobotsTxt } from './parse.ts';
export type { RobotsTxt } from './robots-txt.ts';
export { applicableGroup, type ApplicableGroup } from './decide.ts';
export { decideFromFetch, decideWithOpinions, parseRobotsFetch } from './decide-fetch.ts';
export { otherAnswerPhrase } from './other-answer-phrase.ts';
export type { RobotsOtherAnswer } from './types.ts';
export { ROBOTS_READINGS, type RobotsReading } from './spelling.ts';
export { batchDecide, type BatchCase, type BatchResult } from './batch.ts';
export {
  RobotsCache,
  type RobotsCacheEntry,
  type RobotsCacheHit,
  type RobotsFetchJson,
} from './cache.ts';
export {
  cacheLifetime,
  isRobotsFetchFresh,
  robotsFetchExpiresAtMs,
  type CacheLifetime,
} from './cache-lifetime.ts';
export { lintRobotsTxt, lintParsed, type LintOptions } from './lint.ts';
export type { FindingSeverity, RobotsFinding, RobotsFindingCode } from './finding.ts';
export { auditRobotsTxt, type AuditOptions, type RobotsAudit, type RobotsTest } from './audit.ts';
export { matchingRules, type MatchingRule } from './explain.ts';
export type {
  RobotsGroup,
  RobotsRule,
  RobotsSitemap,
  RobotsUserAgent,
  RobotsCrawlDelay,
} from './groups.ts';
export type { RobotsLine } from './tokenize.ts';
export { matchPathOf } from './encoding.ts';
export * from './limits.ts';
