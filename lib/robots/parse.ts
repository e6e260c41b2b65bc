/**
 * robots.txt text or bytes → a parsed file that can answer "may robot X
 * fetch URL Y?" with the deciding line. Only the first 500 KiB are read
 * (RFC 9309 §2.5, Google in production); the rest is ignored and flagged —
 * and read only to tell what Google's parser alone, which reads it all,
 * would answer.
 */
import { toBytes } from './bytes.ts';
import { decideWithRules } from './decide.ts';
import type { RobotsTxt } from './robots-txt.ts';
import { groupLines, type RobotsGroup, type RobotsRule, type RobotsSitemap } from './groups.ts';
import { ROBOTS_MAX_PARSE_BYTES } from './limits.ts';
import { splitRobotsLines } from './lines.ts';
import { compileGroups, type CompiledGroup } from './matcher.ts';
import { ALL_READINGS, hasUnreservedEscape, type Readings } from './spelling.ts';
import { tokenizeLine, type RobotsLine } from './tokenize.ts';

interface ParsedBody {
  lines: RobotsLine[];
  groups: RobotsGroup[];
  orphanRules: RobotsRule[];
  sitemaps: RobotsSitemap[];
}

function parseBody(bytes: Uint8Array): ParsedBody {
  const lines = splitRobotsLines(bytes).map(tokenizeLine);
  return { lines, ...groupLines(lines) };
}

/** Parses a robots.txt; `byteLength` overrides the size when the body was cut by the fetch. */
export function parseRobotsTxt(
  input: string | Uint8Array,
  url: string,
  options: { byteLength?: number } = {},
): RobotsTxt {
  const bytes = toBytes(input);
  const byteLength = Math.max(options.byteLength ?? 0, bytes.length);
  const parsed = parseBody(bytes.subarray(0, ROBOTS_MAX_PARSE_BYTES));
  const googleSeesMore = bytes.length > ROBOTS_MAX_PARSE_BYTES;
  let whole: ParsedBody | null = googleSeesMore ? null : parsed;
  const compiledBySpelling = new Map<string, CompiledGroup[]>();
  const compiled = (readings: Readings): CompiledGroup[] => {
    const key = [...readings].sort().join(',');
    let groups = compiledBySpelling.get(key);
    if (!groups) {
      const body = readings.has('first-500-kib') ? parsed : (whole ??= parseBody(bytes));
      const valueOf = (rule: RobotsRule) => body.lines[rule.line - 1]?.valueBinary ?? '';
      groups = compileGroups(body.groups, valueOf, readings);
      compiledBySpelling.set(key, groups);
    }
    return groups;
  };
  // RobotLens's own spelling is compiled now, with the parse: decisions only match.
  compiled(ALL_READINGS);
  const robots: RobotsTxt = {
    url,
    byteLength,
    truncated: byteLength > ROBOTS_MAX_PARSE_BYTES,
    ...parsed,
    googleSeesMore,
    hasUnreservedEscapes: parsed.groups.some((group) =>
      group.rules.some((rule) =>
        hasUnreservedEscape(parsed.lines[rule.line - 1]?.valueBinary ?? ''),
      ),
    ),
    compiled,
    decide: (target, robot, decideOptions) => decideWithRules(robots, target, robot, decideOptions),
  };
  return robots;
}
