/**
 * The crawl report page, `report.html?origin=<origin>`: asks the background
 * for the stored crawl of that site, and watches the site's live progress
 * (storage.session `crawl.progress`) without refetching the report on every
 * tick — "Refresh report" does that.
 */
import { useEffect, useState } from 'preact/hooks';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import { parseHttpUrl } from '../../lib/url/http-url.ts';
import { useI18n } from '../../components/i18n.tsx';
import { LiveProgress } from '../../components/report/LiveProgress.tsx';
import { ReportView } from '../../components/report/ReportView.tsx';
import { watchCrawlProgress } from '../../extension/crawl-progress.ts';
import { sendToBackground } from '../../extension/messaging.ts';

type State =
  | { phase: 'loading' }
  | { phase: 'error'; error: string }
  | { phase: 'done'; report: CrawlReport; fetchedAtMs: number };

/** The site named by `?origin=`, as an origin; null when missing or not http(s). */
export function originFromQuery(search: string): string | null {
  const value = new URLSearchParams(search).get('origin');
  return value ? (parseHttpUrl(value)?.origin ?? null) : null;
}

export function App() {
  const { t } = useI18n();
  const [origin] = useState(() => originFromQuery(location.search));
  const [state, setState] = useState<State>(() =>
    origin
      ? { phase: 'loading' }
      : {
          phase: 'error',
          error: t('report_no_site'),
        },
  );
  const [fetchCount, setFetchCount] = useState(0);
  const progress = useCrawlProgress(origin);

  useEffect(() => {
    document.title = t('report_heading');
    if (!origin) return;
    document.title = t('report_document_title', { host: new URL(origin).host });
    sendToBackground({ type: 'get-crawl-report', origin })
      .then((reply) =>
        setState(
          reply.ok
            ? { phase: 'done', report: reply.report, fetchedAtMs: Date.now() }
            : { phase: 'error', error: reply.error },
        ),
      )
      .catch((error: unknown) => setState({ phase: 'error', error: String(error) }));
  }, [origin, fetchCount]);

  return (
    <main>
      {state.phase === 'loading' ? (
        <p role="status">{t('report_reading', { origin: origin ?? '' })}</p>
      ) : state.phase === 'error' ? (
        <>
          <h1>{t('report_heading')}</h1>
          <p class="error" role="alert">
            {state.error}
          </p>
          {/* A crawl that has not saved its first checkpoint yet: refresh once it has. */}
          <LiveProgress
            summary={progress?.phase === 'running' ? progress : null}
            reportFetchedAtMs={0}
            onRefresh={() => setFetchCount((n) => n + 1)}
          />
        </>
      ) : (
        <ReportView
          report={state.report}
          reportFetchedAtMs={state.fetchedAtMs}
          progress={progress}
          onRefresh={() => setFetchCount((n) => n + 1)}
        />
      )}
    </main>
  );
}

/** This site's entry of the live progress map, kept current. */
function useCrawlProgress(site: string | null): CrawlSummary | null {
  const [summary, setSummary] = useState<CrawlSummary | null>(null);
  useEffect(() => (site ? watchCrawlProgress(site, setSummary) : undefined), [site]);
  return summary;
}
