/**
 * Characters a page can hide in its text: bidi controls that reorder what
 * is shown around them (U+202E turns `txt.exe` into `exe.txt`), zero-width
 * and other invisible characters that make `no<U+200B>index` look like
 * `noindex`, and control characters. Wherever page data is shown, each is
 * made visible as its code point (`⟨U+202E⟩`) instead of acting.
 *
 * What is revealed: every control (Cc, except tab and newline) and format
 * (Cf) character, the line and paragraph separators, and the letters that
 * render as nothing (Hangul fillers, Khmer inherent vowels, the combining
 * grapheme joiner). What is kept, because text needs it to read right:
 * ZWJ inside an emoji sequence (woman + ZWJ + laptop), ZWJ/ZWNJ between two letters of a
 * script that writes with them (Persian, Indic), and the tag characters of
 * a subdivision flag (black flag + tags + cancel tag).
 */

/** A piece of text: plain, or one invisible character made visible. */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'invisible'; char: string; code: string; name: string };

/** A letter or mark of a script other than Latin, Greek or Cyrillic, which do not join with ZWJ/ZWNJ. */
const JOINING = String.raw`(?:(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])[\p{L}\p{M}])`;
const KEPT = [
  // U+1F3F4 + tag letters + CANCEL TAG: a subdivision flag.
  String.raw`\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}`,
  // ZWJ between two pictographs (an optional VS16 or skin tone after the first).
  String.raw`(?<=\p{Extended_Pictographic}(?:\u{FE0F}|[\u{1F3FB}-\u{1F3FF}])?)\u200D(?=\p{Extended_Pictographic})`,
  String.raw`(?<=${JOINING})(?:\u200C|\u200D)(?=${JOINING})`,
].join('|');
// Combining marks that render as nothing sit outside the class, where a mark cannot seem to combine.
const REVEALED = String.raw`(?![\t\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5`;
const PATTERN = new RegExp(`(${KEPT})|${REVEALED}`, 'gu');

const NAMES: Record<number, string> = {
  0x00ad: 'soft hyphen',
  0x061c: 'Arabic letter mark',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0xfeff: 'zero width no-break space (BOM)',
};

/** `U+202E`: the code point, at least four hex digits, upper case. */
export function codePointLabel(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function nameOf(char: string): string {
  const code = char.codePointAt(0)!;
  if (NAMES[code]) return NAMES[code];
  if (code >= 0xe0000 && code <= 0xe007f) return 'tag character';
  return /\p{Cc}/u.test(char) ? 'control character' : 'invisible character';
}

/** `text` cut into plain runs and the invisible characters between them; `[]` for ''. */
export function splitInvisible(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(PATTERN)) {
    if (match[1] !== undefined) continue;
    const char = match[0];
    if (match.index > plainFrom)
      parts.push({ kind: 'text', text: text.slice(plainFrom, match.index) });
    parts.push({ kind: 'invisible', char, code: codePointLabel(char), name: nameOf(char) });
    plainFrom = match.index + char.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}

/** `text` with every invisible character replaced by `show(char)` — by default `⟨U+202E⟩`. */
export function revealInvisible(
  text: string,
  show: (char: string) => string = (char) => `⟨${codePointLabel(char)}⟩`,
): string {
  return splitInvisible(text)
    .map((part) => (part.kind === 'text' ? part.text : show(part.char)))
    .join('');
}
