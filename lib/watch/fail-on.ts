/**
 * `--fail-on`: named conditions that decide a crawl's exit code in CI.
 * PLACEHOLDER of the contract: the watch-core branch implements it.
 */
import type { CrawlChanges, FailCondition } from './types.ts';

/** `new-broken,noindex-change` → the conditions; throws on an unknown name (the message lists the known ones). */
export function parseFailOn(_text: string): FailCondition[] {
  throw new Error('parseFailOn: not built yet');
}

/** Conditions that need a previous crawl (`--compare`). */
export function needsComparison(_conditions: FailCondition[]): boolean {
  throw new Error('needsComparison: not built yet');
}

/**
 * The conditions that hold. `siteBroken`: broken links the crawl found (the
 * default exit rule's count); `changes`: null without a comparison.
 */
export function failedConditions(
  _conditions: FailCondition[],
  _facts: { siteBroken: number; changes: CrawlChanges | null },
): FailCondition[] {
  throw new Error('failedConditions: not built yet');
}
