/**
 * Character-reference decoding on demand. Decoding every text node of a 1 MB
 * page costs htmlparser2 about a third of its parse time, and the page facts
 * keep only a handful of strings, so the extractor parses with decoding off
 * and decodes just the strings it keeps, with the decoder htmlparser2 itself
 * uses (the `entities` package), attribute rules included: `&copy=2` stays as
 * written in an attribute. (lib/http/decode-text.ts is the other decoding:
 * bytes to text by charset.)
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities';

/** Decodes the character references of a raw attribute value. */
export function decodeAttributeEntities(raw: string): string {
  return raw.includes('&') ? decodeHTMLAttribute(raw) : raw;
}

/** Decodes the character references of raw text content (a `<` in it stays text). */
export function decodeTextEntities(raw: string): string {
  return raw.includes('&') ? decodeHTML(raw) : raw;
}
