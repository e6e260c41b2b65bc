/** The popup: the verdict for the current tab and chosen robot, and its robots.txt. */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { VerdictReply } from '../../lib/protocol/messages.ts';
import { PageText } from '../../components/PageText.tsx';
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';
import { useI18n } from '../../components/i18n.tsx';
import { RobotPicker } from '../../components/RobotPicker.tsx';
import { TabBar } from '../../components/TabBar.tsx';
import { firstEnabled, useFocusRescue } from '../../components/use-focus-rescue.ts';
import { VerdictView } from '../../components/VerdictView.tsx';
import { BrowseCheckOffer } from '../../components/BrowseCheckToggle.tsx';
import { useBrowseCheck } from '../../extension/use-browse-check.ts';
import { sendToBackground } from '../../extension/messaging.ts';
import { loadRobot, saveRobot } from '../../extension/settings.ts';
import { CrawlTab } from './CrawlTab.tsx';
import { RobotsTab } from './RobotsTab.tsx';
import { resolveTargetTabId } from './target-tab.ts';

type View = 'page' | 'robots' | 'crawl';

const VERDICT_SHOWN_MARK = 'robotlens:verdict-shown';
type State = { phase: 'loading' } | { phase: 'done'; reply: VerdictReply };

const VIEWS: { id: View; label: PlainMessageKey }[] = [
  { id: 'page', label: 'popup_tab_page' },
  { id: 'robots', label: 'popup_tab_robots' },
  { id: 'crawl', label: 'popup_tab_crawl' },
];

export function App() {
  const { t, say } = useI18n();
  const [robot, setRobot] = useState<string | null>(null);
  const [tabId, setTabId] = useState<number | null>(null);
  const [view, setView] = useState<View>(() => initialView(location.hash));
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [refreshCount, setRefreshCount] = useState(0);

  useEffect(() => {
    void Promise.all([loadRobot(), resolveTargetTabId()]).then(([storedRobot, id]) => {
      setRobot(storedRobot);
      setTabId(id);
      if (id === null) setState({ phase: 'done', reply: { ok: false, error: t('popup_no_tab') } });
    });
  }, []);

  useEffect(() => {
    if (robot === null || tabId === null) return;
    setState({ phase: 'loading' });
    sendToBackground({ type: 'get-verdict', tabId, robot, refresh: refreshCount > 0 })
      .then((reply) => setState({ phase: 'done', reply }))
      .catch((error: unknown) =>
        setState({ phase: 'done', reply: { ok: false, error: String(error) } }),
      );
  }, [robot, tabId, refreshCount]);

  // User Timing for the benchmark: from opening the popup to the first verdict in the DOM.
  useLayoutEffect(() => {
    if (state.phase === 'done' && performance.getEntriesByName(VERDICT_SHOWN_MARK).length === 0)
      performance.mark(VERDICT_SHOWN_MARK);
  }, [state.phase]);

  // "Check again" is gone while the page is checked: the keyboard comes back to it after.
  const panel = useRef<HTMLDivElement>(null);
  useFocusRescue(panel, state.phase, (root) => firstEnabled(root, ['[data-action="refresh"]']));

  const chooseRobot = (value: string) => {
    setRobot(value);
    void saveRobot(value);
  };
  const pageUrl = state.phase === 'done' && state.reply.ok ? state.reply.verdict.url : null;

  return (
    <main>
      <header>
        <h1>{t('ext_name')}</h1>
        {robot !== null ? <RobotPicker robot={robot} onChange={chooseRobot} /> : null}
        <button
          type="button"
          class="link"
          title={t('options_open_title')}
          onClick={() => void browser.runtime.openOptionsPage()}
        >
          {t('options_open')}
        </button>
      </header>
      <TabBar
        tabs={VIEWS.map(({ id, label }) => ({ id, label: t(label) }))}
        selected={view}
        onSelect={setView}
      />
      <div
        role="tabpanel"
        id={`panel-${view}`}
        aria-labelledby={`tab-${view}`}
        tabIndex={0}
        ref={panel}
      >
        {view === 'page' ? (
          <PagePanel state={state} onRefresh={() => setRefreshCount((n) => n + 1)} />
        ) : view === 'crawl' && tabId !== null && state.phase === 'done' ? (
          <CrawlTab tabId={tabId} pageUrl={pageUrl} />
        ) : view === 'robots' && tabId !== null && robot !== null && state.phase === 'done' ? (
          <RobotsTab key={`${tabId}:${robot}`} tabId={tabId} robot={robot} pageUrl={pageUrl} />
        ) : (
          <p role="status">{t('popup_checking')}</p>
        )}
      </div>
      {/* Stays in the page, so that each new verdict (on opening, after Check again, for another
          robot) is read out once: the verdict's own box is new each time, and a live region
          inserted with its text is not read by every screen reader. */}
      <p class="visually-hidden" role="status" data-testid="verdict-announcement">
        {view === 'page' && state.phase === 'done' && state.reply.ok ? (
          <PageText text={say(state.reply.verdict.summary)} />
        ) : null}
      </p>
    </main>
  );
}

function initialView(hash: string): View {
  if (hash === '#robots') return 'robots';
  if (hash === '#crawl') return 'crawl';
  return 'page';
}

function PagePanel({ state, onRefresh }: { state: State; onRefresh: () => void }) {
  const { t, lang } = useI18n();
  const browseCheck = useBrowseCheck();
  if (state.phase === 'loading') {
    return (
      <p class="loading" role="status">
        {t('popup_checking')}
      </p>
    );
  }
  if (!state.reply.ok) {
    return (
      <p class="error" role="alert">
        {state.reply.error}
      </p>
    );
  }
  return (
    <>
      <VerdictView verdict={state.reply.verdict} robots={state.reply.robots} />
      <footer>
        <span>
          {t('popup_checked_at', {
            time: new Date(state.reply.checkedAtMs).toLocaleTimeString(lang),
          })}
        </span>
        <button type="button" data-action="refresh" onClick={onRefresh}>
          {t('popup_check_again')}
        </button>
      </footer>
      <BrowseCheckOffer {...browseCheck} />
    </>
  );
}
