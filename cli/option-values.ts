/**
 * The kinds of option values and their rules. Where the extension has the
 * same setting, the rule is the Options page's own (lib/settings), so a
 * value the Options page refuses is refused here too.
 */
import { existsSync, accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { MessageValue } from '../lib/i18n/catalog.ts';
import { phrase, type Phrase } from '../lib/i18n/phrase.ts';
import { blockListSizeProblem, blockPatternProblem } from '../lib/settings/block-list.ts';
import { emailProblem } from '../lib/settings/email.ts';
import { robotProblem } from '../lib/settings/field-rules.ts';
import { formatDuration, parseDuration } from './duration.ts';
import { UsageError } from './usage-error.ts';

export type OptionKind =
  | { kind: 'flag' }
  | { kind: 'count'; min: number; max: number; default: number }
  | { kind: 'duration'; minMs: number; maxMs: number; defaultMs: number }
  | { kind: 'choice'; choices: readonly string[]; default: string }
  /** A robot's product token (googlebot, *, RobotLens). */
  | { kind: 'robot'; default: string }
  /** The `From` contact address. */
  | { kind: 'email' }
  /** Block-list patterns (lib/url/url-pattern.ts). */
  | { kind: 'block' }
  /** A file written (report, crawl state): its folder must exist and be writable. */
  | { kind: 'output-file' }
  /** Taken as given; the command reads it (a file to read, a URL or path to test). */
  | { kind: 'text'; default?: string };

export type OptionValue = string | string[] | number | boolean | undefined;

interface Named {
  kind: OptionKind['kind'];
  multiple?: boolean;
}

/** The value to use: `given` checked and converted, else the default. Throws a UsageError. */
export function checkValue(
  option: OptionKind & Named,
  name: string,
  given: string[] | undefined,
): OptionValue {
  if (option.kind === 'flag') return given !== undefined;
  if (option.kind === 'block') return checkBlockList(name, given ?? []);
  if (given === undefined) return option.multiple ? [] : defaultOf(option);
  const checked = given.map((value) => checkOne(option, name, value));
  return option.multiple ? (checked as string[]) : checked[0];
}

function defaultOf(option: OptionKind): OptionValue {
  switch (option.kind) {
    case 'count':
    case 'choice':
    case 'robot':
    case 'text':
      return option.default;
    case 'duration':
      return option.defaultMs;
    default:
      return undefined;
  }
}

function checkOne(option: OptionKind, name: string, value: string): string | number {
  const refuse = (problem: Phrase) =>
    new UsageError(phrase('cliopt_value_problem', { option: name, value, problem }));
  switch (option.kind) {
    case 'count': {
      const n = /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : null;
      if (n === null) throw new UsageError(phrase('cliopt_bad_count', { option: name, value }));
      return inRange(name, value, n, option.min, option.max, (count) => count);
    }
    case 'duration': {
      const ms = parseDuration(value);
      if (ms === null) throw new UsageError(phrase('cliopt_bad_duration', { option: name, value }));
      return inRange(name, value, ms, option.minMs, option.maxMs, formatDuration);
    }
    case 'choice':
      if (!option.choices.includes(value))
        throw new UsageError(
          phrase('cli_bad_format', { allowed: option.choices.join(', '), value }),
        );
      return value;
    case 'robot': {
      const problem = robotProblem(value.trim());
      if (problem) throw refuse(problem);
      return value.trim();
    }
    case 'email': {
      const problem = emailProblem(value.trim());
      if (problem) throw refuse(problem);
      return value.trim();
    }
    case 'output-file':
      checkWritableFolder(name, value);
      return value;
    default:
      return value;
  }
}

function inRange(
  name: string,
  value: string,
  n: number,
  min: number,
  max: number,
  show: (n: number) => MessageValue,
): number {
  if (n < min || n > max)
    throw new UsageError(
      phrase('cliopt_out_of_range', { option: name, value, min: show(min), max: show(max) }),
    );
  return n;
}

function checkBlockList(name: string, patterns: string[]): string[] {
  const kept: string[] = [];
  for (const given of patterns) {
    const pattern = given.trim();
    const problem = pattern === '' ? phrase('options_error_empty') : blockPatternProblem(pattern);
    if (problem)
      throw new UsageError(phrase('cliopt_value_problem', { option: name, value: given, problem }));
    if (!kept.includes(pattern)) kept.push(pattern);
  }
  const size = blockListSizeProblem(kept);
  if (size) throw new UsageError(phrase('cliopt_list_problem', { option: name, problem: size }));
  return kept;
}

/** Refused before anything starts, rather than failing after the crawl when the file is written. */
function checkWritableFolder(name: string, file: string): void {
  const folder = path.dirname(path.resolve(file));
  if (existsSync(file) && statSync(file).isDirectory())
    throw new UsageError(phrase('cliopt_is_folder', { option: name, file }));
  try {
    if (!statSync(folder).isDirectory()) throw new Error('not a folder');
    accessSync(folder, constants.W_OK);
  } catch {
    throw new UsageError(phrase('cliopt_no_folder', { option: name, file, folder }));
  }
}
