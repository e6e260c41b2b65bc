/**
 * A long URL shown by its start and its end: a 3,000-character URL would
 * take twenty lines of a table. The middle stays in the page (hidden from
 * sight, not from copying or screen readers), and the whole is the tooltip.
 */

/** URLs up to this many characters are shown whole. */
export const URL_SHOWN_CHARS = 120;
/** Of a longer one: this many from its start, and from its end (the end tells pages apart). */
const HEAD_CHARS = 60;
const TAIL_CHARS = 30;

export interface ElidedUrl {
  head: string;
  middle: string;
  tail: string;
}

/** Null when the URL is short enough to show whole. Counts code points, so no character is cut in two. */
export function elideUrl(url: string, maxChars = URL_SHOWN_CHARS): ElidedUrl | null {
  const chars = Array.from(url);
  if (chars.length <= maxChars) return null;
  const head = Math.min(HEAD_CHARS, maxChars - TAIL_CHARS);
  return {
    head: chars.slice(0, head).join(''),
    middle: chars.slice(head, chars.length - TAIL_CHARS).join(''),
    tail: chars.slice(chars.length - TAIL_CHARS).join(''),
  };
}
