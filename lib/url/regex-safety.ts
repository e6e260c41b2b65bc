/**
 * A conservative guard against catastrophic backtracking in user regexes
 * (V8's engine backtracks; a pattern like `(a+)+$` can hang on one URL).
 * Accepted: patterns whose worst case stays polynomial and small on URLs
 * (≤ 2,000 chars): no quantified group that contains a quantifier or `|`,
 * no back-references or lookaround, and at most two unbounded quantifiers
 * (`*`, `+`, `{n,}`), so the worst case is about n² steps. This rejects some
 * harmless patterns; globs cover most block lists, and a linear-time engine
 * (RE2) would make this check unnecessary.
 */

const MAX_UNBOUNDED_QUANTIFIERS = 2;
const MAX_PATTERN_CHARS = 500;

interface Group {
  hasQuantifier: boolean;
  hasAlternation: boolean;
}

/** Null when `source` is safe to run, else why it is refused. */
export function unsafeRegexReason(source: string): string | null {
  if (source.length > MAX_PATTERN_CHARS) {
    return `regular expressions are limited to ${MAX_PATTERN_CHARS} characters`;
  }
  const stack: Group[] = [{ hasQuantifier: false, hasAlternation: false }];
  let unbounded = 0;
  let lastGroup: Group | null = null;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    const top = stack[stack.length - 1] as Group;
    const closed: Group | null = lastGroup;
    lastGroup = null;
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9k]/.test(next))
        return 'back-references are not allowed (they can take exponential time)';
      i++;
    } else if (char === '[') {
      i = endOfClass(source, i);
    } else if (char === '(') {
      if (/^\(\?<?[=!]/.test(source.slice(i, i + 4)))
        return 'lookahead and lookbehind are not allowed';
      stack.push({ hasQuantifier: false, hasAlternation: false });
    } else if (char === ')') {
      if (stack.length > 1) lastGroup = stack.pop() as Group;
      const parent = stack[stack.length - 1] as Group;
      parent.hasQuantifier ||= lastGroup?.hasQuantifier ?? false;
      parent.hasAlternation ||= lastGroup?.hasAlternation ?? false;
    } else if (char === '|') {
      top.hasAlternation = true;
    } else {
      const quantifier = quantifierAt(source, i);
      if (quantifier === null) continue;
      if (
        quantifier.repeats &&
        closed !== null &&
        (closed.hasQuantifier || closed.hasAlternation)
      ) {
        return 'a repeated group containing a quantifier or "|" (like (a+)+ or (a|b)*) can take exponential time';
      }
      if (quantifier.unbounded) unbounded++;
      if (quantifier.repeats) top.hasQuantifier = true;
      i = quantifier.end;
    }
  }
  if (unbounded > MAX_UNBOUNDED_QUANTIFIERS) {
    return `at most ${MAX_UNBOUNDED_QUANTIFIERS} unbounded quantifiers (*, +, {n,}) are allowed; use a glob instead`;
  }
  return null;
}

interface Quantifier {
  /** Index of the quantifier's last character (a lazy `?` included). */
  end: number;
  /** Matches more than once. */
  repeats: boolean;
  unbounded: boolean;
}

function quantifierAt(source: string, i: number): Quantifier | null {
  const char = source[i];
  let end = i;
  let repeats = true;
  let unbounded = true;
  if (char === '?') {
    repeats = false;
    unbounded = false;
  } else if (char === '{') {
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
    if (braces === null) return null;
    end = i + braces[0].length - 1;
    const max =
      braces[2] === undefined ? Number(braces[1]) : braces[3] === '' ? Infinity : Number(braces[3]);
    repeats = max > 1;
    unbounded = max === Infinity;
  } else if (char !== '*' && char !== '+') {
    return null;
  }
  if (source[end + 1] === '?') end++;
  return { end, repeats, unbounded };
}

/** Index of the `]` closing the class opened at `start` (escapes skipped; `[]` is JS's empty class). */
function endOfClass(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i;
  }
  return source.length;
}
