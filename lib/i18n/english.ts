/**
 * lib/'s English: the same catalog the extension's English UI reads, so the
 * English in JSON output and the English on screen cannot drift apart.
 */
import catalog from '../../public/_locales/en/messages.json' with { type: 'json' };
import type { Catalog, MessageKey, ValuesArg } from './catalog.ts';
import { phrase as makePhrase, type Phrase } from './phrase.ts';
import { createTranslator } from './translator.ts';
import { renderMessage } from './catalog.ts';

export const englishCatalog: Catalog = catalog;

const translator = createTranslator('en', (key, substitutions) =>
  renderMessage(englishCatalog, key, substitutions),
);

/** The English text of a phrase. */
export function english(phrase: Phrase): string {
  return translator.say(phrase);
}

/** A reason as records carry it: the phrase, and its English for JSON output. */
export function because(reason: Phrase): { reason: string; reasonPhrase: Phrase } {
  return { reason: english(reason), reasonPhrase: reason };
}

/** A phrase and its English text, for results that carry both. */
export function sentence<K extends MessageKey>(
  key: K,
  ...values: ValuesArg<K>
): { phrase: Phrase<K>; text: string } {
  const made = makePhrase(key, ...values);
  return { phrase: made, text: english(made) };
}
