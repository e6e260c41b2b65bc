/**
 * A checkpoint's content with order set aside: a store gives its rows back
 * in key (URL) order, not in the order the crawl kept them, so tests that
 * load a checkpoint back compare it through this.
 */
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';

export function checkpointContent(checkpoint: CrawlCheckpoint) {
  const byUrl = <T>(items: T[], url: (item: T) => string) =>
    [...items].sort((a, b) => url(a).localeCompare(url(b)));
  return {
    ...checkpoint,
    queue: byUrl(checkpoint.queue, (e) => e.url),
    records: byUrl(checkpoint.records, (r) => r.url),
    sources: {
      entries: byUrl(checkpoint.sources.entries, ([url]) => url),
      fine: [...checkpoint.sources.fine].sort(),
    },
    linkGraph: checkpoint.linkGraph && {
      ...checkpoint.linkGraph,
      linkedFrom: byUrl(checkpoint.linkGraph.linkedFrom, ([url]) => url),
      followed: [...checkpoint.linkGraph.followed].sort(),
    },
  };
}
