/**
 * The popup's Crawl tab: options (starting from the defaults set on the
 * Options page; a change here is for this crawl only), start (asking for
 * host access then), live progress, stop/resume, report.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import type { CrawlSettings } from '../../lib/settings/crawl-settings.ts';
import { CrawlProgressView } from '../../components/crawl/CrawlProgressView.tsx';
import { useI18n } from '../../components/i18n.tsx';
import { CrawlSettingsForm } from '../../components/crawl/CrawlSettingsForm.tsx';
import { firstEnabled, useFocusRescue } from '../../components/use-focus-rescue.ts';
import { askHostAccess } from '../../extension/host-access.ts';
import { sendToBackground } from '../../extension/messaging.ts';
import { loadCrawlSettings } from '../../extension/settings.ts';
import { useCrawlWatch } from '../../extension/use-crawl-watch.ts';

export interface CrawlTabProps {
  tabId: number;
  /** The page the popup is about; null when it is not an http(s) page. */
  pageUrl: string | null;
}

export function CrawlTab({ tabId, pageUrl }: CrawlTabProps) {
  const { t } = useI18n();
  const origin = pageUrl ? new URL(pageUrl).origin : null;
  const [settings, setSettings] = useState<CrawlSettings | null>(null);
  const { summary, paused } = useCrawlWatch(origin);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => void loadCrawlSettings().then(setSettings), []);
  // Start, Stop and Resume come and go with the phase: the keyboard moves on to what comes next.
  const actions = useRef<HTMLDivElement>(null);
  useFocusRescue(actions, summary?.phase, (root) =>
    firstEnabled(root, [NEXT_ACTION[summary?.phase ?? 'finished'], 'button']),
  );

  if (!origin || !pageUrl) {
    return (
      <p class="error" role="alert">
        {t('crawl_open_a_page')}
      </p>
    );
  }
  if (!settings) return <p role="status">{t('loading')}</p>;

  const running = summary?.phase === 'running';
  // While a crawl runs, the form shows what it runs with (not the defaults for the next one).
  const shownSettings = running && summary.settings ? summary.settings : settings;
  const start = (startUrl: string) => {
    setError(null);
    // The permission request must be the first thing the click does (a user gesture).
    askHostAccess(origin, settings.checkExternal)
      .then((granted) => {
        if (!granted) throw new Error(t('crawl_access_refused', { origin }));
        return sendToBackground({ type: 'start-crawl', startUrl, settings });
      })
      .then((reply) => !reply.ok && setError(reply.error))
      .catch((reason: unknown) =>
        setError(reason instanceof Error ? reason.message : String(reason)),
      );
  };
  const send = (type: 'stop-crawl' | 'resume-crawl') =>
    void sendToBackground({ type, origin }).then((reply) => !reply.ok && setError(reply.error));

  return (
    <section aria-label={t('popup_tab_crawl')} class="crawl-tab">
      <CrawlSettingsForm
        settings={shownSettings}
        onChange={setSettings}
        disabled={running}
        showsRunningCrawl={running && shownSettings !== settings}
      />
      <div class="crawl-actions" ref={actions}>
        <button type="button" disabled={running} onClick={() => start(pageUrl)}>
          {t('crawl_start_page')}
        </button>
        <button
          type="button"
          data-action="start-root"
          disabled={running}
          onClick={() => start(`${origin}/`)}
        >
          {t('crawl_start_root')}
        </button>
        {running ? (
          <button type="button" data-action="stop" onClick={() => send('stop-crawl')}>
            {t('crawl_stop')}
          </button>
        ) : null}
        {summary?.phase === 'stopped' || summary?.phase === 'failed' ? (
          <button type="button" data-action="resume" onClick={() => send('resume-crawl')}>
            {t('crawl_resume')}
          </button>
        ) : null}
        {summary ? (
          <button type="button" data-action="report" onClick={() => void openReport(origin)}>
            {t('crawl_open_report')}
          </button>
        ) : null}
        <button
          type="button"
          data-action="highlight"
          onClick={() => void highlight(tabId, origin, settings.checkExternal, setError)}
        >
          {t('crawl_highlight')}
        </button>
      </div>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {summary ? <CrawlProgressView summary={summary} paused={paused} /> : null}
    </section>
  );
}

/** The control the keyboard goes to when the crawl enters a phase. */
const NEXT_ACTION: Record<CrawlSummary['phase'], string> = {
  running: '[data-action="stop"]',
  stopped: '[data-action="resume"]',
  failed: '[data-action="resume"]',
  finished: '[data-action="report"]',
};

function openReport(origin: string) {
  return browser.tabs.create({
    url: browser.runtime.getURL(`/report.html?origin=${encodeURIComponent(origin)}`),
  });
}

/** Asks for access to the links' sites first (from the click), then marks the links. */
async function highlight(
  tabId: number,
  origin: string,
  checkExternal: boolean,
  setError: (error: string | null) => void,
): Promise<void> {
  await askHostAccess(origin, checkExternal).catch(() => false);
  const reply = await sendToBackground({ type: 'highlight-links', tabId, checkExternal });
  setError(reply.ok ? null : reply.error);
}
