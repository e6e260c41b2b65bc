/**
 * Page data (titles, anchor texts, URLs) put into Markdown that GitHub
 * renders in a job summary or a pull-request comment: hostile input must
 * stay text — no table cell split by `|`, no `<img>` or `<script>` tag, no
 * link or emphasis made from it. The characters that make them are
 * backslash-escaped (data is only ever put in a table cell or after a list
 * bullet, where `#`, `-` and `1.` start nothing), `<` and `&` written as entities, line breaks as a
 * space, invisible and control characters shown as `\u{…}`.
 */
import { revealInvisible } from '../../lib/text/invisible.ts';

const escaped = (char: string) => `\\u{${char.codePointAt(0)!.toString(16)}}`;

export function markdownText(text: string): string {
  return revealInvisible(text.replace(/[\r\n]+/g, ' '), escaped)
    .replace(/\p{Cc}/gu, escaped)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~]/g, (char) => `\\${char}`);
}

/** A fenced code block whose fence is longer than any run of backticks in `text`. */
export function markdownFence(language: string, text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const body = revealInvisible(text, escaped).replace(/\p{Cc}/gu, (char) =>
    char === '\n' ? char : escaped(char),
  );
  return `${fence}${language}\n${body}\n${fence}`;
}
