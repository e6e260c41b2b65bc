/**
 * The extension's translator: the browser picks the messages of its UI
 * language (falling back to English, the manifest's default_locale), and
 * numbers follow the same language — the UI language itself when it is a
 * regional variant of it (en-GB), else the messages' own (`locale_tag`).
 */
import { browser } from 'wxt/browser';
import { createTranslator, type Translator } from '../lib/i18n/translator.ts';

/**
 * Sentences lib/ says in the command line's words — they name its flags —
 * worded here by the extension's own controls instead (a crawl record keeps
 * the key, so a report reads right wherever it is shown).
 */
export const EXTENSION_WORDING: Readonly<Record<string, string>> = {
  skip_external_not_checked: 'crawlview_skip_external_not_checked',
  skip_max_pages: 'crawlview_skip_max_pages',
};

/**
 * Keys are checked by lib/i18n's types (from en/messages.json), not by WXT's
 * copy of them, which only `wxt prepare` regenerates; plural forms are keys
 * made at run time.
 */
const getMessage = (key: string, substitutions?: string[]): string =>
  (browser.i18n.getMessage as (key: string, substitutions?: string[]) => string)(
    Object.hasOwn(EXTENSION_WORDING, key) ? EXTENSION_WORDING[key]! : key,
    substitutions,
  );

export function browserTranslator(): Translator {
  const messagesLang = getMessage('locale_tag') || 'en';
  const uiLang = browser.i18n.getUILanguage();
  const lang = primary(uiLang) === primary(messagesLang) ? uiLang : messagesLang;
  return createTranslator(lang, getMessage);
}

let shared: Translator | null = null;

/** One translator per context (the background's words for errors, badges and tooltips). */
export function extensionTranslator(): Translator {
  return (shared ??= browserTranslator());
}

function primary(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}
