/**
 * A running crawl's progress, from the summary the background keeps in
 * storage.session. The report itself is only fetched again when asked:
 * rebuilding it on every tick would cost far more than the tick.
 */
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import { UrlText } from './cells.tsx';

export interface LiveProgressProps {
  summary: CrawlSummary | null;
  /** When the report on screen was fetched. */
  reportFetchedAtMs: number;
  onRefresh: () => void;
}

export function LiveProgress({ summary, reportFetchedAtMs, onRefresh }: LiveProgressProps) {
  if (!summary) return null;
  const running = summary.phase === 'running';
  // A crawl that ended after this report was fetched: the report is out of date.
  if (!running && summary.updatedAtMs <= reportFetchedAtMs && !summary.error) return null;
  const { stats } = summary;
  const total = stats.done + stats.queued + stats.inFlight;
  return (
    <section class="live" aria-label="Crawl progress" data-testid="live-progress">
      {/* The counts change twice a second while the crawl runs: too often to be read out each
          time (they and the progress bar are read when asked). Its end is announced. */}
      <p role="status" aria-live={running ? 'off' : 'polite'}>
        {running
          ? `Crawling: ${stats.pagesCrawled.toLocaleString('en')} pages crawled, ${stats.done.toLocaleString('en')} URLs checked, ${stats.queued.toLocaleString('en')} queued, ${summary.ratePerSecond.toFixed(1)} requests/s.`
          : `The crawl has ${summary.phase} since this report was made.`}
      </p>
      {running ? (
        <progress
          max={Math.max(1, total)}
          value={stats.done}
          aria-label="URLs checked of those known"
        />
      ) : null}
      {running && summary.currentUrl ? (
        <p class="muted">
          Now: <UrlText url={summary.currentUrl} />
        </p>
      ) : null}
      {summary.error ? (
        <p class="error" role="alert">
          {summary.error}
        </p>
      ) : null}
      <button type="button" onClick={onRefresh}>
        Refresh report
      </button>
    </section>
  );
}
