/**
 * The options that compare crawls and decide the exit code in CI
 * (`--compare`, `--fail-on`), shared by `crawl` and `diff`, and the check
 * of `--fail-on`'s names before anything starts.
 */
import { phrase } from '../../lib/i18n/phrase.ts';
import { needsComparison, parseFailOn } from '../../lib/watch/fail-on.ts';
import { FAIL_CONDITIONS, type FailCondition } from '../../lib/watch/types.ts';
import type { OptionSpec, ParsedArgs } from '../options.ts';
import { UsageError } from '../usage-error.ts';

export const COMPARE_OPTION: OptionSpec = {
  name: 'compare',
  value: '<saved-crawl>',
  kind: 'text',
  help: phrase('cliopt_crawl_compare'),
};

export const FAIL_ON_OPTION: OptionSpec = {
  name: 'fail-on',
  value: '<conditions>',
  kind: 'text',
  help: phrase('cliopt_fail_on', { conditions: FAIL_CONDITIONS.join(', ') }),
};

/**
 * The `--fail-on` conditions (null when not given). Names are checked here
 * so the message is in the reader's language; `comparing` says whether
 * there is a previous crawl for the conditions that need one.
 */
export function failOnOf(args: ParsedArgs, comparing: boolean): FailCondition[] | null {
  const text = args.text('fail-on');
  if (text === undefined) return null;
  const known: readonly string[] = FAIL_CONDITIONS;
  for (const name of text.split(',').map((part) => part.trim()))
    if (name !== '' && !known.includes(name))
      throw new UsageError(phrase('cliopt_fail_on_unknown', { name, known: known.join(', ') }));
  const conditions = parseFailOn(text);
  if (!comparing && needsComparison(conditions)) {
    const needing = conditions.filter((condition) => condition !== 'broken');
    throw new UsageError(phrase('cliopt_fail_on_needs_compare', { conditions: needing.join(',') }));
  }
  return conditions;
}
