/** Renders an extension page's app in the browser's UI language (messages, numbers, `<html lang>`). */
import { render, type ComponentChildren } from 'preact';
import { I18nProvider } from '../components/i18n.tsx';
import { browserTranslator } from './i18n.ts';

export function renderPage(app: ComponentChildren): void {
  const translator = browserTranslator();
  document.documentElement.lang = translator.lang;
  render(
    <I18nProvider translator={translator}>{app}</I18nProvider>,
    document.getElementById('app')!,
  );
}
