/**
 * Directives → reasons, for one robot. Every applicable source is combined
 * and the most restrictive directive wins (Google's documented rule; see
 * lib/meta/robots-rules.ts). A noindex blocks, once per source that says it,
 * so the webmaster sees every place to fix; other directives become notes.
 * A robots META misplaced in `<body>` still counts: robots may well obey it,
 * so the safe verdict assumes they do (the page findings flag its place).
 */
import type { MessageValue } from '../i18n/catalog.ts';
import { phrase } from '../i18n/phrase.ts';
import type { Directive } from '../meta/directives.ts';
import { directiveFindings } from '../meta/page-finding.ts';
import { mergeRules, NO_RULES, type RobotsRules } from '../meta/robots-rules.ts';
import type { DirectiveSource } from './directive-sources.ts';
import { DIRECTIVE_NOTES } from './directive-notes.ts';
import { reasonOfFinding } from './finding-reasons.ts';
import type { Reason } from './types.ts';

export function combinedRules(sources: readonly DirectiveSource[]): RobotsRules {
  return sources.reduce((rules, s) => mergeRules(rules, s.rules), { ...NO_RULES });
}

export function directiveReasons(
  sources: readonly DirectiveSource[],
  robot: MessageValue,
  nowMs: number,
): Reason[] {
  const rules = combinedRules(sources);
  return [
    ...sources.filter((s) => s.rules.noindex).map((s) => noindexReason(s, robot)),
    ...unavailableAfterReasons(sources, rules, nowMs),
    ...crossSourceConflicts(sources),
    ...noteReasons(sources, rules, robot),
    // META problems come from the page findings; header problems only from here.
    ...sources
      .filter((s) => s.kind === 'header')
      .flatMap((s) => directiveFindings(s.list, s.source).map(reasonOfFinding)),
  ];
}

function noindexReason(s: DirectiveSource, robot: MessageValue): Reason {
  const said = s.list.directives.filter(isNoindexLike);
  const values = { label: s.label, said: said.map((d) => `"${d.text}"`).join(', '), robot };
  const made = said.some((d) => d.name === 'none')
    ? phrase('noindex_none', values)
    : phrase('noindex_said', values);
  return {
    code: s.kind === 'meta' ? 'meta-robots' : 'x-robots-tag',
    blocking: true,
    source: s.source,
    detail: made,
  };
}

function isNoindexLike(d: Directive): boolean {
  return d.name === 'noindex' || d.name === 'none';
}

/** One note per non-blocking directive set anywhere, citing every source that sets it. */
function noteReasons(
  sources: readonly DirectiveSource[],
  rules: RobotsRules,
  robot: MessageValue,
): Reason[] {
  return DIRECTIVE_NOTES.flatMap((note) => {
    const setting = sources.filter((s) => note.isSet(s.rules));
    if (setting.length === 0) return [];
    const detail = note.explain(rules, robot);
    return [
      {
        code: note.code,
        blocking: false,
        source: joinSources(setting),
        detail,
      },
    ];
  });
}

/** The earliest readable date wins; a past date is a noindex, a future one a warning. */
function unavailableAfterReasons(
  sources: readonly DirectiveSource[],
  rules: RobotsRules,
  nowMs: number,
): Reason[] {
  const at = rules.unavailableAfterMs;
  if (at === null) return [];
  const setting = sources.filter((s) => s.rules.unavailableAfterMs === at);
  const when = new Date(at).toISOString();
  const past = at <= nowMs;
  const made = past
    ? phrase('unavailable_after_past', { when })
    : phrase('unavailable_after_future', { when });
  return [
    {
      code: 'unavailable-after',
      blocking: past,
      source: joinSources(setting),
      detail: made,
    },
  ];
}

/**
 * Conflicts between sources (within one source they are page findings):
 * e.g. the robots META says index but googlebot's says noindex.
 */
function crossSourceConflicts(sources: readonly DirectiveSource[]): Reason[] {
  const pairs: [keyof RobotsRules, keyof RobotsRules][] = [
    ['index', 'noindex'],
    ['follow', 'nofollow'],
  ];
  return pairs.flatMap(([yes, no]) => {
    const saysYes = sources.filter((s) => s.rules[yes] && !s.rules[no]);
    const saysNo = sources.filter((s) => s.rules[no] && !s.rules[yes]);
    const [first, second] = [saysYes[0], saysNo[0]];
    if (first === undefined || second === undefined) return [];
    const made = phrase('sources_conflict', {
      first: first.label,
      second: second.label,
      yes,
      no,
    });
    return [
      {
        code: 'conflict',
        blocking: false,
        source: joinSources([...saysYes, ...saysNo]),
        detail: made,
      },
    ];
  });
}

function joinSources(sources: readonly DirectiveSource[]): string {
  return sources.map((s) => s.source).join('; ');
}
