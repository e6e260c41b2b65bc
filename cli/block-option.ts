/**
 * `--block <pattern>`: the crawl's block list from the command line, each
 * pattern checked as the Options page checks a line (lib/settings/block-list),
 * so a pattern RE2 cannot run is refused before anything is fetched, named
 * with the engine's words and what RE2 lacks.
 */
import { phrase } from '../lib/i18n/phrase.ts';
import { blockPatternProblem } from '../lib/settings/block-list.ts';
import { UsageError } from './usage-error.ts';

export function parseBlockOption(values: readonly string[] | undefined): string[] {
  const patterns: string[] = [];
  for (const raw of values ?? []) {
    const pattern = raw.trim();
    const problem = pattern === '' ? phrase('options_error_empty') : blockPatternProblem(pattern);
    if (problem !== null)
      throw new UsageError(phrase('block_pattern_cli_invalid', { pattern: raw, problem }));
    if (!patterns.includes(pattern)) patterns.push(pattern);
  }
  return patterns;
}
