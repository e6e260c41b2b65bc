/**
 * The adapter around robots-parser 3.0.1, the matching engine. robots-parser
 * implements Google's wildcard matcher and longest-match precedence, but it
 * reads files and URLs its own way; we hand it only what it gets right:
 * - a rewritten file (see program.ts) with one canonical `User-agent` token
 *   per line and canonical patterns, so its own parsing has nothing to fix;
 * - a URL whose whole path sits in the query of an opaque `x-robotlens:` URL,
 *   so the WHATWG URL parser keeps it byte for byte: no dot-segment
 *   resolution, no `\` → `/`, and a lone trailing `?` survives. (Chromium
 *   encodes `'` in any query, so canonical paths never carry a raw `'`:
 *   see encoding.ts.)
 * Both sides carry the same one-character prefix (`?`), so pattern lengths,
 * and with them the longest-match order, are unchanged.
 */
import robotsParser from 'robots-parser';

const ENGINE_URL = 'x-robotlens:?';
const PREFIX = '?';

export type EngineRuleType = 'allow' | 'disallow';

/** One line of the rewritten file robots-parser reads. */
export function engineRuleLine(type: EngineRuleType, pattern: string): string {
  return pattern === '' ? `${type}:` : `${type}: ${PREFIX}${pattern}`;
}

/** A `User-agent` line for a token; '' (names no robot) gets a token no robot has. */
export function engineAgentLine(token: string): string {
  return `user-agent: ${token === '' ? '0' : token}`;
}

export interface RuleMatcher {
  /** 1-based line of the rewritten file that decides, or null when no rule matches. */
  decidingLine(path: string, token: string): number | null;
}

/** Compiles a rewritten file (see program.ts) into a matcher. */
export function createRuleMatcher(rewritten: string): RuleMatcher {
  const robot = robotsParser(ENGINE_URL, rewritten);
  return {
    decidingLine(path, token) {
      const line = robot.getMatchingLineNumber(`${ENGINE_URL}${path}`, token);
      return typeof line === 'number' && line > 0 ? line : null;
    },
  };
}

const singleRuleMatchers = new Map<string, RuleMatcher>();
const SINGLE_RULE_CACHE_SIZE = 1000;

/**
 * Whether one canonical pattern matches a canonical path (for explanations:
 * which other rules matched, and how long they were).
 */
export function patternMatches(pattern: string, path: string): boolean {
  if (pattern === '') return false;
  let matcher = singleRuleMatchers.get(pattern);
  if (!matcher) {
    if (singleRuleMatchers.size >= SINGLE_RULE_CACHE_SIZE) singleRuleMatchers.clear();
    matcher = createRuleMatcher(`user-agent: *\n${engineRuleLine('disallow', pattern)}\n`);
    singleRuleMatchers.set(pattern, matcher);
  }
  return matcher.decidingLine(path, '*') !== null;
}
