/**
 * User block-list patterns for the crawler ("never fetch these"). Two forms:
 * - a glob, where `*` stands for any run of characters (including `/`) and
 *   every other character is literal (`?` too: URLs are full of them). A glob
 *   starting with `/` is matched against the path and query; any other glob
 *   against the whole normalised URL. Either way it must match all of it:
 *   `/admin/*` blocks `/admin/users?id=1` but not `/x/admin/`.
 * - `re:` followed by a JavaScript regular expression, searched anywhere in
 *   the whole normalised URL.
 * Globs compile to a split-and-indexOf matcher with no backtracking, so no
 * pattern can hang the crawler. Regexes run on V8's backtracking engine, so
 * only shapes that stay polynomial are accepted (see regex-safety.ts).
 */
import { unsafeRegexReason } from './regex-safety.ts';

export interface UrlPattern {
  /** The pattern as the user wrote it. */
  source: string;
  matches(url: string): boolean;
}

export type CompiledPattern = { ok: true; pattern: UrlPattern } | { ok: false; reason: string };

const REGEX_PREFIX = 're:';

export function compileUrlPattern(source: string): CompiledPattern {
  if (source.startsWith(REGEX_PREFIX)) return compileRegex(source);
  if (source.trim() === '') return { ok: false, reason: 'an empty pattern would match nothing' };
  const parts = source.split('*');
  const matchGlob = (text: string) => globMatches(parts, text);
  const matches = source.startsWith('/')
    ? (url: string) => matchGlob(pathAndQuery(url))
    : (url: string) => matchGlob(url);
  return { ok: true, pattern: { source, matches } };
}

function compileRegex(source: string): CompiledPattern {
  const body = source.slice(REGEX_PREFIX.length);
  const unsafe = unsafeRegexReason(body);
  if (unsafe !== null) return { ok: false, reason: unsafe };
  let regex: RegExp;
  try {
    regex = new RegExp(body);
  } catch (error) {
    return { ok: false, reason: `not a valid regular expression: ${(error as Error).message}` };
  }
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
