/**
 * Lines to groups, with Google's (and RFC 9309 §2.1's) boundaries: a group is
 * a run of `User-agent` lines and the lines up to the next `User-agent` line
 * that follows a rule. Only an Allow/Disallow line ends the run of agents;
 * Sitemap, Crawl-delay and unknown lines do not. Groups stay as written here
 * (the audit shows them); groups naming the same robot are merged when a
 * robot looks its group up.
 */
import { ALL_READINGS, rulePathFor } from './spelling.ts';
import type { RobotsLine } from './tokenize.ts';
import { groupToken } from './user-agent.ts';

export interface RobotsUserAgent {
  /** The value as written, e.g. `Googlebot/2.1`. */
  value: string;
  /** Lower-case product token (`googlebot`), `*`, or '' when the value names no robot. */
  token: string;
  line: number;
}

export interface RobotsRule {
  type: 'allow' | 'disallow';
  /** The path as written. */
  path: string;
  /** The pattern RobotLens compares (Google's spelling plus the readings, see spelling.ts). */
  pattern: string;
  line: number;
  /** The rule as written, without comment: `Disallow: /private`. */
  text: string;
}

export interface RobotsCrawlDelay {
  value: string;
  /** Seconds, or null when the value is not a non-negative number. */
  seconds: number | null;
  line: number;
}

export interface RobotsGroup {
  /** Line of the first `User-agent`. */
  line: number;
  userAgents: RobotsUserAgent[];
  rules: RobotsRule[];
  crawlDelay?: RobotsCrawlDelay;
}

export interface RobotsSitemap {
  url: string;
  line: number;
}

export interface GroupedLines {
  groups: RobotsGroup[];
  /** Rules before any `User-agent`: ignored by every robot. */
  orphanRules: RobotsRule[];
  sitemaps: RobotsSitemap[];
}

/** Groups the tokenized lines. */
export function groupLines(lines: readonly RobotsLine[]): GroupedLines {
  const out: GroupedLines = { groups: [], orphanRules: [], sitemaps: [] };
  let current: RobotsGroup | null = null;
  for (const line of lines) {
    switch (line.kind) {
      case 'user-agent':
        if (current === null || current.rules.length > 0) {
          current = { line: line.line, userAgents: [], rules: [] };
          out.groups.push(current);
        }
        current.userAgents.push({
          value: line.value,
          token: groupToken(line.value),
          line: line.line,
        });
        break;
      case 'allow':
      case 'disallow':
        (current === null ? out.orphanRules : current.rules).push(toRule(line, line.kind));
        break;
      case 'sitemap':
        if (line.value !== '') out.sitemaps.push({ url: line.value, line: line.line });
        break;
      case 'other':
        if (current !== null && line.key.toLowerCase() === 'crawl-delay' && !current.crawlDelay) {
          current.crawlDelay = {
            value: line.value,
            seconds: parseSeconds(line.value),
            line: line.line,
          };
        }
        break;
      case 'blank':
      case 'comment':
      case 'invalid':
        break;
      default:
        line.kind satisfies never;
    }
  }
  return out;
}

function toRule(line: RobotsLine, type: 'allow' | 'disallow'): RobotsRule {
  return {
    type,
    path: line.value,
    pattern: rulePathFor(line.valueBinary, ALL_READINGS),
    line: line.line,
    text: line.value === '' ? `${line.key}:` : `${line.key}: ${line.value}`,
  };
}

function parseSeconds(value: string): number | null {
  if (!/^\d+(?:\.\d+)?$|^\.\d+$/.test(value)) return null;
  return Number(value);
}

/** Every group naming a robot token (merged in file order), and the `*` groups. */
export function groupsFor(groups: readonly RobotsGroup[], token: string): RobotsGroup[] {
  return groups.filter((group) => group.userAgents.some((agent) => agent.token === token));
}
