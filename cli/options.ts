/** Shared option parsing for the commands: strict, with clear usage errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { phrase, type Phrase } from '../lib/i18n/phrase.ts';
import { UsageError } from './usage-error.ts';

export type OutputFormat = 'text' | 'json';

export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function parseFormat(
  value: string | undefined,
  allowed: readonly string[] = ['text', 'json'],
): OutputFormat {
  const format = value ?? 'text';
  if (!allowed.includes(format)) {
    throw new UsageError(phrase('cli_bad_format', { allowed: allowed.join(', '), value: format }));
  }
  return format as OutputFormat;
}

export function parsePositiveInt(
  name: string,
  value: string | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new UsageError(phrase('cli_not_positive', { name, value }));
  }
  return number;
}

/** An absolute http(s) URL, or a bare host that gets `https://`. */
export function parseTargetUrl(
  value: string | undefined,
  what: Phrase = phrase('cli_what_url'),
): string {
  if (!value) throw new UsageError(phrase('cli_missing', { what }));
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new UsageError(phrase('cli_invalid_url', { value }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(phrase('cli_not_http', { value }));
  }
  return url.href;
}
