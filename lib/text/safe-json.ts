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
 * How values are reshaped just before they are written, so that a big
 * report is reshaped for output (its phrases worded, say) a piece at a time
 * instead of as a whole second copy.
 */
export interface JsonShaping {
  /**
   * The value as written: `whole` when it is written in one piece, false
   * when it is walked member by member (its members are then shaped in
   * their turn).
   */
  prepare(value: unknown, whole: boolean): unknown;
  /** Containers written in one piece at any level (their members shaped as a whole). */
  keepsWhole?(value: object): boolean;
}

const AS_IT_IS: JsonShaping = { prepare: (value) => value };

/**
 * The text of `stringifySafeJson(value)`, each piece shaped as it is written (`shaping`),, in pieces: the members of
 * the value and of its arrays and objects down to `levels`, each
 * stringified on its own. A crawl's JSON report of 10,000 pages is ~12 MB:
 * as one string it was built, escaped into a second and encoded into a
 * buffer at once (~115 MB of the OpenJDK docs crawl's peak); in pieces,
 * each is written and dropped.
 */
export function* safeJsonChunks(
  value: unknown,
  indent = 2,
  levels = 2,
  shaping: JsonShaping = AS_IT_IS,
): Generator<string> {
  // Without indentation there are no lines to put members on: one piece.
  yield* chunksOf(value, indent > 0 ? levels : 0, { indent, shaping }, '');
}

interface ChunkStyle {
  indent: number;
  shaping: JsonShaping;
}

function* chunksOf(
  raw: unknown,
  levels: number,
  style: ChunkStyle,
  pad: string,
): Generator<string> {
  const { shaping } = style;
  const walked = levels > 0 && isPlainContainer(raw) && !shaping.keepsWhole?.(raw);
  const value = shaping.prepare(raw, !walked);
  if (!walked || !isPlainContainer(value)) {
    const text = stringifySafeJson(value, style.indent);
    yield pad === '' ? text : text.replace(/\n/g, `\n${pad}`);
    return;
  }
  const inner = pad + ' '.repeat(style.indent);
  const isArray = Array.isArray(value);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  let separator = open;
  for (const [key, item] of membersOf(value)) {
    yield `${separator}\n${inner}${isArray ? '' : `${stringifySafeJson(key)}: `}`;
    yield* chunksOf(item, levels - 1, style, inner);
    separator = ',';
  }
  yield separator === open ? open + close : `\n${pad}${close}`;
}

/** The members JSON.stringify writes, one at a time: a million-page list gets no list of pairs. */
function* membersOf(value: unknown[] | Record<string, unknown>): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      yield [String(i), isWritten(item) ? item : null];
    }
    return;
  }
  for (const key of Object.keys(value)) if (isWritten(value[key])) yield [key, value[key]];
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
