/**
 * `robotlens <command> --help`: usage, what the command does, every option
 * with its value, default and units, and examples — all from the command's
 * option declarations, so the help cannot forget an option.
 */
import type { MessageValue } from '../lib/i18n/catalog.ts';
import { phrase } from '../lib/i18n/phrase.ts';
import type { Translator } from '../lib/i18n/translator.ts';
import { formatDuration } from './duration.ts';
import type { CommandSpec, OptionSpec } from './options.ts';

/** Text wraps at this column; the option column is at most a third of it. */
const WIDTH = 100;
const NBSP = '\u00a0';

export function formatCommandHelp(spec: CommandSpec, i18n: Translator): string {
  const { t, say } = i18n;
  const out = [t('cliopt_help_usage')];
  for (const line of spec.usage) out.push(`  robotlens ${line}`);
  out.push('', ...wrap(say(spec.summary), WIDTH, ''), '');
  if (spec.options.length > 0) {
    out.push(t('cliopt_help_options'));
    const left = spec.options.map(optionColumn);
    const column = Math.min(Math.max(...left.map((l) => l.length)) + 4, Math.floor(WIDTH / 3));
    spec.options.forEach((option, index) => {
      const text = describe(option, i18n);
      const head = `  ${left[index]}`;
      const lines = wrap(text, WIDTH - column, ' '.repeat(column));
      if (head.length + 2 <= column) out.push(head.padEnd(column) + lines[0]!.trimStart());
      else out.push(head, lines[0]!);
      out.push(...lines.slice(1));
    });
    out.push('');
  }
  if (spec.options.some((o) => o.kind === 'duration'))
    out.push(...wrap(t('cliopt_help_durations'), WIDTH, ''));
  out.push(...wrap(t('cliopt_help_common'), WIDTH, ''), '');
  out.push(t('cliopt_help_examples'));
  for (const example of spec.examples) out.push(`  robotlens ${example}`);
  return `${out.join('\n')}\n`;
}

/** `--delay <duration>`, `--sitemaps`. */
export function optionColumn(option: OptionSpec): string {
  return option.value ? `--${option.name} ${option.value}` : `--${option.name}`;
}

function describe(option: OptionSpec, { t, say }: Translator): string {
  const parts = [say(option.help)];
  const shown = defaultShown(option);
  // The default stays on one line: its words are joined by no-break spaces until wrapped.
  if (shown !== null) parts.push(t('cliopt_help_default', { value: shown }).replace(/ /g, NBSP));
  if (option.multiple) parts.push(t('cliopt_help_repeat'));
  if (option.aliases?.length)
    parts.push(t('cliopt_help_alias', { names: option.aliases.map((a) => `--${a}`) }));
  return parts.join(' ');
}

/** The default in the option's own units; null for flags, which are off unless given. */
export function defaultShown(option: OptionSpec): MessageValue | null {
  if (option.shownDefault !== undefined) return option.shownDefault;
  switch (option.kind) {
    case 'flag':
      return null;
    case 'count':
    case 'choice':
    case 'robot':
      return String(option.default);
    case 'duration':
      return formatDuration(option.defaultMs);
    case 'text':
      return option.default ?? phrase('cliopt_default_none');
    default:
      return phrase('cliopt_default_none');
  }
}

/** Words into lines of at most `width` characters, each after `indent`. */
function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line !== '' && displayWidth(line) + 1 + displayWidth(word) > width) {
        lines.push(indent + line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    lines.push(indent + line);
  }
  return lines.map((line) => line.replaceAll(NBSP, ' '));
}

/** Hangul, CJK and full-width forms take two columns of a terminal. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;

function displayWidth(text: string): number {
  return text.length + (text.match(WIDE)?.length ?? 0);
}
