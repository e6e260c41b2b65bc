/**
 * English for data: the report page's CSV and JSON exports are the same
 * in every language (README "Languages"), worded from the same catalog the
 * English UI reads, so the two cannot drift apart. Loaded by the pages that
 * export, never by the background (lib/ carries phrases, not text).
 */
import catalog from '../public/_locales/en/messages.json' with { type: 'json' };
import type { Catalog } from '../lib/i18n/catalog.ts';
import { renderMessage } from '../lib/i18n/catalog.ts';
import type { Phrase } from '../lib/i18n/phrase.ts';
import { createTranslator, type Translator } from '../lib/i18n/translator.ts';

export const englishCatalog: Catalog = catalog;

export const englishTranslator: Translator = createTranslator('en', (key, substitutions) =>
  renderMessage(englishCatalog, key, substitutions),
);

/** The English text of a phrase. */
export function english(phrase: Phrase): string {
  return englishTranslator.say(phrase);
}
