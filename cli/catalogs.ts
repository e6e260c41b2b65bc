/**
 * The command line's catalogs: public/_locales/<lang>/messages.json, the
 * extension's own files, read once each; English for any message a
 * language lacks, as the browser does.
 */
import { readFileSync } from 'node:fs';
import { renderMessage, type Catalog } from '../lib/i18n/catalog.ts';
import { createTranslator, type Translator } from '../lib/i18n/translator.ts';
import { packageFile } from './package-root.ts';

export const CLI_LANGUAGES = ['en', 'ko'] as const;
export type CliLanguage = (typeof CLI_LANGUAGES)[number];

const catalogs = new Map<CliLanguage, Catalog>();

function catalog(lang: CliLanguage): Catalog {
  let loaded = catalogs.get(lang);
  if (!loaded) {
    const file = packageFile('public', '_locales', lang, 'messages.json');
    loaded = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
    catalogs.set(lang, loaded);
  }
  return loaded;
}

export function cliTranslator(lang: CliLanguage): Translator {
  return createTranslator(
    lang,
    (key, substitutions) =>
      renderMessage(catalog(lang), key, substitutions) ??
      renderMessage(catalog('en'), key, substitutions),
  );
}
