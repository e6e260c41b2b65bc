/**
 * A site's crawl as an open page shows it (the popup's Crawl tab, the
 * report page): the background's latest summary, and whether it is paused —
 * stored as running, not run by the background right now (its service
 * worker was stopped; the page's port has woken it, and the crawl resumes),
 * and no progress for a while. A crawl the background runs is never paused,
 * however long a slow request holds it; a gap of a moment while a stopped
 * worker wakes is not shown as one either.
 */
import { useEffect, useState } from 'preact/hooks';
import type { CrawlSummary } from '../lib/protocol/messages.ts';
import { keepCrawlAwake, watchCrawlProgress } from './crawl-progress.ts';

/** No progress for this long, and the background does not run it: paused. */
export const PAUSED_AFTER_MS = 2_000;

export interface CrawlWatch {
  summary: CrawlSummary | null;
  paused: boolean;
}

export function useCrawlWatch(origin: string | null): CrawlWatch {
  const [summary, setSummary] = useState<CrawlSummary | null>(null);
  // What the background said last, and when (each answer redraws, so a pause shows in time).
  const [answer, setAnswer] = useState<{ running: boolean; atMs: number } | null>(null);
  useEffect(() => (origin ? watchCrawlProgress(origin, setSummary) : undefined), [origin]);
  useEffect(
    () =>
      origin
        ? keepCrawlAwake(origin, (running) => setAnswer({ running, atMs: Date.now() }))
        : undefined,
    [origin],
  );
  return { summary, paused: isPaused(summary, answer) };
}

export function isPaused(
  summary: CrawlSummary | null,
  answer: { running: boolean; atMs: number } | null,
): boolean {
  return (
    summary?.phase === 'running' &&
    answer !== null &&
    !answer.running &&
    answer.atMs - summary.updatedAtMs >= PAUSED_AFTER_MS
  );
}
