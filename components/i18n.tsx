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

/** Stands for an element in a message (word order differs between languages). */
export const SLOT = '\u2063';

/** A message given `SLOT` as a value, with the element put where the language puts it. */
export function withSlot(text: string, element: ComponentChildren) {
  const at = text.indexOf(SLOT);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      {element}
      {text.slice(at + SLOT.length)}
    </>
  );
}
