/**
 * robots.txt text or bytes → a parsed file that can answer "may robot X
 * fetch URL Y?" with the deciding line. Only the first 500 KiB are read
 * (RFC 9309 §2.5, Google); the rest is ignored and flagged.
 */
import { toBytes } from './bytes.ts';
import { decideWithRules } from './decide.ts';
import { createRuleMatcher, type RuleMatcher } from './engine.ts';
import { groupLines, type RobotsGroup, type RobotsRule, type RobotsSitemap } from './groups.ts';
import { ROBOTS_MAX_PARSE_BYTES } from './limits.ts';
import { splitRobotsLines } from './lines.ts';
import { compileProgram, type MatchProgram } from './program.ts';
import { tokenizeLine, type RobotsLine } from './tokenize.ts';
import type { RobotsDecision } from './types.ts';

export interface RobotsTxt {
  /** The robots.txt URL (relative sitemaps resolve against it). */
  url: string;
  /** Bytes received. */
  byteLength: number;
  /** True when the file is larger than ROBOTS_MAX_PARSE_BYTES and the rest was ignored. */
  truncated: boolean;
  lines: RobotsLine[];
  groups: RobotsGroup[];
  orphanRules: RobotsRule[];
  sitemaps: RobotsSitemap[];
  program: MatchProgram;
  matcher: RuleMatcher;
  /** May this robot fetch this URL, and which line says so. */
  decide(url: string, ua: string): RobotsDecision;
}

/** Parses a robots.txt; `byteLength` overrides the size when the body was cut by the fetch. */
export function parseRobotsTxt(
  input: string | Uint8Array,
  url: string,
  options: { byteLength?: number } = {},
): RobotsTxt {
  const bytes = toBytes(input);
  const byteLength = Math.max(options.byteLength ?? 0, bytes.length);
  const lines = splitRobotsLines(bytes.subarray(0, ROBOTS_MAX_PARSE_BYTES)).map(tokenizeLine);
  const { groups, orphanRules, sitemaps } = groupLines(lines);
  const program = compileProgram(groups);
  const robots: RobotsTxt = {
    url,
    byteLength,
    truncated: byteLength > ROBOTS_MAX_PARSE_BYTES,
    lines,
    groups,
    orphanRules,
    sitemaps,
    program,
    matcher: createRuleMatcher(program.text),
    decide: (target, ua) => decideWithRules(robots, target, ua),
  };
  return robots;
}
