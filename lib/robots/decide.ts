/**
 * The verdict of a parsed robots.txt for one URL and one robot, explained:
 * which group applies (the robot's own, else `*`, else none), which rule
 * decides (the longest match; Allow wins a tie) and on which line — what
 * Google's reference parser answers, but for the four readings of
 * spelling.ts. When Google's parser alone would answer otherwise because of
 * one of them, the decision says so (`otherAnswers`).
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { textToBinary } from './bytes.ts';
import { extractPathParamsQuery } from './encoding.ts';
import type { RobotsGroup } from './groups.ts';
import {
  decidingRule,
  groupsForRobot,
  rulesForRobot,
  type RobotRules,
  type RuleCandidate,
} from './matcher.ts';
import type { DecideOptions, RobotsTxt } from './robots-txt.ts';
import {
  ALL_READINGS,
  NO_READINGS,
  comparedPath,
  hasUnreservedEscape,
  urlPathFor,
  type Readings,
  type RobotsReading,
} from './spelling.ts';
import {
  googleBecause,
  otherAnswer,
  sameAnswer,
  withOthers,
  type RobotsAnswer,
} from './other-answers.ts';
import type { RobotsDecision, RobotsOtherAnswer } from './types.ts';

/** RFC 9309 §2.2.2: the robots.txt URI itself is implicitly allowed. */
const ROBOTS_TXT_PATH = '/robots.txt';

export interface ApplicableGroup {
  kind: 'specific' | 'global' | 'none';
  /** The `User-agent` line that selected the group (the first one, when groups merge). */
  agent: RobotsGroup['userAgents'][number] | null;
  /** All groups that apply, merged in file order. */
  groups: RobotsGroup[];
}

/** The group a robot (a product token, compared as Google compares it) obeys. */
export function applicableGroup(groups: readonly RobotsGroup[], robot: string): ApplicableGroup {
  return groupsForRobot(groups, robot);
}

/** The answer under some readings; `self` when `/robots.txt` was allowed by the reading. */
interface Outcome extends RobotsAnswer {
  rules: RobotRules | null;
  winner: RuleCandidate | null;
}

/** Robots remembered per parsed file and spelling; bounded because `robot` comes from the user. */
const MAX_ROBOTS_PER_FILE = 64;
const rulesByFile = new WeakMap<RobotsTxt, Map<string, RobotRules>>();

function robotRules(robots: RobotsTxt, robot: string, readings: Readings): RobotRules {
  let byKey = rulesByFile.get(robots);
  if (!byKey) rulesByFile.set(robots, (byKey = new Map()));
  const key = `${[...readings].join(',')}\n${robot}`;
  let rules = byKey.get(key);
  if (!rules) {
    if (byKey.size >= MAX_ROBOTS_PER_FILE) byKey.clear();
    rules = rulesForRobot(robots.compiled(readings), robot);
    byKey.set(key, rules);
  }
  return rules;
}

/** What the matcher answers under `readings` for a URL path (binary, as extracted). */
export function outcomeFor(
  robots: RobotsTxt,
  pathBinary: string,
  robot: string,
  readings: Readings,
): Outcome {
  const path = urlPathFor(pathBinary, readings);
  if (readings.has('self') && path === ROBOTS_TXT_PATH)
    return { allowed: true, line: null, rules: null, winner: null };
  const rules = robotRules(robots, robot, readings);
  const winner = decidingRule(rules, comparedPath(path));
  return {
    allowed: winner === null || winner.rule.type === 'allow',
    line: winner?.rule.line ?? null,
    rules,
    winner,
  };
}

/** Decisions shared per (robot, deciding rule) when no other parser disagrees. */
const sharedDecisions = new WeakMap<RobotRules, Map<RuleCandidate | null, RobotsDecision>>();

