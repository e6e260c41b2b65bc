/**
 * Why a rule decided: every rule of the applicable group that matches the
 * URL, with its length, so the audit can say "longest match" or "Allow wins
 * the tie" with the competitors named.
 */
import { textToBinary } from './bytes.ts';
import { extractPathParamsQuery } from './encoding.ts';
import { allMatchingRules, rulesForRobot } from './matcher.ts';
import type { RobotsTxt } from './robots-txt.ts';
import { ALL_READINGS, comparedPath, urlPathFor } from './spelling.ts';
import type { RobotsDecision } from './types.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';

export interface MatchingRule {
  type: 'allow' | 'disallow';
  line: number;
  rule: string;
  /** Length of the compared pattern: the match priority. */
  length: number;
}

/** The rules of the applicable group that match a URL, longest first. */
export function matchingRules(robots: RobotsTxt, url: string, robot: string): MatchingRule[] {
  const path = comparedPath(urlPathFor(extractPathParamsQuery(textToBinary(url)), ALL_READINGS));
  const rules = rulesForRobot(robots.compiled(ALL_READINGS), robot);
  return allMatchingRules(rules, path).map((c) => ({
    type: c.rule.type,
    line: c.rule.line,
    rule: c.rule.text,
    length: c.length,
  }));
}

/** The decision's reason, with the competing rules named. */
export function explainDecision(
  decision: RobotsDecision,
  matches: readonly MatchingRule[],
): Phrase {
  const reason = decision.reason;
  if (decision.code !== 'rule' || decision.line === null) return reason;
  const winner = matches.find((m) => m.line === decision.line);
  if (!winner) return reason;
  const others = matches.filter((m) => m !== winner);
  if (others.length === 0) return phrase('explain_only_rule', { reason });
  const tied = others.find((m) => m.length === winner.length && m.type !== winner.type);
  if (tied) {
    return phrase('explain_tie', {
      rule: winner.rule,
      line: String(winner.line),
      other: tied.rule,
      other_line: String(tied.line),
      length: winner.length,
    });
  }
  return phrase('explain_longest', {
    rule: winner.rule,
    line: String(winner.line),
    length: winner.length,
    count: matches.length,
    others: others.map((m) =>
      phrase('explain_competitor', { rule: m.rule, line: String(m.line), length: m.length }),
    ),
  });
}
