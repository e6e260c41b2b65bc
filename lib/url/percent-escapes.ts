/**
 * Percent-escape normalization (RFC 3986 §6.2.2.1–2): `%xx` of an
 * unreserved character (ALPHA DIGIT - . _ ~) names the same resource as the
 * character itself, so it is decoded; every other escape keeps its meaning
 * and only has its hex upper-cased. `%2F` therefore stays distinct from `/`
 * (it is a different path), and `%25` stays an escaped `%`.
 */

const ESCAPE = /%([0-9A-Fa-f]{2})/g;

/** True for the RFC 3986 unreserved characters. */
export function isUnreservedCode(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2d || // -
    code === 0x2e || // .
    code === 0x5f || // _
    code === 0x7e // ~
  );
}

/** Decodes escapes of unreserved characters and upper-cases the hex of the rest. */
export function normalizeEscapes(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(ESCAPE, (escape: string, hex: string, offset: number) => {
    const code = parseInt(hex, 16);
    return isUnreservedCode(code) && !wouldFormEscape(text, offset, code)
      ? String.fromCharCode(code)
      : escape.toUpperCase();
  });
}

/**
 * True when decoding the escape at `offset` to `code` would turn a stray `%`
 * before it into a new escape: `%%32%46` (a literal "%2F" to the server)
 * must not become `%2F` (an encoded "/"), nor `%2%46` either. Such an escape
 * is kept, which also keeps the result a fixed point.
 */
export function wouldFormEscape(text: string, offset: number, code: number): boolean {
  if (!isHex(code)) return false;
  const before = text.charCodeAt(offset - 1);
  return before === 0x25 || (text.charCodeAt(offset - 2) === 0x25 && isHex(before));
}

/** True for the character code of a hex digit (0-9, A-F, a-f). */
export function isHex(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}
