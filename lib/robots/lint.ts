/**
 * The robots.txt auditor: every line checked with our own tokenizer (robots
 * see what they understand and drop the rest silently; the auditor reports
 * the rest), then the file as a whole (size, HTML, groups).
 */
import { phrase } from '../i18n/phrase.ts';
import { finding, type RobotsFinding } from './finding.ts';
import type { RobotsGroup } from './groups.ts';
import { ROBOTS_MAX_PARSE_BYTES } from './limits.ts';
import { lintRuleCost, lintUnblockingGroups } from './lint-cost.ts';
import { lintLine } from './lint-lines.ts';
import { parseRobotsTxt } from './parse.ts';
import type { RobotsTxt } from './robots-txt.ts';
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
  lineFindings.push(
    ...lintGroups(robots.groups),
    ...lintRuleCost(robots.groups),
    ...lintUnblockingGroups(robots.groups),
  );
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
      finding(null, 'error', 'html-served', phrase('finding_html_served', { evidence: html })),
    );
  }
  const notText = html === null ? notTextEvidence(options.contentType, options.body) : null;
  if (notText !== null) {
    out.push(
      finding(
        null,
        'error',
        'not-text',
        robots.groups.length === 0
          ? phrase('finding_not_text_none', { evidence: notText })
          : phrase('finding_not_text', { evidence: notText }),
      ),
    );
  }
  if (robots.truncated) {
    out.push(
      finding(
        null,
        'warning',
        'file-too-large',
        phrase('finding_file_too_large', {
          bytes: robots.byteLength,
          limit: ROBOTS_MAX_PARSE_BYTES,
        }),
      ),
    );
  }
  if (robots.lines.every((line) => line.kind === 'blank' || line.kind === 'comment')) {
    out.push(finding(null, 'info', 'empty-file', phrase('finding_empty_file')));
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
            phrase('finding_groups_merged', { agent: agent.value, line: String(first) }),
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
          phrase('finding_group_without_rules', { names }),
        ),
      );
    }
    if (group.userAgents.some((agent) => agent.token === '*')) {
      const closing = group.rules.find((rule) => rule.type === 'disallow' && rule.pattern === '/');
      if (closing) {
        out.push(finding(closing.line, 'warning', 'site-closed', phrase('finding_site_closed')));
      }
    }
  }
  return out;
}
