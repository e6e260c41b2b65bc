/**
 * The URLs a stylesheet requests: `url(…)` (quoted or not) and `@import
 * "…"`, with their 1-based line, read in one pass by a small tokenizer
 * (CSS Syntax Level 3, the parts that matter here): comments are skipped,
 * strings and escapes are decoded, and no regular expression runs over the
 * whole text, so hostile input costs linear time.
 */

export interface CssUrl {
  /** The URL as written, escapes decoded, surrounding white space trimmed. */
  url: string;
  kind: 'url' | 'import';
  line: number;
}

/** URLs kept per stylesheet at most (a hostile one cannot exhaust memory). */
export const MAX_CSS_URLS = 10_000;

const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\f']);

export function cssUrls(css: string, maxUrls = MAX_CSS_URLS): CssUrl[] {
  const found: CssUrl[] = [];
  let line = 1;
  let counted = 0;
  const lineAt = (index: number): number => {
    for (; counted < index; counted++) if (css.charCodeAt(counted) === 10) line++;
    return line;
  };
  let importPending = false;
  let i = 0;
  while (i < css.length && found.length < maxUrls) {
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
    } else if (c === '"' || c === "'") {
      const string = readString(css, i);
      if (importPending) found.push({ url: string.value.trim(), kind: 'import', line: lineAt(i) });
      importPending = false;
      i = string.end;
    } else if (c === '\\') {
      i += 2;
    } else if (c === '@' && css.slice(i + 1, i + 7).toLowerCase() === 'import') {
      importPending = true;
      i += 7;
    } else if ((c === 'u' || c === 'U') && isUrlFunction(css, i)) {
      const value = readUrl(css, i + 4);
      if (value.url !== null)
        found.push({ url: value.url, kind: importPending ? 'import' : 'url', line: lineAt(i) });
      importPending = false;
      i = value.end;
    } else {
      if (c === ';' || c === '{' || c === '}') importPending = false;
      i++;
    }
  }
  return found.filter((u) => u.url !== '');
}

/** `url(` here, not the end of a longer name (`myurl(`). */
function isUrlFunction(css: string, i: number): boolean {
  if (css.slice(i, i + 4).toLowerCase() !== 'url(') return false;
  const before = css[i - 1];
  return before === undefined || !/[\w-]/.test(before);
}

/** A quoted string from its opening quote: its decoded value and the index after it. */
function readString(css: string, start: number): { value: string; end: number } {
  const quote = css[start];
  let value = '';
  let i = start + 1;
  while (i < css.length) {
    const c = css[i]!;
    if (c === quote) return { value, end: i + 1 };
    // An unescaped newline ends a string (a "bad string"); what follows is read again.
    if (c === '\n') return { value, end: i };
    if (c === '\\') {
      if (css[i + 1] === '\n') {
        i += 2;
        continue;
      }
      const escape = readEscape(css, i + 1);
      value += escape.char;
      i = escape.end;
      continue;
    }
    value += c;
    i++;
  }
  return { value, end: i };
}

/** After `url(`: a quoted or unquoted URL up to `)`; null when malformed. */
function readUrl(css: string, start: number): { url: string | null; end: number } {
  let i = start;
  while (i < css.length && WHITESPACE.has(css[i]!)) i++;
  if (css[i] === '"' || css[i] === "'") {
    const string = readString(css, i);
    const close = css.indexOf(')', string.end);
    return { url: string.value.trim(), end: close < 0 ? css.length : close + 1 };
  }
  let value = '';
  for (; i < css.length; i++) {
    const c = css[i]!;
    if (c === ')') return { url: value.trim(), end: i + 1 };
    if (c === '\\') {
      const escape = readEscape(css, i + 1);
      value += escape.char;
      i = escape.end - 1;
      continue;
    }
    // A quote or parenthesis inside an unquoted url() makes it a "bad url": skipped.
    if (c === '"' || c === "'" || c === '(') {
      const close = css.indexOf(')', i);
      return { url: null, end: close < 0 ? css.length : close + 1 };
    }
    value += c;
  }
  return { url: value.trim(), end: css.length };
}

/** An escape after its backslash: up to six hex digits (and one white space), or one character. */
function readEscape(css: string, start: number): { char: string; end: number } {
  let hex = '';
  let i = start;
  while (hex.length < 6 && i < css.length && /[0-9a-fA-F]/.test(css[i]!)) hex += css[i++];
  if (hex === '') return { char: css[start] ?? '', end: Math.min(css.length, start + 1) };
  if (WHITESPACE.has(css[i] ?? '')) i++;
  const code = parseInt(hex, 16);
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return { char: valid ? String.fromCodePoint(code) : '\uFFFD', end: i };
}
