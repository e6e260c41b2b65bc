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
  facts: { siteBroken: number; changes: CrawlChanges | null },
): boolean {
  return conditionCount(condition, facts) > 0;
}

/** How many of a condition's kind there are (0: it does not hold); shown beside its name. */
export function conditionCount(
  condition: FailCondition,
  { siteBroken, changes }: { siteBroken: number; changes: CrawlChanges | null },
): number {
  if (condition === 'broken') return siteBroken;
  if (changes === null) return 0;
  const { sitemap } = changes;
  switch (condition) {
    case 'new-broken':
      return changes.broken.added.length;
    case 'noindex-change':
      return changes.indexability.lost.length;
    case 'robots-change':
      return changes.robots.length;
    case 'new-redirect':
      return changes.redirects.added.length;
    case 'new-trap':
      return changes.traps.added.length;
    case 'sitemap-change':
      // A sitemap change is only recorded when something in it changed.
      return sitemap
        ? sitemap.urlsAdded.length +
            sitemap.urlsRemoved.length +
            sitemap.sitemapsAdded.length +
            sitemap.sitemapsRemoved.length
        : 0;
    default:
      return condition satisfies never;
  }
}
