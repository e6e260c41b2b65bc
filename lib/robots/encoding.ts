/**
 * One canonical form for rule paths and URL paths, so that equal URLs match
 * equal rules (RFC 9309 §2.2.2, and the seed table: `/%7Efred` = `/~fred`):
 * - `%xx` of an unreserved character (ALPHA DIGIT - . _ ~) is decoded,
 *   unless that would make a stray `%` before it an escape (`%%32%46`);
 * - every other escape is kept, upper-cased (`%2f` → `%2F`, which stays
 *   distinct from `/`);
 * - bytes outside ASCII are percent-encoded as UTF-8 (`é` → `%C3%A9`);
 * - controls, space and `"<>\`{}|\^[]` are percent-encoded too: they are not
 *   valid raw in a URL, so a robot sends them encoded anyway;
 * - so is `'`: browsers send it as `%27` in a query, and Chromium's URL
 *   parser (the one the extension's matcher runs on, see engine.ts) encodes
 *   it wherever it sits in the matcher's URL, so a raw `'` would match in
 *   Node and not in the browser.
 * Google's parser does the upper-casing and the UTF-8 encoding but does not
 * decode unreserved escapes; here RFC 9309 and the seed table win.
 */
import { wouldFormEscape } from '../url/percent-escapes.ts';
import { textToBinary } from './bytes.ts';

const HEX = '0123456789ABCDEF';
const ALWAYS_ENCODED = new Set([...'"<>`{}|\\^[] \'']);

/** Printable ASCII other than `%` and the always-encoded characters: already canonical. */
const PLAIN = /^[!#$&(-;=?-Z_a-z~]*$/;

/** Canonical form of a binary string (one char per byte). */
export function canonicalisePath(binary: string): string {
  if (PLAIN.test(binary)) return binary;
  let out = '';
  for (let i = 0; i < binary.length; i++) {
    const code = binary.charCodeAt(i);
    if (code === 0x25 && isHex(binary.charCodeAt(i + 1)) && isHex(binary.charCodeAt(i + 2))) {
      const byte = parseInt(binary.slice(i + 1, i + 3), 16);
      out +=
        isUnreserved(byte) && !wouldFormEscape(binary, i, byte)
          ? String.fromCharCode(byte)
          : `%${binary.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (code < 0x21 || code > 0x7e || ALWAYS_ENCODED.has(binary.charAt(i))) {
      out += `%${HEX[(code >> 4) & 0xf]}${HEX[code & 0xf]}`;
    } else {
      out += binary.charAt(i);
    }
  }
  return out;
}

/** The canonical path+query a robot matches for a URL (absolute or not). */
export function matchPathOf(url: string): string {
  return canonicalisePath(textToBinary(extractPathParamsQuery(url)));
}

/**
 * Path, params and query of a URL, without scheme, authority and fragment;
 * always starts with `/`. Works on the URL as written (no dot-segment
 * resolution), like Google's reference parser, and accepts `example.com/a`
 * or `/a` as well as full URLs.
 */
export function extractPathParamsQuery(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = indexOfPathStart(url, searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (protocolEnd < 0 || (earlyPath >= 0 && earlyPath < protocolEnd)) protocolEnd = searchStart;
  else protocolEnd += 3;
  const pathStart = indexOfPathStart(url, protocolEnd);
  if (pathStart < 0) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash >= 0 ? hash : url.length);
  return path.startsWith('/') ? path : `/${path}`;
}

/** Index of the first `/`, `?` or `;` from `from`; -1 when none. Runs once per robots decision. */
function indexOfPathStart(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code === 0x2f || code === 0x3f || code === 0x3b) return i;
  }
  return -1;
}

function isHex(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}

function isUnreserved(byte: number): boolean {
  return (
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x2d ||
    byte === 0x2e ||
    byte === 0x5f ||
    byte === 0x7e
  );
}
