/**
 * Why a rule decided: every rule of the applicable group that matches the
 * URL, with its length, so the audit can say "longest match" or "Allow wins
 * the tie" with the competitors named.
 */
import { applicableGroup } from './decide.ts';
import { matchPathOf } from './encoding.ts';
import { patternMatches } from './engine.ts';
import type { RobotsRule } from './groups.ts';
import type { RobotsTxt } from './parse.ts';
import { indexHtmlDirectory } from './program.ts';
import type { RobotsDecision } from './types.ts';

export interface MatchingRule {
  type: 'allow' | 'disallow';
  line: number;
  rule: string;
  /** Length of the canonical pattern: the match priority. */
  length: number;
}

/** The rules of the applicable group that match a URL, longest first. */
export function matchingRules(robots: RobotsTxt, url: string, ua: string): MatchingRule[] {
  const path = matchPathOf(url);
  const rules = applicableGroup(robots.groups, ua).groups.flatMap((group) => group.rules);
  return rules
    .flatMap((rule) => matchOf(rule, path))
    .sort((a, b) => b.length - a.length || a.line - b.line);
}

function matchOf(rule: RobotsRule, path: string): MatchingRule[] {
  if (patternMatches(rule.pattern, path))
    return [{ type: rule.type, line: rule.line, rule: rule.text, length: rule.pattern.length }];
  const directory = rule.type === 'allow' ? indexHtmlDirectory(rule.pattern) : null;
  if (directory !== null && patternMatches(`${directory}$`, path)) {
    return [{ type: rule.type, line: rule.line, rule: rule.text, length: directory.length + 1 }];
  }
  return [];
}

/** The decision's reason, with the competing rules named. */
export function explainDecision(
  decision: RobotsDecision,
  matches: readonly MatchingRule[],
): string {
  if (decision.code !== 'rule' || decision.line === null) return decision.reason;
  const winner = matches.find((m) => m.line === decision.line);
  if (!winner) return decision.reason;
  const others = matches.filter((m) => m !== winner);
  if (others.length === 0) return `${decision.reason}; it is the only matching rule`;
  const tied = others.find((m) => m.length === winner.length && m.type !== winner.type);
  if (tied) {
    return `${winner.rule} (line ${winner.line}) and ${tied.rule} (line ${tied.line}) match with the same length (${winner.length}): Allow wins the tie`;
  }
  const list = others.map((m) => `${m.rule} (line ${m.line}, length ${m.length})`).join('; ');
  return `${winner.rule} (line ${winner.line}, length ${winner.length}) is the longest of ${matches.length} matching rules, longer than ${list}`;
}
