/**
 * What changed between two crawls of a site.
 * PLACEHOLDER of the contract: the watch-core branch implements it.
 */
import type { CrawlChanges, CrawlSnapshot } from './types.ts';

/** Changes from `before` to `after` (the same site; URLs compared as the reports spell them). */
export function compareCrawls(_before: CrawlSnapshot, _after: CrawlSnapshot): CrawlChanges {
  throw new Error('compareCrawls: not built yet');
}
