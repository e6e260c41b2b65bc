/**
 * Character-reference decoding on demand. Decoding every text node of a 1 MB
 * page costs htmlparser2 about a third of its parse time, and the page facts
 * keep only a handful of strings, so the extractor parses with decoding off
 * and decodes just the strings it keeps. The decoding is still htmlparser2's
 * own (attribute rules included: `&copy=2` stays as written in an attribute),
 * run on a tiny synthetic page.
 */
import { Parser } from 'htmlparser2';

/** Decodes a raw attribute value. */
export function decodeAttribute(raw: string): string {
  if (!raw.includes('&')) return raw;
  let value = raw;
  const parser = new Parser(
    { onattribute: (_name, decoded) => (value = decoded) },
    { decodeEntities: true },
  );
  // `"` cannot end the value early once written as a reference, which decodes back to `"`.
  parser.end(`<x a="${raw.replaceAll('"', '&quot;')}">`);
  return value;
}

/** Decodes raw text content (read as `<title>` RCDATA, so a `<` in it stays text). */
export function decodeText(raw: string): string {
  if (!raw.includes('&')) return raw;
  const chunks: string[] = [];
  const parser = new Parser({ ontext: (text) => chunks.push(text) }, { decodeEntities: true });
  // Left unclosed on purpose: the raw text cannot contain `</title`, and an open title keeps `<` literal.
  parser.end(`<title>${raw}`);
  return chunks.join('');
}
