/**
 * `robotlens <command>`: the command line over the same lib/ as the
 * extension. Each command lives in cli/commands/ and returns its exit code.
 * Text output is in the user's language (cli/i18n.ts); JSON and CSV are
 * data, the same in every language.
 */
import type { Translator } from '../lib/i18n/translator.ts';
import { formatCommandHelp } from './command-help.ts';
import { COMMANDS } from './commands/index.ts';
import { closestName } from './did-you-mean.ts';
import { cliTranslator, languageFromEnvironment, takeLanguageFlag } from './i18n.ts';
import { phrase } from '../lib/i18n/phrase.ts';
import { UsageError } from './usage-error.ts';

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
  if (name === undefined || name === '--help' || name === '-h' || (name === 'help' && !rest[0])) {
    process.stdout.write(i18n.t('cli_help'));
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    const { VERSION } = await import('../lib/identity.ts');
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  // `robotlens help crawl` is `robotlens crawl --help`.
  const [commandName, commandArgs] = name === 'help' ? [rest[0] ?? '', ['--help']] : [name, rest];
  const command = Object.hasOwn(COMMANDS, commandName) ? COMMANDS[commandName] : undefined;
  if (!command) return fail(unknownCommand(commandName), i18n);
  if (asksForHelp(commandArgs)) {
    process.stdout.write(formatCommandHelp(command.spec, i18n));
    return 0;
  }
  try {
    return await command.run(commandArgs, i18n);
  } catch (error) {
    return fail(error, i18n);
  }
}

/** `-h` or `--help` before any `--` (after it, they are positional arguments). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '-h' || arg === '--help');
}

function unknownCommand(name: string): UsageError {
  const guess = closestName(name, Object.keys(COMMANDS));
  return new UsageError(
    guess === null
      ? phrase('cli_unknown_command', { name })
      : phrase('cliopt_unknown_command_guess', { name, guess }),
  );
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
