/**
 * What the URL parser silently drops from a URL as written: leading and
 * trailing C0 controls and spaces, and every tab or newline inside (so an
 * `href` wrapped over two lines still works). Done by hand, not by regex,
 * because control-character regexes are easy to get wrong.
 */

/** `raw` as the URL parser reads it. */
export function stripUrlWhitespace(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && raw.charCodeAt(start) <= 0x20) start++;
  while (end > start && raw.charCodeAt(end - 1) <= 0x20) end--;
  const trimmed = start === 0 && end === raw.length ? raw : raw.slice(start, end);
  return /[\t\n\r]/.test(trimmed) ? trimmed.replace(/[\t\n\r]/g, '') : trimmed;
}
