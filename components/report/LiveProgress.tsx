/**
 * A running crawl's progress, from the summary the background keeps in
 * storage.session. The report itself is only fetched again when asked:
 * rebuilding it on every tick would cost far more than the tick.
 */
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';
import { oneDecimal } from '../crawl/CrawlProgressView.tsx';
import { useI18n } from '../i18n.tsx';
import { UrlText } from './cells.tsx';

/** What became of a crawl after its report was fetched. */
const LATER: Record<Exclude<CrawlSummary['phase'], 'running'>, PlainMessageKey> = {
  stopped: 'live_since_stopped',
  finished: 'live_since_finished',
  failed: 'live_since_failed',
};

export interface LiveProgressProps {
  summary: CrawlSummary | null;
  /** Stored as running, but the background does not run it right now (being woken). */
  paused?: boolean;
  /** When the report on screen was fetched. */
  reportFetchedAtMs: number;
  onRefresh: () => void;
}

export function LiveProgress({
  summary,
  paused = false,
  reportFetchedAtMs,
  onRefresh,
}: LiveProgressProps) {
  const i18n = useI18n();
  const { t } = i18n;
  if (!summary) return null;
  const running = summary.phase === 'running';
  // A crawl that ended after this report was fetched: the report is out of date.
  if (!running && summary.updatedAtMs <= reportFetchedAtMs && !summary.error) return null;
  const { stats } = summary;
  const total = stats.done + stats.queued + stats.inFlight;
  return (
    <section class="live" aria-label={t('crawl_progress')} data-testid="live-progress">
      {/* The counts change twice a second while the crawl runs: too often to be read out each
          time (they and the progress bar are read when asked). Its end is announced. */}
      <p role="status" aria-live={running ? 'off' : 'polite'}>
        {running && paused
          ? t('crawlview_phase_paused')
          : running
            ? t('live_running', {
                pages: stats.pagesCrawled,
                done: stats.done,
                queued: stats.queued,
                rate: oneDecimal(summary.ratePerSecond, i18n),
              })
            : t(LATER[summary.phase as keyof typeof LATER])}
      </p>
      {running ? (
        <progress max={Math.max(1, total)} value={stats.done} aria-label={t('live_progress_bar')} />
      ) : null}
      {running && summary.currentUrl ? (
        <p class="muted">
          {t('live_now')} <UrlText url={summary.currentUrl} />
        </p>
      ) : null}
      {summary.error ? (
        <p class="error" role="alert">
          {summary.error}
        </p>
      ) : null}
      <button type="button" onClick={onRefresh}>
        {t('live_refresh')}
      </button>
    </section>
  );
}
