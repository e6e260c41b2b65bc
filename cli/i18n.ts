/**
 * The command line's language: `--lang en|ko`, else the system locale
 * (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them; then what Node's
 * Intl reports), else English. Its words come from the extension's own
 * catalogs, public/_locales/<lang>/messages.json — one source for both — with
 * English for any message a language lacks, as the browser does.
 */
import { readFileSync } from 'node:fs';
import { renderMessage, type Catalog } from '../lib/i18n/catalog.ts';
import { phrase } from '../lib/i18n/phrase.ts';
import { createTranslator, type Translator } from '../lib/i18n/translator.ts';
import { packageFile } from './package-root.ts';
import { UsageError } from './usage-error.ts';

export const CLI_LANGUAGES = ['en', 'ko'] as const;
export type CliLanguage = (typeof CLI_LANGUAGES)[number];

/** `ko_KR.UTF-8`, `ko-KR`, `ko` → `ko`; C, POSIX and languages without messages → null. */
export function supportedLanguage(locale: string | undefined): CliLanguage | null {
  const primary = (locale ?? '').split(/[_.@-]/)[0]!.toLowerCase();
  return (CLI_LANGUAGES as readonly string[]).includes(primary) ? (primary as CliLanguage) : null;
}

/** The language the environment asks for: the first locale variable set, else Intl's locale. */
export function languageFromEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  intlLocale: string = Intl.DateTimeFormat().resolvedOptions().locale,
): CliLanguage {
  const set = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find(
    (value) => value !== undefined && value !== '',
  );
  if (set !== undefined) return supportedLanguage(set) ?? 'en';
  return supportedLanguage(intlLocale) ?? 'en';
}

/** Takes `--lang <l>` or `--lang=<l>` out of the arguments, wherever it is. */
export function takeLanguageFlag(argv: string[]): { lang: CliLanguage | null; rest: string[] } {
  const rest: string[] = [];
  let lang: CliLanguage | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg !== '--lang' && !arg.startsWith('--lang=')) {
      rest.push(arg);
      continue;
    }
    const value = arg === '--lang' ? argv[++i] : arg.slice('--lang='.length);
    const supported =
      value === undefined ? null : (CLI_LANGUAGES as readonly string[]).includes(value);
    if (!supported)
      throw new UsageError(
        phrase('cli_bad_lang', { value: value ?? '', languages: CLI_LANGUAGES.join(', ') }),
      );
    lang = value as CliLanguage;
  }
  return { lang, rest };
}

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
