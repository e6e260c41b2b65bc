/**
 * The commands' options, declared once (name, value, default, rule, help)
 * and read by one parser: the help page, the README check and the checks
 * made before a command starts all come from the same declarations.
 *
 * Every value is checked before anything starts, with the Options page's
 * own rules where the extension has the same setting (lib/settings): the
 * robot token, the contact address, the block list, the crawl's limits.
 * A mistyped option gets "did you mean"; `-h`/`--help` anywhere asks for
 * the command's help.
 */
import { phrase, type Phrase } from '../lib/i18n/phrase.ts';
import type { MessageValue } from '../lib/i18n/catalog.ts';
import { closestName } from './did-you-mean.ts';
import { checkValue, type OptionKind, type OptionValue } from './option-values.ts';
import { UsageError } from './usage-error.ts';

export type { OptionKind } from './option-values.ts';

export type OptionSpec = OptionKind & {
  /** The long name, without `--`. */
  name: string;
  /** What the value is, as the help shows it: `<n>`, `<duration>`, `text|json`. */
  value?: string;
  /** Given more than once, every value is kept. */
  multiple?: boolean;
  /** Older spellings still accepted (same value). */
  aliases?: string[];
  help: Phrase;
  /** The default as the help shows it, when it is not the kind's own default. */
  shownDefault?: MessageValue;
};

export interface CommandSpec {
  name: string;
  /** Usage lines after `robotlens `. */
  usage: string[];
  summary: Phrase;
  options: OptionSpec[];
  /** Command lines after `robotlens `. */
  examples: string[];
}

export interface ParsedArgs {
  positionals: string[];
  /** `-h` or `--help` was given: print the command's help, do nothing else. */
  help: boolean;
  /** Options given on the command line (canonical names). */
  given: ReadonlySet<string>;
  flag(name: string): boolean;
  text(name: string): string | undefined;
  list(name: string): string[];
  number(name: string): number;
}

export function parseCommandArgs(args: readonly string[], spec: CommandSpec): ParsedArgs {
  const byName = new Map<string, OptionSpec>();
  for (const option of spec.options)
    for (const name of [option.name, ...(option.aliases ?? [])]) byName.set(name, option);
  const raw = new Map<string, string[]>();
  const positionals: string[] = [];
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const [written, inline] = splitOption(arg);
    const option = byName.get(written.replace(/^--?/, ''));
    if (!option || !written.startsWith('--'))
      throw unknownOption(written, spec, [...byName.keys()]);
    let value: string;
    if (option.kind === 'flag') {
      if (inline !== undefined)
        throw new UsageError(phrase('cliopt_flag_value', { option: written, value: inline }));
      value = 'true';
    } else if (inline !== undefined) value = inline;
    else if (i + 1 < args.length && !isOptionLike(args[i + 1]!)) value = args[++i]!;
    else
      throw new UsageError(
        phrase('cliopt_missing_value', { option: `${written} ${option.value ?? ''}`.trim() }),
      );
    const values = raw.get(option.name) ?? [];
    // A repeated single-valued option: the last one counts, as in most commands.
    raw.set(option.name, option.multiple ? [...values, value] : [value]);
  }
  const checked = new Map<string, OptionValue>();
  if (!help)
    for (const option of spec.options)
      checked.set(option.name, checkValue(option, `--${option.name}`, raw.get(option.name)));
  const get = (name: string) => {
    if (!checked.has(name)) throw new Error(`robotlens ${spec.name} has no option --${name}`);
    return checked.get(name);
  };
  return {
    positionals,
    help,
    given: new Set(raw.keys()),
    flag: (name) => get(name) === true,
    text: (name) => get(name) as string | undefined,
    list: (name) => (get(name) as string[] | undefined) ?? [],
    number: (name) => get(name) as number,
  };
}

/** `--name=value` → [`--name`, `value`]; `--name` → [`--name`, undefined]. */
function splitOption(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return equals < 0 ? [arg, undefined] : [arg.slice(0, equals), arg.slice(equals + 1)];
}

/** A next argument that is itself an option is not taken as a value (`--ua --format json`). */
function isOptionLike(arg: string): boolean {
  return arg.startsWith('--') || arg === '-h';
}

function unknownOption(written: string, spec: CommandSpec, known: string[]): UsageError {
  const bare = written.replace(/^--?/, '');
  const guess = closestName(bare, [...known, 'help', 'lang']);
  const values = { option: written, command: spec.name };
  return new UsageError(
    guess === null
      ? phrase('cliopt_unknown_option', values)
      : phrase('cliopt_unknown_option_guess', { ...values, guess: `--${guess}` }),
  );
}
