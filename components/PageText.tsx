/**
 * Text that came from a page, a header or a robots.txt file. Preact makes it
 * text, never markup; on top of that, bidi controls and invisible
 * characters are shown as `⟨U+202E⟩` (lib/text/invisible.ts) instead of
 * reordering or hiding what is around them, and the whole is a `<bdi>`, so
 * even right-to-left letters (a Hebrew title is text, not an attack) stay
 * inside their own box and never move the labels next to them.
 */
import { splitInvisible } from '../lib/text/invisible.ts';

export function PageText({ text }: { text: string }) {
  const parts = splitInvisible(text);
  if (parts.length <= 1 && parts[0]?.kind !== 'invisible') return <bdi>{text}</bdi>;
  return (
    <bdi>
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <span key={index} class="invisible-char" title={`${part.code} ${part.name}`}>
            ⟨{part.code}⟩
          </span>
        ),
      )}
    </bdi>
  );
}
