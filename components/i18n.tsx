/**
 * The translator components read their words from: every user-visible string
 * is a message key (public/_locales), given to `t`. Components stay
 * presentational — the entrypoint provides the translator (built on
 * browser.i18n there, on the catalog files in tests).
 */
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { createTranslator, type Translator } from '../lib/i18n/translator.ts';

/** Without a provider, keys show as themselves: a missing provider is plain to see. */
const I18nContext = createContext<Translator>(createTranslator('en', () => undefined));

export function I18nProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ComponentChildren;
}) {
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

export function useI18n(): Translator {
  return useContext(I18nContext);
}
