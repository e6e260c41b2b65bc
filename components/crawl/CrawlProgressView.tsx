/**
 * A crawl's live state: pages crawled and links checked (apart: a site of
 * 677 pages has thousands of links), requests per second, the URL being
 * fetched, problems so far. `paused`: stored as running, but the background
 * does not run it right now (its worker was stopped and is being woken).
 */
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { useI18n } from '../i18n.tsx';
import { PageText } from '../PageText.tsx';

export function CrawlProgressView({
  summary,
  paused = false,
}: {
  summary: CrawlSummary;
  paused?: boolean;
}) {
  const i18n = useI18n();
  const { t, number } = i18n;
  const { stats } = summary;
  const problems = stats.broken;
  return (
    <section class="crawl-progress" aria-label={t('crawl_progress')}>
      <p
        class={`crawl-phase phase-${paused ? 'paused' : summary.phase}`}
        role="status"
        aria-live="polite"
        data-testid="crawl-phase"
      >
        {paused ? t('crawlview_phase_paused') : describePhase(summary, i18n)}
      </p>
      <dl class="facts">
        <dt>{t('crawlview_pages_crawled')}</dt>
        <dd data-testid="crawl-pages">{number(stats.pagesCrawled)}</dd>
        <dt>{t('crawlview_links_checked')}</dt>
        <dd data-testid="crawl-done">{number(stats.done)}</dd>
        <dt>{t('crawl_queued')}</dt>
        <dd>{number(stats.queued)}</dd>
        <dt>{t('crawl_rate')}</dt>
        <dd data-testid="crawl-rate">
          {t('crawl_rate_value', { rate: oneDecimal(summary.ratePerSecond, i18n) })}
        </dd>
        <dt>{t('crawl_problems')}</dt>
        <dd data-testid="crawl-problems">
          {t('crawl_problems_value', {
            broken: problems,
            redirected: stats.redirected,
            blocked: stats.blocked,
            skipped: stats.skipped,
          })}
        </dd>
        {summary.currentUrl && summary.phase === 'running' && !paused ? (
          <>
            <dt>{t('crawl_now')}</dt>
            <dd class="current-url">
              <PageText text={summary.currentUrl} />
            </dd>
          </>
        ) : null}
      </dl>
      {summary.error ? (
        <p class="error" role="alert">
          {summary.error}
        </p>
      ) : null}
    </section>
  );
}

/** 1.5, 1,234.5 — numbers with one decimal, in the reader's language. */
export function oneDecimal(value: number, { number }: Translator): string {
  return number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function describePhase(summary: CrawlSummary, { t, plural }: Translator): string {
  switch (summary.phase) {
    case 'running':
      return t('crawl_phase_running', { origin: summary.origin });
    case 'stopped':
      return plural('crawl_phase_stopped', summary.stats.done);
    case 'finished':
      return plural('crawl_phase_finished', summary.stats.done, { broken: summary.stats.broken });
    case 'failed':
      return t('crawl_phase_failed');
    default:
      return summary.phase satisfies never;
  }
}
