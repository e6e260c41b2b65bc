/**
 * Page data printed to a terminal must not drive it: a hostile `<title>` can
 * carry escape sequences (clear screen, fake prompts, hyperlinks) or bidi
 * overrides that reorder what is shown. Replace them with visible escapes.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`);
}
