/**
 * A string of its own, sharing no memory with the one it was read from.
 *
 * Strings cut out of a page (an href, an anchor text) are V8 "sliced
 * strings": views that keep the whole page alive. A crawl keeps a few of
 * them per URL, so each must be a copy. `(' ' + text).slice(1)` is not one:
 * it copies the text once, then slices that copy again (a 32-byte view kept
 * beside each kept string). A JSON round trip gives one flat string.
 */

/** V8 keeps shorter substrings as copies already. */
const SLICED_FROM_LENGTH = 13;

export function ownCopy(text: string): string {
  return text.length < SLICED_FROM_LENGTH ? text : (JSON.parse(JSON.stringify(text)) as string);
}
