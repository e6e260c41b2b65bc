/**
 * `--fail-on`: the named conditions replace the default exit rule. Exit 1
 * ("failed") when one of them holds, else 0; the ones that held are named
 * on stderr with their counts, so a red CI job says why
 * ("robotlens: failing because: new-broken (1), noindex-change (1)").
 */
import type { Translator } from '../../lib/i18n/translator.ts';
import { conditionCount, failedConditions } from '../../lib/watch/fail-on.ts';
import type { CrawlChanges, FailCondition } from '../../lib/watch/types.ts';

export const FAILED_EXIT = 1;
export const PASSED_EXIT = 0;

export interface FailFacts {
  /** Broken links the crawl found (the default rule's count); 0 for `diff`, which crawls nothing. */
  siteBroken: number;
  changes: CrawlChanges | null;
}

/** The exit code `--fail-on` gives, after naming on stderr the conditions that held. */
export function failOnExit(
  conditions: FailCondition[],
  facts: FailFacts,
  { t }: Translator,
  write: (line: string) => void = (line) => process.stderr.write(line),
): number {
  const failed = failedConditions(conditions, facts);
  if (failed.length === 0) return PASSED_EXIT;
  const named = failed.map((condition) => `${condition} (${conditionCount(condition, facts)})`);
  write(`robotlens: ${t('cli_failing_because', { conditions: named.join(', ') })}\n`);
  return FAILED_EXIT;
}
