/**
 * User block-list patterns for the crawler ("never fetch these"). Two forms:
 * - a glob, where `*` stands for any run of characters (including `/`) and
 *   every other character is literal (`?` too: URLs are full of them). A glob
 *   starting with `/` is matched against the path and query; any other glob
 *   against the whole normalized URL. Either way it must match all of it:
 *   `/admin/*` blocks `/admin/users?id=1` but not `/x/admin/`.
 * - `re:` followed by a regular expression in RE2 syntax, searched anywhere
 *   in the whole normalized URL.
 * Globs compile to a split-and-indexOf matcher with no backtracking. Regexes
 * run on RE2 (re2js), whose time is linear in the URL's length: V8's own
 * engine backtracks, and no shape check caught every pattern that made it
 * run for minutes (`a{1,300}a{1,300}a{1,300}a{1,300}!`). RE2 has no
 * back-references and no lookaround, the two features that need
 * backtracking. Linear is not free: the cost per character grows with the
 * compiled program, so programs are capped (MAX_PROGRAM_SIZE).
 */
import { RE2JS } from 're2js';

export interface UrlPattern {
  /** The pattern as the user wrote it. */
  source: string;
  matches(url: string): boolean;
}

/** Why a pattern cannot be used; `reason` is in English, `kind` lets a caller word it itself. */
export type PatternProblem =
  | { kind: 'empty'; reason: string }
  | { kind: 'regex-syntax'; reason: string; engineMessage: string }
  | { kind: 'regex-too-complex'; reason: string; programSize: number; maxProgramSize: number };

export type CompiledPattern = { ok: true; pattern: UrlPattern } | ({ ok: false } & PatternProblem);

const REGEX_PREFIX = 're:';
/**
 * Instructions in the compiled RE2 program, at most. re2js simulates the
 * program on each character when its fast paths do not apply: at this size
 * a 2,000-character URL takes well under a second in the worst case, and
 * real block-list patterns compile to a few dozen instructions.
 */
export const MAX_PROGRAM_SIZE = 2_500;
/** What every RE2 syntax error adds, so the user knows why a JavaScript habit fails. */
export const RE2_SYNTAX_HINT =
  'patterns run on RE2 (linear time), which has no back-references (\\1, \\k<name>) and no lookaround ((?=…), (?!…), (?<=…), (?<!…))';

export function compileUrlPattern(source: string): CompiledPattern {
  if (source.startsWith(REGEX_PREFIX)) return compileRegex(source);
  if (source.trim() === '')
    return { ok: false, kind: 'empty', reason: 'an empty pattern would match nothing' };
  const parts = source.split('*');
  const matchGlob = (text: string) => globMatches(parts, text);
  const matches = source.startsWith('/')
    ? (url: string) => matchGlob(pathAndQuery(url))
    : (url: string) => matchGlob(url);
  return { ok: true, pattern: { source, matches } };
}

function compileRegex(source: string): CompiledPattern {
  const body = source.slice(REGEX_PREFIX.length);
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(body);
  } catch (error) {
    const engineMessage = (error as Error).message.replace(/^error parsing regexp: /, '');
    return {
      ok: false,
      kind: 'regex-syntax',
      engineMessage,
      reason: `not a valid RE2 regular expression: ${engineMessage}; ${RE2_SYNTAX_HINT}`,
    };
  }
  const programSize = regex.programSize();
  if (programSize > MAX_PROGRAM_SIZE)
    return {
      ok: false,
      kind: 'regex-too-complex',
      programSize,
      maxProgramSize: MAX_PROGRAM_SIZE,
      reason: `the regular expression is too complex (${programSize} RE2 instructions, at most ${MAX_PROGRAM_SIZE}); use fewer or smaller counted repeats {n,m}`,
    };
  return { ok: true, pattern: { source, matches: (url) => regex.test(url) } };
}

/**
 * Literal pieces between stars must appear in order; the first piece is a
 * prefix and the last a suffix. Taking each middle piece at its leftmost
 * place is always safe, so one left-to-right scan decides.
 */
function globMatches(parts: readonly string[], text: string): boolean {
  const first = parts[0] ?? '';
  if (parts.length === 1) return text === first;
  const last = parts[parts.length - 1] ?? '';
  const end = text.length - last.length;
  if (end < first.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  let position = first.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i] ?? '';
    const at = text.indexOf(part, position);
    if (at < 0 || at + part.length > end) return false;
    position = at + part.length;
  }
  return true;
}

function pathAndQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}
