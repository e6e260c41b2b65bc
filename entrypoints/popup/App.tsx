/** The popup: the verdict for the current tab and chosen robot. */
import { useEffect, useState } from 'preact/hooks';
import type { VerdictReply } from '../../lib/protocol/messages.ts';
import { RobotPicker } from '../../components/RobotPicker.tsx';
import { VerdictView } from '../../components/VerdictView.tsx';
import { sendToBackground } from '../../extension/messaging.ts';
import { loadRobot, saveRobot } from '../../extension/settings.ts';
import { resolveTargetTabId } from './target-tab.ts';

type State = { phase: 'loading' } | { phase: 'done'; reply: VerdictReply };

export function App() {
  const [robot, setRobot] = useState<string | null>(null);
  const [tabId, setTabId] = useState<number | null>(null);
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [refreshCount, setRefreshCount] = useState(0);

  useEffect(() => {
    void Promise.all([loadRobot(), resolveTargetTabId()]).then(([storedRobot, id]) => {
      setRobot(storedRobot);
      setTabId(id);
      if (id === null) setState({ phase: 'done', reply: { ok: false, error: 'No tab to check.' } });
    });
  }, []);

  useEffect(() => {
    if (robot === null || tabId === null) return;
    setState({ phase: 'loading' });
    sendToBackground({ type: 'get-verdict', tabId, ua: robot, refresh: refreshCount > 0 })
      .then((reply) => setState({ phase: 'done', reply }))
      .catch((error: unknown) =>
        setState({ phase: 'done', reply: { ok: false, error: String(error) } }),
      );
  }, [robot, tabId, refreshCount]);

  const chooseRobot = (value: string) => {
    setRobot(value);
    void saveRobot(value);
  };

  return (
    <main>
      <header>
        <h1>RobotLens</h1>
        {robot !== null ? <RobotPicker robot={robot} onChange={chooseRobot} /> : null}
      </header>
      {state.phase === 'loading' ? (
        <p class="loading" role="status">
          Checking this page…
        </p>
      ) : state.reply.ok ? (
        <>
          <VerdictView verdict={state.reply.verdict} robots={state.reply.robots} />
          <footer>
            <span>Checked {new Date(state.reply.checkedAtMs).toLocaleTimeString()}</span>
            <button type="button" onClick={() => setRefreshCount((n) => n + 1)}>
              Check again
            </button>
          </footer>
        </>
      ) : (
        <p class="error" role="alert">
          {state.reply.error}
        </p>
      )}
    </main>
  );
}
