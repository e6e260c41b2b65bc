/**
 * The command line's language: `--lang en|ko`, else the system locale
 * (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them; then what Node's
 * Intl reports), else English. Its words come from the extension's own
 * catalogs, public/_locales/<lang>/messages.json — one source for both — with
 * English for any message a language lacks, as the browser does.
 */
import { phrase } from '../lib/i18n/phrase.ts';
import { CLI_LANGUAGES, type CliLanguage } from './catalogs.ts';
import { UsageError } from './usage-error.ts';

export { CLI_LANGUAGES, cliTranslator, type CliLanguage } from './catalogs.ts';

/** `ko_KR.UTF-8`, `ko-KR`, `ko` → `ko`; C, POSIX and languages without messages → null. */
export function supportedLanguage(locale: string | undefined): CliLanguage | null {
  const primary = (locale ?? '').split(/[_.@-]/)[0]!.toLowerCase();
  return (CLI_LANGUAGES as readonly string[]).includes(primary) ? (primary as CliLanguage) : null;
}

/**
 * The language the environment asks for: the first locale variable set,
 * else Intl's locale. Intl is asked only then: its first DateTimeFormat
 * loads the time zone data, ~25 ms of every run's start.
 */
export function languageFromEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  intlLocale?: string,
): CliLanguage {
  const set = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find(
    (value) => value !== undefined && value !== '',
  );
  if (set !== undefined) return supportedLanguage(set) ?? 'en';
  const locale = intlLocale ?? Intl.DateTimeFormat().resolvedOptions().locale;
  return supportedLanguage(locale) ?? 'en';
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
