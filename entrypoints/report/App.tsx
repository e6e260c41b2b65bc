/**
 * The crawl report page, `report.html?origin=<origin>`: asks the background
 * for the stored crawl of that site, and watches the site's live progress
 * (its item `session:crawl.progress.<origin>`, extension/crawl-items.ts)
 * without refetching the report on every tick — "Refresh report" does that.
 * It also asks for the changes since the site's previous crawl (shown
 * first; `#changes` takes focus there) and tells the background once
 * they were shown, which clears the badge.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { CrawlChanges } from '../../lib/watch/types.ts';
import { parseHttpUrl } from '../../lib/url/http-url.ts';
import { useI18n } from '../../components/i18n.tsx';
import { LiveProgress } from '../../components/report/LiveProgress.tsx';
import { ReportView } from '../../components/report/ReportView.tsx';
import { sendToBackground } from '../../extension/messaging.ts';
import { useCrawlWatch } from '../../extension/use-crawl-watch.ts';

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
  // An open report page keeps the crawl going too: it wakes a stopped worker at once.
  const { summary: progress, paused } = useCrawlWatch(origin);
  const [changes, setChanges] = useState<{ changes: CrawlChanges; seen: boolean } | null>(null);
  const markedSeen = useRef(false);

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
    // No changes to show is the same as no previous crawl: the report stands alone.
    sendToBackground({ type: 'get-crawl-changes', origin })
      .then((reply) =>
        setChanges(reply.ok && reply.changes ? { changes: reply.changes, seen: reply.seen } : null),
      )
      .catch(() => setChanges(null));
  }, [origin, fetchCount]);

  const changesSeen = () => {
    if (!origin || !changes || changes.seen || markedSeen.current) return;
    markedSeen.current = true;
    void sendToBackground({ type: 'mark-changes-seen', origin }).catch(() => undefined);
  };

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
            paused={paused}
            reportFetchedAtMs={0}
            onRefresh={() => setFetchCount((n) => n + 1)}
          />
        </>
      ) : (
        <ReportView
          report={state.report}
          reportFetchedAtMs={state.fetchedAtMs}
          progress={progress}
          paused={paused}
          onRefresh={() => setFetchCount((n) => n + 1)}
          changes={changes?.changes ?? null}
          focusChanges={location.hash === '#changes'}
          onChangesSeen={changesSeen}
        />
      )}
    </main>
  );
}
