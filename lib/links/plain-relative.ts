/**
 * A shortcut past the URL parser for the commonest link of a generated site:
 * a plain relative path such as `a01234.html` or `sub/page.html#frag`.
 * Against an http(s) base, the WHATWG parser only appends such a path to the
 * base's directory: nothing to strip, percent-encode, resolve (no `.` or
 * `..` segment) or read as a scheme (no `:`). Parsing it anyway was the
 * largest single cost of resolving links (the URL parser was ~6 % of
 * reading a libstdc++ page, 178,000 distinct values over the site).
 * Anything else returns null, and the caller asks the URL parser.
 * plain-relative.test.ts checks the shortcut against `new URL`.
 */

export interface BaseDirectory {
  /** The base URL up to and including the last `/` of its path. */
  prefix: string;
  /** `http:` or `https:`. */
  protocol: string;
}

/** `baseHref` (a serialized URL, as `URL.href` gives it) as a directory, when it is http(s). */
export function baseDirectory(baseHref: string | undefined): BaseDirectory | null {
  if (baseHref === undefined) return null;
  const protocol = baseHref.startsWith('https://')
    ? 'https:'
    : baseHref.startsWith('http://')
      ? 'http:'
      : null;
  if (protocol === null) return null;
  // A serialized URL has `?` and `#` only where its query and fragment start.
  let end = baseHref.length;
  const query = baseHref.indexOf('?');
  if (query !== -1) end = query;
  const fragment = baseHref.indexOf('#');
  if (fragment !== -1 && fragment < end) end = fragment;
  const lastSlash = baseHref.lastIndexOf('/', end - 1);
  // The path of a serialized http(s) URL starts with `/` after the host.
  if (lastSlash < protocol.length + 2) return null;
  return { prefix: baseHref.slice(0, lastSlash + 1), protocol };
}

/** `raw` resolved against `base` when it is a plain relative path; null when the URL parser must decide. */
export function appendPlainPath(base: BaseDirectory, raw: string): string | null {
  const length = raw.length;
  if (length === 0 || raw.charCodeAt(0) === 0x2f) return null;
  let segmentStart = 0;
  let at = 0;
  for (; at < length; at++) {
    const code = raw.charCodeAt(at);
    if (code === 0x2f || code === 0x23) {
      if (isDotSegment(raw, segmentStart, at)) return null;
      if (code === 0x23) break;
      segmentStart = at + 1;
    } else if (!isPlain(code)) {
      return null;
    }
  }
  if (at === length && isDotSegment(raw, segmentStart, at)) return null;
  // A fragment-only value (`#top`) is not a path: the parser keeps the base's file.
  if (at === 0) return null;
  for (at++; at < length; at++) {
    if (!isPlain(raw.charCodeAt(at))) return null;
  }
  return base.prefix + raw;
}

/** `.` or `..`, which the parser resolves away. */
function isDotSegment(raw: string, start: number, end: number): boolean {
  const length = end - start;
  if (length === 1) return raw.charCodeAt(start) === 0x2e;
  return length === 2 && raw.charCodeAt(start) === 0x2e && raw.charCodeAt(start + 1) === 0x2e;
}

/** ASCII letters, digits, `-`, `.`, `_`, `~`: never percent-encoded in a path or fragment. */
function isPlain(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}
