/** A crawl's live state: counts, rate, the URL being fetched, problems so far. */
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { useI18n } from '../i18n.tsx';
import { PageText } from '../PageText.tsx';

export function CrawlProgressView({ summary }: { summary: CrawlSummary }) {
  const i18n = useI18n();
  const { t, number } = i18n;
  const { stats } = summary;
  const problems = stats.broken;
  return (
    <section class="crawl-progress" aria-label={t('crawl_progress')}>
      <p
        class={`crawl-phase phase-${summary.phase}`}
        role="status"
        aria-live="polite"
        data-testid="crawl-phase"
      >
        {describePhase(summary, i18n)}
      </p>
      <dl class="facts">
        <dt>{t('crawl_pages_done')}</dt>
        <dd data-testid="crawl-done">{number(stats.done)}</dd>
        <dt>{t('crawl_queued')}</dt>
        <dd>{number(stats.queued)}</dd>
        <dt>{t('crawl_rate')}</dt>
        <dd>{t('crawl_rate_value', { rate: oneDecimal(summary.ratePerSecond, i18n) })}</dd>
        <dt>{t('crawl_problems')}</dt>
        <dd data-testid="crawl-problems">
          {t('crawl_problems_value', {
            broken: problems,
            redirected: stats.redirected,
            blocked: stats.blocked,
            skipped: stats.skipped,
          })}
        </dd>
        {summary.currentUrl && summary.phase === 'running' ? (
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
