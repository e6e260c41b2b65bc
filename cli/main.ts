/**
 * `robotlens <command>`: the command line over the same lib/ as the
 * extension. Each command lives in cli/commands/ and returns its exit code.
 * Text output is in the user's language (cli/i18n.ts); JSON and CSV are
 * data, the same in every language.
 */
import type { Translator } from '../lib/i18n/translator.ts';
import { runCrawl } from './commands/crawl.ts';
import { runDemo } from './commands/demo.ts';
import { runPage } from './commands/page.ts';
import { runRobots } from './commands/robots.ts';
import { cliTranslator, languageFromEnvironment, takeLanguageFlag } from './i18n.ts';
import { phrase } from '../lib/i18n/phrase.ts';
import { UsageError } from './usage-error.ts';

type Command = (args: string[], i18n: Translator) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  page: runPage,
  robots: runRobots,
  crawl: runCrawl,
  demo: runDemo,
};

export async function main(argv: string[]): Promise<number> {
  let i18n = cliTranslator(languageFromEnvironment());
  let args: string[];
  try {
    const taken = takeLanguageFlag(argv);
    if (taken.lang) i18n = cliTranslator(taken.lang);
    args = taken.rest;
  } catch (error) {
    return fail(error, i18n);
  }
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(i18n.t('cli_help'));
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    const { VERSION } = await import('../lib/identity.ts');
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) return fail(new UsageError(phrase('cli_unknown_command', { name })), i18n);
  try {
    return await command(rest, i18n);
  } catch (error) {
    return fail(error, i18n);
  }
}

function fail(error: unknown, { say }: Translator): number {
  const message =
    error instanceof UsageError && error.phrase
      ? say(error.phrase)
      : error instanceof Error
        ? error.message
        : String(error);
  process.stderr.write(`robotlens: ${message}\n`);
  return 2;
}
