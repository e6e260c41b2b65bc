/**
 * Bytes in, text out. The matcher works on a "binary string" (one char per
 * byte, like Google's C++ parser works on bytes) so invalid UTF-8 never
 * changes what a rule matches; display text is decoded as UTF-8 with U+FFFD
 * for bad bytes, and never throws.
 */

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const CHUNK = 0x2000;

const encoder = new TextEncoder();
/** ignoreBOM: a BOM in mid-file is kept, so the auditor can see and report it. */
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** A string is encoded as UTF-8 (lone surrogates become U+FFFD); bytes pass through. */
export function toBytes(input: string | Uint8Array): Uint8Array {
  return typeof input === 'string' ? encoder.encode(input) : input;
}

/**
 * How many leading bytes are a (possibly partial) UTF-8 BOM. Google skips a
 * BOM prefix such as EF BB too, so a file saved by a confused editor still parses.
 */
export function leadingBomLength(bytes: Uint8Array): number {
  let length = 0;
  while (length < UTF8_BOM.length && bytes[length] === UTF8_BOM[length]) length++;
  return length;
}

/** One char per byte, char code = byte value. */
export function bytesToBinary(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let out = '';
  for (let i = start; i < end; i += CHUNK) {
    // apply takes the typed array as it is: much faster than spreading it.
    out += String.fromCharCode.apply(
      null,
      bytes.subarray(i, Math.min(end, i + CHUNK)) as unknown as number[],
    );
  }
  return out;
}

/** The inverse of bytesToBinary. */
export function binaryToBytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i) & 0xff;
  return bytes;
}

/** UTF-8 text of some bytes; invalid sequences become U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** UTF-8 text of a binary string (a line, a key, a value), for display. */
export function binaryToText(binary: string): string {
  // Pure ASCII needs no decoding: the common case, and the fast one.
  return isAscii(binary) ? binary : decodeUtf8(binaryToBytes(binary));
}

/** The UTF-8 bytes of a string, as a binary string. */
export function textToBinary(text: string): string {
  return isAscii(text) ? text : bytesToBinary(encoder.encode(text));
}

/** True when no byte is above 0x7F. */
export function isAsciiBytes(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return false;
  return true;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}
