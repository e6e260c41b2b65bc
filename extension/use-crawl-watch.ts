/**
 * A site's crawl as an open page shows it (the popup's Crawl tab, the
 * report page): the background's latest summary, and whether it is paused —
 * stored as running, while the background does not run it right now (its
 * service worker was stopped; the page's port has woken it, and the crawl
 * resumes in a moment).
 */
import { useEffect, useState } from 'preact/hooks';
import type { CrawlSummary } from '../lib/protocol/messages.ts';
import { keepCrawlAwake, watchCrawlProgress } from './crawl-progress.ts';

export interface CrawlWatch {
  summary: CrawlSummary | null;
  paused: boolean;
}

export function useCrawlWatch(origin: string | null): CrawlWatch {
  const [summary, setSummary] = useState<CrawlSummary | null>(null);
  // Unknown until the background first answers: not shown as paused meanwhile.
  const [runsInBackground, setRunsInBackground] = useState<boolean | null>(null);
  useEffect(() => (origin ? watchCrawlProgress(origin, setSummary) : undefined), [origin]);
  useEffect(() => (origin ? keepCrawlAwake(origin, setRunsInBackground) : undefined), [origin]);
  return {
    summary,
    paused: summary?.phase === 'running' && runsInBackground === false,
  };
}
