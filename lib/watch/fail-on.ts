/**
 * `--fail-on`: named conditions that decide a crawl's exit code in CI. They
 * replace the default rule (any broken link fails), so `--fail-on new-broken`
 * passes when only broken links already known before remain.
 */
import { FAIL_CONDITIONS, type CrawlChanges, type FailCondition } from './types.ts';

const KNOWN: ReadonlySet<string> = new Set(FAIL_CONDITIONS);

/** `new-broken,noindex-change` → the conditions; throws on an unknown name (the message lists the known ones). */
export function parseFailOn(text: string): FailCondition[] {
  const conditions: FailCondition[] = [];
  for (const item of text.split(',')) {
    const name = item.trim();
    if (name === '') continue;
    if (!KNOWN.has(name)) {
      throw new Error(
        `unknown --fail-on condition "${name.slice(0, 80)}" (known: ${FAIL_CONDITIONS.join(', ')})`,
      );
    }
    const condition = name as FailCondition;
    if (!conditions.includes(condition)) conditions.push(condition);
  }
  return conditions;
}

/** Conditions that need a previous crawl (`--compare`). */
export function needsComparison(conditions: FailCondition[]): boolean {
  return conditions.some((condition) => condition !== 'broken');
}

/**
 * The conditions that hold. `siteBroken`: broken links the crawl found (the
 * default exit rule's count); `changes`: null without a comparison, and then
 * no comparison condition holds (the command line refuses that combination first).
 */
export function failedConditions(
  conditions: FailCondition[],
  facts: { siteBroken: number; changes: CrawlChanges | null },
): FailCondition[] {
  return conditions.filter((condition) => holds(condition, facts));
}

function holds(
  condition: FailCondition,
  { siteBroken, changes }: { siteBroken: number; changes: CrawlChanges | null },
): boolean {
  if (condition === 'broken') return siteBroken > 0;
  if (changes === null) return false;
  switch (condition) {
    case 'new-broken':
      return changes.broken.added.length > 0;
    case 'noindex-change':
      return changes.indexability.lost.length > 0;
    case 'robots-change':
      return changes.robots.length > 0;
    case 'new-redirect':
      return changes.redirects.added.length > 0;
    case 'new-trap':
      return changes.traps.added.length > 0;
    case 'sitemap-change':
      return changes.sitemap !== null;
    default:
      return condition satisfies never;
  }
}
