/**
 * JSON that a terminal or an editor shows as it is: JSON.stringify escapes
 * U+0000–U+001F but writes DEL, the C1 controls (U+0080–U+009F, where
 * U+009B is a one-byte CSI that drives a terminal like ESC [), bidi
 * overrides (U+202E turns `txt.exe` into `exe.txt`), line separators and
 * the other invisible characters raw. Each of them is written here as a
 * `\uXXXX` escape instead — the same string for any JSON reader, nothing
 * for a terminal to obey.
 */

/** Characters written escaped: the set lib/text/invisible.ts reveals, with nothing kept. */
// Combining marks that render as nothing sit outside the class, where a mark cannot seem to combine.
const ESCAPED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5/gu;

const hex4 = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`;

/** `\u202e`, or a surrogate pair (`\udb40\udc01`) for a character beyond U+FFFF. */
function escapeChar(char: string): string {
  if (char === '\n') return char; // only ever the indentation's line break: JSON.stringify escapes it in strings
  let escaped = '';
  for (let i = 0; i < char.length; i++) escaped += hex4(char.charCodeAt(i));
  return escaped;
}

/** `JSON.stringify(value, null, indent)` with every control and invisible character as `\uXXXX`. */
export function stringifySafeJson(value: unknown, indent?: number): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(ESCAPED, escapeChar);
}
