/**
 * How rule paths and URL paths are spelled before they are compared — the
 * only place where RobotLens and Google's reference parser may differ, and
 * only by the four readings below (RFC 9309 and Googlebot in production):
 * - `self`: `/robots.txt` is implicitly allowed (§2.2.2);
 * - `encode-url`: raw non-ASCII octets of the URL are percent-encoded (§2.2.2);
 * - `first-500-kib`: only the first 512,000 bytes are parsed (§2.5);
 * - `unreserved`: `%xx` of ALPHA DIGIT `-._~` is decoded in the URL and in
 *   rule paths (§2.2.2 and its `%62%61%7A` example).
 * Everything else is Google's spelling, byte for byte: rule paths get their
 * escapes' hex upper-cased and their non-ASCII octets encoded; the URL keeps
 * its escapes as written (so `%3f` in a URL never matches a rule's `%3F`),
 * and space, quotes and brackets stay raw on both sides.
 * Strings here are binary strings: one char per byte.
 */
import { isHex, isUnreservedCode, wouldFormEscape } from '../url/percent-escapes.ts';

export type RobotsReading = 'self' | 'encode-url' | 'first-500-kib' | 'unreserved';

export const ROBOTS_READINGS: readonly RobotsReading[] = [
  'self',
  'encode-url',
  'first-500-kib',
  'unreserved',
];

/** Which readings a spelling applies; RobotLens applies all four, Google's parser none. */
export type Readings = ReadonlySet<RobotsReading>;

export const ALL_READINGS: Readings = new Set(ROBOTS_READINGS);
export const NO_READINGS: Readings = new Set();

const HEX = '0123456789ABCDEF';

/** Google's spelling of an Allow/Disallow value: `%2f` → `%2F`, octets ≥ 0x80 → `%XX`. */
export function googleRulePath(value: string): string {
  if (!/[%\x80-\xff]/.test(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x25 && isHex(value.charCodeAt(i + 1)) && isHex(value.charCodeAt(i + 2))) {
      out += `%${value.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (code >= 0x80) out += percentByte(code);
    else out += value.charAt(i);
  }
  return out;
}

/** The rule path as compared under `readings` (Google's spelling, then `unreserved`). */
export function rulePathFor(value: string, readings: Readings): string {
  const google = googleRulePath(value);
  return readings.has('unreserved') ? decodeUnreserved(google, false) : google;
}

/**
 * Decodes `%xx` of unreserved characters, keeping escapes whose decoding
 * would make a stray `%` before them an escape (`%%32%46`); with
 * `encodeHigh`, also percent-encodes octets ≥ 0x80. Other escapes keep
 * their hex as written.
 */
export function decodeUnreserved(s: string, encodeHigh: boolean): string {
  if (!(encodeHigh ? /[%\x80-\xff]/ : /%/).test(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (
      code === 0x25 &&
      i + 2 < s.length &&
      isHex(s.charCodeAt(i + 1)) &&
      isHex(s.charCodeAt(i + 2))
    ) {
      const byte = parseInt(s.slice(i + 1, i + 3), 16);
      out +=
        isUnreservedCode(byte) && !wouldFormEscape(s, i, byte)
          ? String.fromCharCode(byte)
          : s.slice(i, i + 3);
      i += 2;
    } else if (encodeHigh && code >= 0x80) out += percentByte(code);
    else out += s.charAt(i);
  }
  return out;
}

/**
 * The URL path (with params and query) as compared under `readings`:
 * Google's path extraction, then `unreserved` and `encode-url`. `url` is a
 * binary string (the URL's UTF-8 bytes).
 */
export function urlPathFor(pathBinary: string, readings: Readings): string {
  const unreserved = readings.has('unreserved');
  const encodeHigh = readings.has('encode-url');
  if (!unreserved && !encodeHigh) return pathBinary;
  if (unreserved) return decodeUnreserved(pathBinary, encodeHigh);
  return pathBinary.replace(/[\x80-\xff]/g, (c) => percentByte(c.charCodeAt(0)));
}

/** What the matcher compares: the C parser reads the path up to its first NUL. */
export function comparedPath(path: string): string {
  const nul = path.indexOf('\0');
  return nul < 0 ? path : path.slice(0, nul);
}

/** True when `s` has a `%xx` escape of an unreserved character (a spelling `unreserved` changes). */
export function hasUnreservedEscape(s: string): boolean {
  const escapes = s.match(/%[0-9A-Fa-f]{2}/g);
  return escapes !== null && escapes.some((e) => isUnreservedCode(parseInt(e.slice(1), 16)));
}

function percentByte(code: number): string {
  return `%${HEX[(code >> 4) & 0xf]}${HEX[code & 0xf]}`;
}