/** Decides with a parsed file (the policy is `rules`). The result is frozen and may be shared. */
export function decideWithRules(
  robots: RobotsTxt,
  url: string,
  robot: string,
  options: DecideOptions = {},
): RobotsDecision {
  const pathBinary = extractPathParamsQuery(textToBinary(url));
  const ours = outcomeFor(robots, pathBinary, robot, ALL_READINGS);
  const google =
    options.otherAnswers === false ? null : googleAloneDiffers(robots, pathBinary, robot, ours);
  if (ours.rules === null) return Object.freeze(withOthers(robotsTxtSelf(robots, robot), google));
  if (google !== null) return Object.freeze(withOthers(buildDecision(ours, robot), google));
  let byWinner = sharedDecisions.get(ours.rules);
  if (!byWinner) sharedDecisions.set(ours.rules, (byWinner = new Map()));
  let decision = byWinner.get(ours.winner);
  if (!decision) {
    decision = Object.freeze(buildDecision(ours, robot));
    byWinner.set(ours.winner, decision);
  }
  return decision;
}

/** The readings that can change this case's answer (cheap tests; most cases have none). */
function readingsInPlay(robots: RobotsTxt, pathBinary: string): RobotsReading[] {
  const out: RobotsReading[] = [];
  if (urlPathFor(pathBinary, ALL_READINGS) === ROBOTS_TXT_PATH) out.push('self');
  if (/[\x80-\xff]/.test(pathBinary)) out.push('encode-url');
  if (robots.googleSeesMore) out.push('first-500-kib');
  if (robots.hasUnreservedEscapes || hasUnreservedEscape(pathBinary)) out.push('unreserved');
  return out;
}

/** Google's parser's own answer when it differs from ours, with the readings that make the difference. */
function googleAloneDiffers(
  robots: RobotsTxt,
  pathBinary: string,
  robot: string,
  ours: RobotsAnswer,
): RobotsOtherAnswer | null {
  const inPlay = readingsInPlay(robots, pathBinary);
  if (inPlay.length === 0) return null;
  const google = outcomeFor(robots, pathBinary, robot, NO_READINGS);
  if (sameAnswer(google, ours)) return null;
  const decisive = inPlay.filter((reading) => {
    const without = new Set(ALL_READINGS);
    without.delete(reading);
    return !sameAnswer(outcomeFor(robots, pathBinary, robot, without), ours);
  });
  const readings = decisive.length > 0 ? decisive : inPlay;
  return otherAnswer('google', google, googleBecause(readings), readings);
}

function baseOf(rules: Pick<RobotRules, 'kind' | 'agent'>) {
  const group = rules.agent === null ? null : rules.kind === 'global' ? '*' : rules.agent.value;
  return { policy: 'rules' as const, group, groupLine: rules.agent?.line ?? null };
}

function robotsTxtSelf(robots: RobotsTxt, robot: string): RobotsDecision {
  return {
    ...baseOf(groupsForRobot(robots.groups, robot)),
    allowed: true,
    line: null,
    rule: null,
    reason: phrase('decision_self'),
    code: 'robots-txt-self',
  };
}

function buildDecision({ rules, winner }: Outcome, robot: string): RobotsDecision {
  const applicable = rules!;
  const base = baseOf(applicable);
  if (winner === null) {
    return { ...base, allowed: true, line: null, rule: null, ...noRuleReason(applicable, robot) };
  }
  const { rule, derived } = winner;
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
    reason: why,
    code: 'rule',
  };
}

function noRuleReason(
  applicable: Pick<RobotRules, 'kind' | 'agent'>,
  robot: string,
): Pick<RobotsDecision, 'reason' | 'code'> {
  if (applicable.kind === 'none') {
    return { reason: phrase('decision_no_group', { token: robot, ua: robot }), code: 'no-group' };
  }
  return {
    reason: phrase('decision_no_matching_rule', { group: groupLabel(applicable) }),
    code: 'no-matching-rule',
  };
}

function groupLabel(applicable: Pick<RobotRules, 'kind' | 'agent'>): Phrase {
  const agent = applicable.agent;
  if (agent === null) return phrase('group_none');
  return applicable.kind === 'global'
    ? phrase('group_all')
    : phrase('group_named', { name: agent.value, line: String(agent.line) });
}
