/** Crawl counters, from a live crawl or from a stored checkpoint alike. */
import { isHtml } from '../http/content-type.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';
import type { CrawlStats, UrlRecord } from './types.ts';

export interface StatsInput {
  /** The records to count, or their counts kept as they were recorded (RecordCounts). */
  records: Iterable<UrlRecord> | RecordCounts;
  queued: number;
  inFlight: number;
  requests: number;
  startedAtMs: number;
  elapsedMs: number;
}

export function statsOf(input: StatsInput): CrawlStats {
  let counts: Counts;
  if (input.records instanceof RecordCounts) counts = input.records.counts;
  else {
    const counting = new RecordCounts();
    for (const record of input.records) counting.add(record, 1);
    counts = counting.counts;
  }
  const { queued, inFlight, requests, startedAtMs, elapsedMs } = input;
  return { ...counts, queued, inFlight, requests, startedAtMs, elapsedMs };
}

type Counts = Pick<
  CrawlStats,
  'done' | 'broken' | 'redirected' | 'skipped' | 'blocked' | 'pagesCrawled'
>;

/**
 * The counters of a crawl's records, kept as records come and go, so the
 * stats of a live crawl (asked for with every progress event) need not read
 * every record again — they may be out of the heap (url-table.ts).
 */
export class RecordCounts {
  readonly counts: Counts = {
    done: 0,
    broken: 0,
    redirected: 0,
    skipped: 0,
    blocked: 0,
    pagesCrawled: 0,
  };

  /** `sign`: 1 for a record added, -1 for one replaced. */
  add(record: UrlRecord, sign: 1 | -1): void {
    const counts = this.counts;
    counts.done += sign;
    if (record.status === 'broken') counts.broken += sign;
    else if (record.status === 'redirected') counts.redirected += sign;
    else if (record.status === 'skipped') counts.skipped += sign;
    else if (record.status === 'blocked') counts.blocked += sign;
    if (isSitePage(record)) counts.pagesCrawled += sign;
  }

  /** Adds another's counts (records counted apart, see LeftPacked). */
  addAll(other: RecordCounts): void {
    for (const key of Object.keys(other.counts) as (keyof Counts)[])
      this.counts[key] += other.counts[key];
  }
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
