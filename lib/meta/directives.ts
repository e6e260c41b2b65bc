/**
 * Robots directives, as found in a robots META `content` or an X-Robots-Tag
 * header: parsed into a structured list, with the problems an auditor should
 * see (conflicts, repeats, unknown tokens, bad values, loose separators).
 * Names and values compare case-insensitively.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { splitDirectiveList } from './directive-tokens.ts';
import { parseRobotsDate } from './robots-date.ts';

/** Directives that take no value. `none`, `all` and `nocache` are shorthands (see `effectsOf`). */
export type FlagName =
  | 'index'
  | 'noindex'
  | 'follow'
  | 'nofollow'
  | 'none'
  | 'all'
  | 'noarchive'
  | 'nocache'
  | 'nosnippet'
  | 'noimageindex'
  | 'notranslate'
  | 'indexifembedded';

export type ImagePreview = 'none' | 'standard' | 'large';

/** One directive as written (`text`) and as understood. A null value means "unreadable: ignored". */
export type Directive =
  | { name: FlagName; text: string }
  | { name: 'max-snippet'; value: number | null; text: string }
  | { name: 'max-video-preview'; value: number | null; text: string }
  | { name: 'max-image-preview'; value: ImagePreview | null; text: string }
  | { name: 'unavailable_after'; value: number | null; dateText: string; text: string }
  | { name: 'unknown'; text: string };

export type ValueName =
  'max-snippet' | 'max-video-preview' | 'max-image-preview' | 'unavailable_after';

export type DirectiveProblemKind =
  'conflict' | 'repeat' | 'unknown' | 'invalid-value' | 'separator';

export interface DirectiveProblem {
  kind: DirectiveProblemKind;
  /** In words a webmaster understands, quoting the tokens involved. */
  detail: Phrase;
}

export interface DirectiveList {
  directives: Directive[];
  problems: DirectiveProblem[];
}

const FLAG_NAMES: ReadonlySet<string> = new Set<FlagName>([
  'index',
  'noindex',
  'follow',
  'nofollow',
  'none',
  'all',
  'noarchive',
  'nocache',
  'nosnippet',
  'noimageindex',
  'notranslate',
  'indexifembedded',
]);

const VALUE_NAMES: ReadonlySet<string> = new Set<ValueName>([
  'max-snippet',
  'max-video-preview',
  'max-image-preview',
  'unavailable_after',
]);

/** True for any directive name this module knows (used to tell a robot prefix from a directive). */
export function isDirectiveName(name: string): boolean {
  const lower = name.toLowerCase();
  return FLAG_NAMES.has(lower) || VALUE_NAMES.has(lower);
}

/** Parses one directive list; never throws, unknown tokens are kept as `unknown`. */
export function parseDirectives(text: string): DirectiveList {
  const { tokens, looseRuns } = splitDirectiveList(text);
  const directives = tokens.map(parseToken);
  return {
    directives,
    problems: [
      ...looseRuns.map(separatorProblem),
      ...directives.flatMap(tokenProblems),
      ...conflictProblems(directives),
      ...repeatProblems(directives),
    ],
  };
}

function parseToken(text: string): Directive {
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).toLowerCase();
  const value = colon < 0 ? null : text.slice(colon + 1).trim();
  if (FLAG_NAMES.has(name) && value === null) return { name: name as FlagName, text };
  switch (name) {
    case 'max-snippet':
    case 'max-video-preview':
      return { name, value: parseLimit(value), text };
    case 'max-image-preview':
      return { name, value: parseImagePreview(value), text };
    case 'unavailable_after':
      return { name, value: value ? parseRobotsDate(value) : null, dateText: value ?? '', text };
    default:
      return { name: 'unknown', text };
  }
}

/** `-1` means "no limit", `0` means "none"; anything else must be a count. */
function parseLimit(value: string | null): number | null {
  return value !== null && /^(?:-1|\d+)$/.test(value) ? Number(value) : null;
}

function parseImagePreview(value: string | null): ImagePreview | null {
  const lower = value?.toLowerCase();
  return lower === 'none' || lower === 'standard' || lower === 'large' ? lower : null;
}

function separatorProblem(run: string): DirectiveProblem {
  return problem('separator', phrase('directive_separator', { run }));
}

function tokenProblems(d: Directive): DirectiveProblem[] {
  switch (d.name) {
    case 'unknown':
      return [problem('unknown', phrase('directive_unknown', { text: d.text }))];
    case 'max-snippet':
    case 'max-video-preview':
      return d.value === null ? [invalid(d.text, phrase('expected_limit'))] : [];
    case 'max-image-preview':
      return d.value === null ? [invalid(d.text, phrase('expected_image_preview'))] : [];
    case 'unavailable_after':
      return d.value === null ? [invalid(d.text, phrase('expected_date'))] : [];
    default:
      return [];
  }
}

function invalid(text: string, expected: Phrase): DirectiveProblem {
  return problem('invalid-value', phrase('directive_invalid', { text, expected }));
}

function problem(kind: DirectiveProblemKind, detail: Phrase): DirectiveProblem {
  return { kind, detail };
}

/** What a directive asserts, shorthands expanded: `none` → noindex + nofollow. */
export function effectsOf(d: Directive): string[] {
  switch (d.name) {
    case 'none':
      return ['noindex', 'nofollow'];
    case 'all':
      return ['index', 'follow'];
    case 'nocache':
      return ['noarchive'];
    case 'unknown':
      return [];
    default:
      return [d.name];
  }
}

const OPPOSITES: readonly [string, string][] = [
  ['index', 'noindex'],
  ['follow', 'nofollow'],
];

function conflictProblems(directives: Directive[]): DirectiveProblem[] {
  return OPPOSITES.flatMap(([yes, no]) => {
    const yesTokens = tokensAsserting(directives, yes);
    const noTokens = tokensAsserting(directives, no);
    if (yesTokens.length === 0 || noTokens.length === 0) return [];
    return [
      problem(
        'conflict',
        phrase('directive_conflict', {
          yes_tokens: quoteList(yesTokens),
          no_tokens: quoteList(noTokens),
          yes,
          no,
        }),
      ),
    ];
  });
}

function repeatProblems(directives: Directive[]): DirectiveProblem[] {
  const effects = new Set(directives.flatMap(effectsOf));
  return [...effects].flatMap((effect) => {
    const tokens = tokensAsserting(directives, effect);
    if (tokens.length < 2) return [];
    const values = { effect, count: tokens.length, tokens: quoteList(tokens) };
    return [
      problem(
        'repeat',
        VALUE_NAMES.has(effect)
          ? phrase('directive_repeat_value', values)
          : phrase('directive_repeat', values),
      ),
    ];
  });
}

function tokensAsserting(directives: Directive[], effect: string): string[] {
  return directives.filter((d) => effectsOf(d).includes(effect)).map((d) => d.text);
}

function quoteList(tokens: string[]): string {
  return tokens.map((t) => `"${t}"`).join(', ');
}
