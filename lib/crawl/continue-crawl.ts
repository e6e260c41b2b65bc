/**
 * A crawl cut short, and the checkpoint that carries it on. A crawl is cut
 * short when the page limit left pages of the site unfetched (the engine
 * then ends "finished" with those pages skipped), when its time limit ran
 * out, or when it was stopped. Carrying on fetches only what was left: the
 * pages the limit skipped go back in the queue with a new page budget, and
 * the run gets its time budget again.
 */
import { splitLeftPacked, type ResumableCheckpoint } from './crawl-book.ts';
import type { FrontierEntry } from './frontier.ts';
import { isStoredPacked } from './packed-urls.ts';
import type { CrawlOptions, UrlRecord } from './types.ts';

export type CutShortReason = 'max-pages' | 'max-duration' | 'stopped';

export interface CutShort {
  reason: CutShortReason;
  /** URLs queued but not fetched (for the page limit: the site's pages skipped; their links are unknown yet). */
  left: number;
  /** The limit that stopped it: pages, or milliseconds. */
  limit: number | null;
}

/** How the crawl was cut short, or null when it covered everything it found. */
export function cutShortOf(checkpoint: ResumableCheckpoint): CutShort | null {
  const { stoppedBecause, options } = checkpoint;
  if (stoppedBecause === 'cancelled' || stoppedBecause === 'save-failed')
    return { reason: 'stopped', left: checkpoint.queue.length, limit: null };
  if (stoppedBecause === 'max-duration')
    return {
      reason: 'max-duration',
      left: checkpoint.queue.length,
      limit: runLimitsOf(options).maxDurationMs,
    };
  const skipped = pageLimitSkipped(checkpoint).length;
  if (skipped > 0 || stoppedBecause === 'max-pages')
    return {
      reason: 'max-pages',
      left: skipped + checkpoint.queue.length,
      limit: options.maxPages,
    };
  return null;
}

/**
 * The checkpoint to run again so the crawl goes on where it was cut short.
 * `maxPages`: the new page limit of the whole crawl (default: as many pages
 * again as one run was given). `runMs`: the time this run may take (default:
 * one run's time, again). What this run is given is kept (`runLimits`): the
 * crawl's own limits are sums, and the next run must not get the sum so far
 * (a crawl carried on twice after 30 minutes would get 60 more).
 */
export function continuedCheckpoint<C extends ResumableCheckpoint>(
  checkpoint: C,
  limits: { maxPages?: number; runMs?: number } = {},
): C {
  const { records } = splitLeftPacked(checkpoint);
  const skipped = new Set(pageLimitSkipped({ records }).map((record) => record.url));
  const pagesTaken =
    records.filter((r) => r.internal && r.method === 'GET').length +
    (checkpoint.leftPacked?.pagesTaken ?? 0);
  const sourcesOf = new Map(checkpoint.sources.entries);
  const requeued: FrontierEntry[] = records
    .filter((record) => skipped.has(record.url))
    .map((record) => ({
      url: record.url,
      origin: new URL(record.url).origin,
      depth: record.depth,
      internal: true,
      method: 'GET',
      referrer: sourcesOf.get(record.url)?.sources[0]?.page ?? null,
    }));
  const { options } = checkpoint;
  const run = runLimitsOf(options);
  const runMs = limits.runMs ?? run.maxDurationMs;
  const pagesGiven = limits.maxPages === undefined ? 0 : limits.maxPages - pagesTaken;
  return {
    ...checkpoint,
    options: {
      ...options,
      maxPages:
        limits.maxPages ?? (skipped.size > 0 ? pagesTaken + run.maxPages : options.maxPages),
      maxDurationMs: checkpoint.elapsedBeforeMs + runMs,
      runLimits: { maxPages: pagesGiven > 0 ? pagesGiven : run.maxPages, maxDurationMs: runMs },
    },
    finished: false,
    stoppedBecause: null,
    records: checkpoint.records.filter((record) => !skipped.has(record.url)),
    queue: [...checkpoint.queue, ...requeued],
  };
}

/**
 * The options of a new crawl of a finished one (every page read again, its
 * clock from zero): the whole crawl's page limit, one run's time; `maxPages`
 * and `runMs`: limits given for it.
 */
export function recrawlOptions(
  options: CrawlOptions,
  limits: { maxPages?: number; runMs?: number } = {},
): CrawlOptions {
  const { runLimits: _runLimits, ...rest } = options;
  return {
    ...rest,
    maxPages: limits.maxPages ?? options.maxPages,
    maxDurationMs: limits.runMs ?? runLimitsOf(options).maxDurationMs,
  };
}

/** What one run is given: as kept when carried on, else the limits themselves (one run so far). */
function runLimitsOf(options: CrawlOptions): NonNullable<CrawlOptions['runLimits']> {
  return options.runLimits ?? { maxPages: options.maxPages, maxDurationMs: options.maxDurationMs };
}

/** Records left packed in the store were fine: none was skipped by the page limit. */
function pageLimitSkipped(checkpoint: Pick<ResumableCheckpoint, 'records'>): UrlRecord[] {
  return checkpoint.records.filter(
    (item): item is UrlRecord =>
      !isStoredPacked(item) && item.status === 'skipped' && item.skipReason === 'max-pages',
  );
}
