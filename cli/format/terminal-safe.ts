/**
 * Page data printed to a terminal must not drive it: a hostile `<title>` can
 * carry escape sequences (clear screen, fake prompts, hyperlinks) or bidi
 * overrides that reorder what is shown. The characters the extension shows
 * as `⟨U+202E⟩` (lib/text/invisible.ts) are printed as `\u{202e}`.
 */
import { revealInvisible } from '../../lib/text/invisible.ts';

const escaped = (char: string) => `\\u{${char.codePointAt(0)!.toString(16)}}`;

export function terminalSafe(text: string): string {
  return revealInvisible(text, escaped);
}
