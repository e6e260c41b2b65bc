/**
 * The robots.txt auditor: every line checked with our own tokenizer (robots
 * see what they understand and drop the rest silently; the auditor reports
 * the rest), then the file as a whole (size, HTML, groups).
 */
import { finding, type RobotsFinding } from './finding.ts';
import type { RobotsGroup } from './groups.ts';
import { ROBOTS_MAX_PARSE_BYTES } from './limits.ts';
import { lintLine } from './lint-lines.ts';
import { parseRobotsTxt, type RobotsTxt } from './parse.ts';
import { notTextEvidence } from './not-text.ts';
import { htmlEvidence } from './soft-404.ts';

export interface LintOptions {
  /** The robots.txt URL. */
  url: string;
  contentType?: string;
  /** The size of the whole file, when the body given is only its start. */
  byteLength?: number;
}

/** Every finding for a robots.txt, file-level first, then by line. */
export function lintRobotsTxt(input: string | Uint8Array, options: LintOptions): RobotsFinding[] {
  const robots = parseRobotsTxt(input, options.url, { byteLength: options.byteLength });
  return lintParsed(robots, {
    contentType: options.contentType,
    body: typeof input === 'string' ? undefined : input,
  });
}

/** Lints an already parsed file (the audit parses once). */
export function lintParsed(
  robots: RobotsTxt,
  options: { contentType?: string; body?: Uint8Array } = {},
): RobotsFinding[] {
  const fileFindings = lintFile(robots, options);
  const lineFindings: RobotsFinding[] = [];
  let inGroup = false;
  for (const line of robots.lines) {
    if (line.kind === 'user-agent') inGroup = true;
    lineFindings.push(...lintLine(line, inGroup));
  }
  lineFindings.push(...lintGroups(robots.groups));
  return [...fileFindings, ...lineFindings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))];
}

function lintFile(
  robots: RobotsTxt,
  options: { contentType?: string; body?: Uint8Array },
): RobotsFinding[] {
  const out: RobotsFinding[] = [];
  const html = htmlEvidence(options.contentType, options.body);
  if (html !== null) {
    out.push(
      finding(
        null,
        'error',
        'html-served',
        `robots.txt is an HTML page (${html}): robots find no rules in it and crawl everything. Serve a plain-text robots.txt, or a 404 if you have none.`,
      ),
    );
  }
  const notText = html === null ? notTextEvidence(options.contentType, options.body) : null;
  if (notText !== null) {
    const none = robots.groups.length === 0 ? ', here none, so they crawl everything' : '';
    out.push(
      finding(
        null,
        'error',
        'not-text',
        `robots.txt is not a text file (${notText}): robots keep only the lines that read as rules${none}. Serve a plain-text robots.txt, or a 404 if you have none.`,
      ),
    );
  }
  if (robots.truncated) {
    out.push(
      finding(
        null,
        'warning',
        'file-too-large',
        `robots.txt is ${robots.byteLength} bytes: robots read the first ${ROBOTS_MAX_PARSE_BYTES} bytes (500 KiB) and ignore the rest.`,
      ),
    );
  }
  if (robots.lines.every((line) => line.kind === 'blank' || line.kind === 'comment')) {
    out.push(
      finding(
        null,
        'info',
        'empty-file',
        'robots.txt has no rules: every robot may fetch everything.',
      ),
    );
  }
  return out;
}

function lintGroups(groups: readonly RobotsGroup[]): RobotsFinding[] {
  const out: RobotsFinding[] = [];
  const firstLineOf = new Map<string, number>();
  for (const group of groups) {
    for (const agent of group.userAgents) {
      if (agent.token === '') continue;
      const first = firstLineOf.get(agent.token);
      if (first === undefined) firstLineOf.set(agent.token, agent.line);
      else if (first < group.line) {
        out.push(
          finding(
            agent.line,
            'warning',
            'groups-merged',
            `"${agent.value}" already has a group (line ${first}): robots merge the two groups' rules. Keep one group per robot.`,
          ),
        );
      }
    }
    const names = group.userAgents.map((agent) => agent.value).join(', ');
    if (group.rules.length === 0) {
      out.push(
        finding(
          group.line,
          'warning',
          'group-without-rules',
          `The group for ${names} has no rules: those robots may fetch everything (they do not fall back to the * group).`,
        ),
      );
    }
    if (group.userAgents.some((agent) => agent.token === '*')) {
      const closing = group.rules.find((rule) => rule.type === 'disallow' && rule.pattern === '/');
      if (closing) {
        out.push(
          finding(
            closing.line,
            'warning',
            'site-closed',
            'Disallow: / in the * group closes the whole site to every robot without a group of its own.',
          ),
        );
      }
    }
  }
  return out;
}
