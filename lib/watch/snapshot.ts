/**
 * A crawl's snapshot: what of its report a later crawl is compared with.
 * PLACEHOLDER of the contract: the watch-core branch implements it.
 */
import type { CrawlReport } from '../crawl/report.ts';
import type { CrawlSnapshot } from './types.ts';

/** The snapshot of a report just built (or read back from a saved JSON report). */
export function snapshotOfReport(_report: CrawlReport): CrawlSnapshot {
  throw new Error('snapshotOfReport: not built yet');
}

/**
 * A saved crawl read from a file: the JSON `robotlens crawl --format json`
 * writes (any version since 0.x; fields added later may be absent), checked
 * field by field. Throws an Error whose message says what is wrong.
 */
export function snapshotOfSavedReport(_json: unknown): CrawlSnapshot {
  throw new Error('snapshotOfSavedReport: not built yet');
}
