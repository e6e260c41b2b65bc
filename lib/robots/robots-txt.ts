/**
 * A parsed robots.txt file, as the parser gives it and the decision reads it
 * (its own file, so that parse.ts and decide.ts each import it, not each other).
 */
import type { RobotsGroup, RobotsRule, RobotsSitemap } from './groups.ts';
import type { CompiledGroup } from './matcher.ts';
import type { Readings } from './spelling.ts';
import type { RobotsLine } from './tokenize.ts';
import type { RobotsDecision } from './types.ts';

export interface DecideOptions {
  /** false: skip asking what Google's parser alone answers (batch mode needs the answer only). */
  otherAnswers?: boolean;
}

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
  /** True when bytes past the parse limit were received (Google's parser alone reads them). */
  googleSeesMore: boolean;
  /** True when some rule path has a `%xx` of an unreserved character. */
  hasUnreservedEscapes: boolean;
  /** The groups' rules compiled for a spelling (memoized per spelling). */
  compiled(readings: Readings): CompiledGroup[];
  /** May this robot fetch this URL, and which line says so. */
  decide(url: string, robot: string, options?: DecideOptions): RobotsDecision;
}
