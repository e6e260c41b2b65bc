/** A crawl's live state: counts, rate, the URL being fetched, problems so far. */
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import { PageText } from '../PageText.tsx';

export function CrawlProgressView({ summary }: { summary: CrawlSummary }) {
  const { stats } = summary;
  const problems = stats.broken;
  return (
    <section class="crawl-progress" aria-label="Crawl progress">
      <p
        class={`crawl-phase phase-${summary.phase}`}
        role="status"
        aria-live="polite"
        data-testid="crawl-phase"
      >
        {describePhase(summary)}
      </p>
      <dl class="facts">
        <dt>Pages done</dt>
        <dd data-testid="crawl-done">{stats.done}</dd>
        <dt>Queued</dt>
        <dd>{stats.queued}</dd>
        <dt>Rate</dt>
        <dd>{summary.ratePerSecond.toFixed(1)} URLs/s</dd>
        <dt>Problems</dt>
        <dd data-testid="crawl-problems">
          {problems} broken, {stats.redirected} redirected, {stats.blocked} blocked, {stats.skipped}{' '}
          skipped
        </dd>
        {summary.currentUrl && summary.phase === 'running' ? (
          <>
            <dt>Now</dt>
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

function describePhase(summary: CrawlSummary): string {
  switch (summary.phase) {
    case 'running':
      return `Crawling ${summary.origin}…`;
    case 'stopped':
      return `Stopped: ${summary.stats.done} URLs checked so far. Resume to go on.`;
    case 'finished':
      return `Finished: ${summary.stats.done} URLs checked, ${summary.stats.broken} broken.`;
    case 'failed':
      return 'The crawl stopped because of an error.';
    default:
      return summary.phase satisfies never;
  }
}
