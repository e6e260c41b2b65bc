/**
 * Text from pages (anchor texts, URLs) put into XML. XML 1.0 allows no
 * control characters but tab, line feed and carriage return, not even
 * escaped, and no unpaired surrogates: a hostile anchor text with ESC or
 * NUL would make the whole JUnit file unreadable to CI. Those characters
 * are written as a visible `\u{1b}`, a lone surrogate as U+FFFD; the five
 * markup characters are escaped, and in attributes the kept whitespace too
 * (an attribute's line breaks would otherwise become spaces).
 */

/** Control characters (tab, line feed, carriage return kept; DEL and C1 shown too) and non-characters. */
const CONTROL_OR_NONCHAR = /[\p{Cc}\uFFFE\uFFFF]/gu;
const KEPT = new Set(['\t', '\n', '\r']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MARKUP: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

function allowed(text: string): string {
  return text
    .replace(CONTROL_OR_NONCHAR, (char) =>
      KEPT.has(char) ? char : `\\u{${char.codePointAt(0)!.toString(16)}}`,
    )
    .replace(LONE_SURROGATE, '\uFFFD');
}

/** Character data between tags. */
export function xmlText(text: string): string {
  return allowed(text).replace(/[&<>]/g, (char) => MARKUP[char]!);
}

/** An attribute value (written between double quotes). */
export function xmlAttribute(text: string): string {
  return allowed(text).replace(/[&<>"'\t\n\r]/g, (char) => MARKUP[char]!);
}
