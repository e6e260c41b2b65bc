/**
 * Which reason sources the Page tab shows. A source says where a reason
 * comes from; when everything it names is already in the words above it (a
 * robots.txt that answered 503 is named in the reason, and again in the
 * note after it), it is left out, so one sentence is not read four times.
 */
import { isPhrase, type Phrase } from '../lib/i18n/phrase.ts';
import type { Translator } from '../lib/i18n/translator.ts';

export interface ShownReason {
  detail: Phrase;
  /** The text found, as written, or words (a phrase). */
  source: string | Phrase;
}

/** Each reason's source text, or null where it would only repeat what is shown before it. */
export function sourcesToShow(
  reasons: readonly ShownReason[],
  { say }: Translator,
): (string | null)[] {
  const shown: string[] = [];
  return reasons.map((reason) => {
    shown.push(say(reason.detail));
    const source = isPhrase(reason.source) ? say(reason.source) : reason.source;
    const names = isPhrase(reason.source) ? namesIn(reason.source, say) : [source];
    const repeats =
      shown.some((text) => text.includes(source)) ||
      (names.length > 0 && names.every((name) => shown.some((text) => text.includes(name))));
    if (repeats) return null;
    shown.push(source);
    return source;
  });
}

/**
 * The sentences a source phrase wraps (`robots.txt: <why>`): a source made
 * only of them repeats them. Bare values (a line number, a tag as written)
 * are never taken as said elsewhere.
 */
function namesIn(source: Phrase, say: Translator['say']): string[] {
  const values = Object.values(source.values);
  const sentences = values.filter(isPhrase);
  return sentences.length > 0 && sentences.length === values.length ? sentences.map(say) : [];
}
