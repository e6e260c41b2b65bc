/**
 * The matcher: which rule decides for a robot and a path, with Google's
 * semantics (RFC 9309 and google/robotstxt's RobotsMatcher):
 * - a robot obeys the rules of every group naming its product token
 *   (case-insensitively); only when no `User-agent` line anywhere names it
 *   does it obey the `*` groups; a group naming it and `*` is its own;
 * - the longest matching pattern decides, Allow winning a tie, the earliest
 *   line winning among equals; empty patterns never decide;
 * - `Allow: /dir/index.htm…` that does not match also allows `/dir/` exactly.
 * Rules are compiled once per spelling (see spelling.ts) and ordered once per
 * robot, so a decision stops at the first rule that matches.
 */
import type { RobotsGroup, RobotsRule, RobotsUserAgent } from './groups.ts';
import { buildPathIndex } from './path-index.ts';
import { compilePattern, patternMatchesPath, type CompiledPattern } from './pattern.ts';
import { decodeUnreserved, rulePathFor, type Readings } from './spelling.ts';

export interface RuleCandidate {
  rule: RobotsRule;
  /** The pattern as compared (Google's spelling plus the readings). */
  pattern: string;
  /** Match priority: the pattern's length in bytes. */
  length: number;
  compiled: CompiledPattern;
  /** `index-html`: the `Allow: /dir/$` Google derives from `Allow: /dir/index.html`. */
  derived: 'index-html' | null;
}

export interface CompiledGroup {
  group: RobotsGroup;
  candidates: RuleCandidate[];
}

export interface RobotRules {
  kind: 'specific' | 'global' | 'none';
  /** The `User-agent` line that selected the rules (the first one, when groups merge). */
  agent: RobotsUserAgent | null;
  /** The groups whose rules apply, in file order. */
  groups: RobotsGroup[];
  /** Their rules, in decision order: longest first, Allow first, earliest line first. */
  ordered: RuleCandidate[];
  /** How many of them have a `*`: what an index of the path can save. */
  wildcardRules: number;
}

/** Compiles every group's rules; `valueOf` gives a rule line's value bytes (binary string). */
export function compileGroups(
  groups: readonly RobotsGroup[],
  valueOf: (rule: RobotsRule) => string,
  readings: Readings,
): CompiledGroup[] {
  return groups.map((group) => ({
    group,
    candidates: group.rules.flatMap((rule) => candidatesOf(rule, valueOf(rule), readings)),
  }));
}

function candidatesOf(rule: RobotsRule, value: string, readings: Readings): RuleCandidate[] {
  const pattern = rulePathFor(value, readings);
  // An empty pattern matches everything with priority 0: it never decides.
  const own = pattern === '' ? [] : [candidate(rule, pattern, null)];
  const directory = rule.type === 'allow' ? indexHtmlDirectory(pattern) : null;
  if (directory !== null) {
    // Google spells the derived pattern again (a no-op but for the readings).
    const derived = readings.has('unreserved')
      ? decodeUnreserved(`${directory}$`, false)
      : `${directory}$`;
    own.push(candidate(rule, derived, 'index-html'));
  }
  return own;
}

function candidate(
  rule: RobotsRule,
  pattern: string,
  derived: RuleCandidate['derived'],
): RuleCandidate {
  return { rule, pattern, length: pattern.length, compiled: compilePattern(pattern), derived };
}

/** `/a/index.html` → `/a/` (Google: the last segment starts with `index.htm`); else null. */
export function indexHtmlDirectory(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  return slash >= 0 && pattern.startsWith('/index.htm', slash) ? pattern.slice(0, slash + 1) : null;
}

/** Lower-cases ASCII letters only, as Google compares product tokens. */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/** Does this `User-agent` line name the robot? (`*` names every robot, but not this way.) */
export function namesRobot(agent: RobotsUserAgent, robot: string): boolean {
  return agent.token !== '*' && agent.token === asciiLower(robot);
}

/** The groups a robot obeys: its own, else `*`, else none. */
export function groupsForRobot(
  groups: readonly RobotsGroup[],
  robot: string,
): Omit<RobotRules, 'ordered' | 'wildcardRules'> {
  const own = groups.filter((g) => g.userAgents.some((a) => namesRobot(a, robot)));
  if (own.length > 0) {
    const agent = own[0]!.userAgents.find((a) => namesRobot(a, robot)) ?? null;
    return { kind: 'specific', agent, groups: own };
  }
  const global = groups.filter((g) => g.userAgents.some((a) => a.token === '*'));
  if (global.length > 0) {
    const agent = global[0]!.userAgents.find((a) => a.token === '*') ?? null;
    return { kind: 'global', agent, groups: global };
  }
  return { kind: 'none', agent: null, groups: [] };
}

/** The robot's rules, ordered for decisions. */
export function rulesForRobot(compiled: readonly CompiledGroup[], robot: string): RobotRules {
  const chosen = groupsForRobot(
    compiled.map((c) => c.group),
    robot,
  );
  const applies = new Set(chosen.groups);
  const ordered = compiled
    .filter((c) => applies.has(c.group))
    .flatMap((c) => c.candidates)
    .sort(decisionOrder);
  const wildcardRules = ordered.filter((c) => c.compiled.pieces.length > 1).length;
  return { ...chosen, ordered, wildcardRules };
}

function decisionOrder(a: RuleCandidate, b: RuleCandidate): number {
  return (
    b.length - a.length ||
    (a.rule.type === 'allow' ? 0 : 1) - (b.rule.type === 'allow' ? 0 : 1) ||
    a.rule.line - b.rule.line
  );
}

/** The deciding rule for a compared path, or null when none matches. */
export function decidingRule(rules: RobotRules, path: string): RuleCandidate | null {
  const index = worthIndexing(rules, path) ? buildPathIndex(path) : undefined;
  for (const c of rules.ordered) if (patternMatchesPath(c.compiled, path, index)) return c;
  return null;
}

/** Below this many rule × path bytes, scanning is cheaper than building the index. */
const INDEX_WORK_THRESHOLD = 200_000;

function worthIndexing(rules: RobotRules, path: string): boolean {
  return rules.wildcardRules * path.length > INDEX_WORK_THRESHOLD;
}

/** Every rule of the robot's groups that matches, in decision order (for explanations). */
export function allMatchingRules(rules: RobotRules, path: string): RuleCandidate[] {
  const seen = new Set<RobotsRule>();
  const out: RuleCandidate[] = [];
  for (const c of rules.ordered) {
    if (seen.has(c.rule) || !patternMatchesPath(c.compiled, path)) continue;
    seen.add(c.rule);
    out.push(c);
  }
  return out;
}
