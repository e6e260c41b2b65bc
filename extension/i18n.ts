/**
 * The extension's translator: the browser picks the messages of its UI
 * language (falling back to English, the manifest's default_locale), and
 * numbers follow the same language — the UI language itself when it is a
 * regional variant of it (en-GB), else the messages' own (`locale_tag`).
 */
import { browser } from 'wxt/browser';
import type { MessageKey } from '../lib/i18n/catalog.ts';
import { createTranslator, type Translator } from '../lib/i18n/translator.ts';

export function browserTranslator(): Translator {
  const messagesLang = browser.i18n.getMessage('locale_tag') || 'en';
  const uiLang = browser.i18n.getUILanguage();
  const lang = primary(uiLang) === primary(messagesLang) ? uiLang : messagesLang;
  return createTranslator(lang, (key, substitutions) =>
    // The lookup takes keys made at run time (plural forms); lib/i18n types the callers.
    browser.i18n.getMessage(key as MessageKey, substitutions),
  );
}

function primary(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}
