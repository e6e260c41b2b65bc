/**
 * Two group-level checks a line-by-line reading cannot make:
 * - rules that cost much to match: every `*` is another search through the
 *   URL (and, for robots that match with backtracking or a position table,
 *   a factor of the URL's length), so a few thousand such rules slow every
 *   decision a robot makes on the site;
 * - the group that silently unblocks: a robot named in a group of its own
 *   ignores every `*` rule (RFC 9309 §2.2.1), so `User-agent: Googlebot`
 *   with only `Crawl-delay: 5` lets Googlebot into what `*` disallows.
 */
import { phrase } from '../i18n/phrase.ts';
import { finding, type RobotsFinding } from './finding.ts';
import type { RobotsGroup, RobotsRule } from './groups.ts';
import { wildcardCount } from './pattern.ts';

/** A rule with this many `*` is flagged. */
export const COSTLY_RULE_STARS = 5;
/** A wildcard rule this long is flagged too: position-table matchers cost path × pattern. */
export const COSTLY_RULE_BYTES = 512;

export function lintRuleCost(groups: readonly RobotsGroup[]): RobotsFinding[] {
  const out: RobotsFinding[] = [];
  for (const group of groups) {
    for (const rule of group.rules) {
      const stars = wildcardCount(rule.pattern);
      if (stars >= COSTLY_RULE_STARS || (stars > 0 && rule.pattern.length >= COSTLY_RULE_BYTES)) {
        out.push(
          finding(
            rule.line,
            'warning',
            'costly-rule',
            phrase('finding_costly_rule', { rule: rule.text, stars }),
          ),
        );
      }
    }
  }
  return out;
}

const ruleKey = (rule: RobotsRule) => `${rule.type}\n${rule.pattern}`;

/** A robot-specific group that lacks Disallow rules the `*` group has. */
export function lintUnblockingGroups(groups: readonly RobotsGroup[]): RobotsFinding[] {
  const starDisallows = groups
    .filter((g) => g.userAgents.some((a) => a.token === '*'))
    .flatMap((g) => g.rules)
    .filter((rule) => rule.type === 'disallow' && rule.pattern !== '');
  if (starDisallows.length === 0) return [];
  const out: RobotsFinding[] = [];
  const seen = new Set<string>();
  for (const group of groups) {
    for (const agent of group.userAgents) {
      if (agent.token === '*' || agent.token === '' || seen.has(agent.token)) continue;
      seen.add(agent.token);
      const own = groups.filter((g) => g.userAgents.some((a) => a.token === agent.token));
      const ownRules = new Set(own.flatMap((g) => g.rules).map(ruleKey));
      const missing = starDisallows.find((rule) => !ownRules.has(ruleKey(rule)));
      if (!missing) continue;
      out.push(
        finding(
          agent.line,
          'warning',
          'group-unblocks',
          phrase('finding_group_unblocks', {
            agents: agent.value,
            line: String(agent.line),
            rule: missing.text,
            rule_line: String(missing.line),
          }),
        ),
      );
    }
  }
  return out;
}
