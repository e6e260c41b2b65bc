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

/**
 * The text of `stringifySafeJson(value, indent)`, in pieces: the members of
 * the value and of its arrays and objects down to `levels`, each
 * stringified on its own. A crawl's JSON report of 10,000 pages is ~12 MB:
 * as one string it was built, escaped into a second and encoded into a
 * buffer at once (~115 MB of the OpenJDK docs crawl's peak); in pieces,
 * each is written and dropped.
 */
export function* safeJsonChunks(value: unknown, indent = 2, levels = 2): Generator<string> {
  // Without indentation there are no lines to put members on: one piece.
  yield* chunksOf(value, indent > 0 ? levels : 0, indent, '');
}

function* chunksOf(value: unknown, levels: number, indent: number, pad: string): Generator<string> {
  if (levels === 0 || !isPlainContainer(value)) {
    const text = stringifySafeJson(value, indent);
    yield pad === '' ? text : text.replace(/\n/g, `\n${pad}`);
    return;
  }
  const inner = pad + ' '.repeat(indent);
  const isArray = Array.isArray(value);
  const members: [string, unknown][] = isArray
    ? Array.from(value, (item, i): [string, unknown] => [String(i), isWritten(item) ? item : null])
    : Object.entries(value).filter(([, item]) => isWritten(item));
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (members.length === 0) {
    yield open + close;
    return;
  }
  let separator = open;
  for (const [key, item] of members) {
    yield `${separator}\n${inner}${isArray ? '' : `${stringifySafeJson(key)}: `}`;
    yield* chunksOf(item, levels - 1, indent, inner);
    separator = ',';
  }
  yield `\n${pad}${close}`;
}

/**
 * An array, or a plain object without `toJSON`: what JSON.stringify writes
 * member by member. Anything else (a Date, a boxed number) is written whole.
 */
function isPlainContainer(value: unknown): value is unknown[] | Record<string, unknown> {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** JSON.stringify leaves these out of an object (and writes `null` for them in an array). */
function isWritten(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}
