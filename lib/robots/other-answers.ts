/**
 * Second and third opinions on a decision: what Google's reference parser
 * alone answers (it differs from RobotLens only by the four readings of
 * spelling.ts) and what robots-parser answers — the npm package Lighthouse
 * and many Node tools decide with. robots-parser reads paths, user-agent
 * values and groups its own way, so its answer is shown where it differs;
 * it never decides anything here.
 */
import robotsParser from 'robots-parser';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { wildcardCount } from './pattern.ts';
import type { RobotsTxt } from './robots-txt.ts';
import type { RobotsReading } from './spelling.ts';
import type { RobotsDecision, RobotsOtherAnswer } from './types.ts';

/** A bare answer: what any parser says. */
export interface RobotsAnswer {
  allowed: boolean;
  line: number | null;
}

export function sameAnswer(a: RobotsAnswer, b: RobotsAnswer): boolean {
  return a.allowed === b.allowed && a.line === b.line;
}

export { googleBecause, otherAnswerPhrase } from './other-answer-phrase.ts';

export function otherAnswer(
  parser: RobotsOtherAnswer['parser'],
  answer: RobotsAnswer,
  why: Phrase,
  readings?: RobotsReading[],
): RobotsOtherAnswer {
  return {
    parser,
    allowed: answer.allowed,
    line: answer.line,
    ...(readings ? { readings } : {}),
    reason: why,
  };
}

/** The decision with another parser's answer added. */
export function withOthers(
  decision: RobotsDecision,
  other: RobotsOtherAnswer | null,
): RobotsDecision {
  if (other === null) return decision;
  return { ...decision, otherAnswers: [...(decision.otherAnswers ?? []), other] };
}

/**
 * robots-parser compiles each rule to a backtracking regular expression: a
 * file of many multi-`*` rules takes it seconds per decision. Beyond this
 * many stars in the whole file its opinion is not asked.
 */
const ROBOTS_PARSER_MAX_STARS = 400;

const robotsParserByFile = new WeakMap<RobotsTxt, ReturnType<typeof robotsParser> | null>();

function robotsParserFor(robots: RobotsTxt): ReturnType<typeof robotsParser> | null {
  if (robotsParserByFile.has(robots)) return robotsParserByFile.get(robots) ?? null;
  const stars = robots.groups.reduce(
    (sum, group) => sum + group.rules.reduce((n, rule) => n + wildcardCount(rule.path), 0),
    0,
  );
  const parser =
    stars > ROBOTS_PARSER_MAX_STARS
      ? null
      : robotsParser(robots.url, robots.lines.map((line) => line.text).join('\n'));
  robotsParserByFile.set(robots, parser);
  return parser;
}

/** robots-parser's answer for a URL of the file's origin; null when it cannot say or is not asked. */
export function robotsParserAnswer(
  robots: RobotsTxt,
  url: string,
  robot: string,
): RobotsAnswer | null {
  const parser = robotsParserFor(robots);
  if (parser === null) return null;
  let absolute: string;
  try {
    absolute = new URL(url, robots.url).href;
  } catch {
    return null;
  }
  const allowed = parser.isAllowed(absolute, robot);
  if (allowed === undefined) return null;
  const line = parser.getMatchingLineNumber(absolute, robot);
  return { allowed, line: line > 0 ? line : null };
}

/** The decision with robots-parser's answer added where it differs (rules policy only). */
export function withRobotsParserOpinion(
  robots: RobotsTxt,
  decision: RobotsDecision,
  url: string,
  robot: string,
): RobotsDecision {
  if (decision.policy !== 'rules') return decision;
  const answer = robotsParserAnswer(robots, url, robot);
  if (answer === null || sameAnswer(answer, decision)) return decision;
  return withOthers(
    decision,
    otherAnswer('robots-parser', answer, phrase('other_robots_parser_because')),
  );
}
