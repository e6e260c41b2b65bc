/**
 * Rewrites the groups into the file robots-parser reads, closing the gaps
 * between robots-parser and Google/RFC 9309 before they can happen:
 * - only `User-agent` and rule lines are written, so Sitemap, Crawl-delay and
 *   unknown lines can no longer split a run of agents;
 * - each agent is written as its product token (`Googlebot Images` →
 *   `googlebot`), typo'd and colon-less keys as plain `allow`/`disallow`,
 *   patterns in canonical form (a BOM in mid-file stays in its line, which
 *   no longer reads as a rule);
 * - Google's `index.html` rule: `Allow: /a/index.html` also allows `/a/`, so
 *   an extra `Allow: /a/$` is written for the same original line;
 * - a final empty `disallow:` makes robots-parser keep a trailing group that
 *   has no rules (its robots are then unrestricted, not sent to `*`).
 * `rules[n]` tells which original rule rewritten line n + 1 came from.
 */
import { engineAgentLine, engineRuleLine } from './engine.ts';
import type { RobotsGroup, RobotsRule } from './groups.ts';

export interface ProgramRule {
  rule: RobotsRule;
  group: RobotsGroup;
  /** `index-html`: the extra `Allow: /dir/$` Google derives from `Allow: /dir/index.html`. */
  derived: 'index-html' | null;
}

export interface MatchProgram {
  text: string;
  /** By rewritten line (0-based); null for lines that are not rules. */
  rules: (ProgramRule | null)[];
}

/** Writes the rewritten file for robots-parser. */
export function compileProgram(groups: readonly RobotsGroup[]): MatchProgram {
  const lines: string[] = [];
  const rules: (ProgramRule | null)[] = [];
  const emit = (line: string, ref: ProgramRule | null) => {
    lines.push(line);
    rules.push(ref);
  };
  for (const group of groups) {
    for (const agent of group.userAgents) emit(engineAgentLine(agent.token), null);
    for (const rule of group.rules) {
      emit(engineRuleLine(rule.type, rule.pattern), { rule, group, derived: null });
      const directory = rule.type === 'allow' ? indexHtmlDirectory(rule.pattern) : null;
      if (directory !== null)
        emit(engineRuleLine('allow', `${directory}$`), { rule, group, derived: 'index-html' });
    }
  }
  emit(engineRuleLine('disallow', ''), null);
  return { text: lines.join('\n'), rules };
}

/** `/a/index.html` → `/a/` (Google: the last segment starts with `index.htm`); else null. */
export function indexHtmlDirectory(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  return slash >= 0 && pattern.startsWith('/index.htm', slash) ? pattern.slice(0, slash + 1) : null;
}
