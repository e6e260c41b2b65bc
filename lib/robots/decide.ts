/**
 * The verdict of a parsed robots.txt for one URL and one robot, explained:
 * which group applies (the robot's own, else `*`, else none), which rule
 * decides (the longest match; Allow wins a tie) and on which line.
 */
import { english } from '../i18n/english.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { matchPathOf } from './encoding.ts';
import type { RobotsGroup, RobotsUserAgent } from './groups.ts';
import type { RobotsTxt } from './parse.ts';
import type { RobotsDecision } from './types.ts';
import { robotToken } from './user-agent.ts';

/** RFC 9309 §2.2.2: the robots.txt URI itself is implicitly allowed. */
const ROBOTS_TXT_PATH = '/robots.txt';

export interface ApplicableGroup {
  kind: 'specific' | 'global' | 'none';
  /** The `User-agent` line that selected the group (the first one, when groups merge). */
  agent: RobotsUserAgent | null;
  /** All groups that apply, merged in file order. */
  groups: RobotsGroup[];
}

/** The group a robot obeys: its own (merged), else `*` (merged), else none. */
export function applicableGroup(groups: readonly RobotsGroup[], ua: string): ApplicableGroup {
  const token = robotToken(ua);
  for (const kind of ['specific', 'global'] as const) {
    const wanted = kind === 'specific' ? token : '*';
    if (kind === 'specific' && token === '*') continue;
    const matching = groups.filter((group) =>
      group.userAgents.some((agent) => agent.token === wanted),
    );
    const agent = matching[0]?.userAgents.find((candidate) => candidate.token === wanted) ?? null;
    if (agent !== null) return { kind, agent, groups: matching };
  }
  return { kind: 'none', agent: null, groups: [] };
}

/**
 * What a robot's decisions depend on besides the path: its token and group.
 * A decision is a function of (robot, deciding line), so each one is built
 * once and shared (frozen) — a crawl asks the same few robots about
 * thousands of paths, and building reasons anew each time dominated.
 */
interface RobotDecisions {
  token: string;
  applicable: ApplicableGroup;
  base: Pick<RobotsDecision, 'policy' | 'group' | 'groupLine'>;
  byEngineLine: Map<number | null, RobotsDecision>;
}

/** Robots remembered per parsed file; bounded because `ua` comes from the user. */
const MAX_ROBOTS_PER_FILE = 64;
const robotsByFile = new WeakMap<RobotsTxt, Map<string, RobotDecisions>>();

function robotDecisions(robots: RobotsTxt, ua: string): RobotDecisions {
  let byUa = robotsByFile.get(robots);
  if (!byUa) robotsByFile.set(robots, (byUa = new Map()));
  let known = byUa.get(ua);
  if (known) return known;
  if (byUa.size >= MAX_ROBOTS_PER_FILE) byUa.clear();
  const applicable = applicableGroup(robots.groups, ua);
  const group =
    applicable.agent === null ? null : applicable.kind === 'global' ? '*' : applicable.agent.value;
  known = {
    token: robotToken(ua),
    applicable,
    base: { policy: 'rules', group, groupLine: applicable.agent?.line ?? null },
    byEngineLine: new Map(),
  };
  byUa.set(ua, known);
  return known;
}

/** Decides with a parsed file (the policy is `rules`). The result is frozen and may be shared. */
export function decideWithRules(robots: RobotsTxt, url: string, ua: string): RobotsDecision {
  const path = matchPathOf(url);
  const known = robotDecisions(robots, ua);
  if (path === ROBOTS_TXT_PATH) return robotsTxtSelf(known);
  const engineLine = robots.matcher.decidingLine(path, known.token);
  let decision = known.byEngineLine.get(engineLine);
  if (!decision) {
    decision = Object.freeze(buildDecision(robots, known, engineLine, ua));
    known.byEngineLine.set(engineLine, decision);
  }
  return decision;
}

function robotsTxtSelf(known: RobotDecisions): RobotsDecision {
  return {
    ...known.base,
    allowed: true,
    line: null,
    rule: null,
    ...because(phrase('decision_self')),
    code: 'robots-txt-self',
  };
}

function buildDecision(
  robots: RobotsTxt,
  { applicable, base }: RobotDecisions,
  engineLine: number | null,
  ua: string,
): RobotsDecision {
  const decider = engineLine === null ? null : (robots.program.rules[engineLine - 1] ?? null);
  if (decider === null) {
    return { ...base, allowed: true, line: null, rule: null, ...noRuleReason(applicable, ua) };
  }
  const { rule, derived } = decider;
  const group = groupLabel(applicable);
  const why =
    derived === 'index-html'
      ? phrase('decision_rule_index_html', { rule: rule.text, group })
      : phrase('decision_rule', { rule: rule.text, group });
  return {
    ...base,
    allowed: rule.type === 'allow',
    line: rule.line,
    rule: rule.text,
    ...because(why),
    code: 'rule',
  };
}

function noRuleReason(
  applicable: ApplicableGroup,
  ua: string,
): Pick<RobotsDecision, 'reason' | 'reasonPhrase' | 'code'> {
  if (applicable.kind === 'none') {
    return {
      ...because(phrase('decision_no_group', { token: robotToken(ua), ua })),
      code: 'no-group',
    };
  }
  return {
    ...because(phrase('decision_no_matching_rule', { group: groupLabel(applicable) })),
    code: 'no-matching-rule',
  };
}

function groupLabel(applicable: ApplicableGroup): Phrase {
  const agent = applicable.agent;
  if (agent === null) return phrase('group_none');
  return applicable.kind === 'global'
    ? phrase('group_all')
    : phrase('group_named', { name: agent.value, line: String(agent.line) });
}

function because(reason: Phrase): Pick<RobotsDecision, 'reason' | 'reasonPhrase'> {
  return { reason: english(reason), reasonPhrase: reason };
}
