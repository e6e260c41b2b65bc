/** Crawl counters, from a live crawl or from a stored checkpoint alike. */
import { isHtml } from '../http/content-type.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';
import type { CrawlStats, UrlRecord } from './types.ts';

export interface StatsInput {
  records: Iterable<UrlRecord>;
  queued: number;
  inFlight: number;
  requests: number;
  startedAtMs: number;
  elapsedMs: number;
}

export function statsOf(input: StatsInput): CrawlStats {
  const counts = { done: 0, broken: 0, redirected: 0, skipped: 0, blocked: 0, pagesCrawled: 0 };
  for (const record of input.records) {
    counts.done++;
    if (record.status === 'broken') counts.broken++;
    else if (record.status === 'redirected') counts.redirected++;
    else if (record.status === 'skipped') counts.skipped++;
    else if (record.status === 'blocked') counts.blocked++;
    if (isSitePage(record)) counts.pagesCrawled++;
  }
  const { queued, inFlight, requests, startedAtMs, elapsedMs } = input;
  return { ...counts, queued, inFlight, requests, startedAtMs, elapsedMs };
}

/**
 * A page of the site that was fetched and read as HTML: what "pages crawled"
 * counts. Links to other sites, images, stylesheets and URLs that needed no
 * request (skipped, blocked) are "links checked" only.
 */
export function isSitePage(record: UrlRecord): boolean {
  return (
    record.internal &&
    record.method === 'GET' &&
    record.httpStatus !== null &&
    isHtml(record.contentType)
  );
}

/** The counters of a stored checkpoint (nothing is in flight in a checkpoint at rest). */
export function checkpointStats(checkpoint: CrawlCheckpoint): CrawlStats {
  return statsOf({
    records: checkpoint.records,
    queued: checkpoint.queue.length,
    inFlight: 0,
    requests: checkpoint.requests,
    startedAtMs: checkpoint.startedAtMs,
    elapsedMs: checkpoint.elapsedBeforeMs,
  });
}
