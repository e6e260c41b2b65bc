/** The popup's robots.txt tab: the audit of the tab's robots.txt and the tester. */
import { useEffect, useState } from 'preact/hooks';
import type { RobotsAuditReply } from '../../lib/protocol/messages.ts';
import { useI18n } from '../../components/i18n.tsx';
import { FetchSummary } from '../../components/robots/FetchSummary.tsx';
import { FindingList } from '../../components/robots/FindingList.tsx';
import { GroupList } from '../../components/robots/GroupList.tsx';
import { RobotsFileView } from '../../components/robots/RobotsFileView.tsx';
import { RobotsTester } from '../../components/robots/RobotsTester.tsx';
import { urlAsLinked } from '../../extension/link-spelling.ts';
import { sendToBackground } from '../../extension/messaging.ts';

export interface RobotsTabProps {
  tabId: number;
  robot: string;
  pageUrl: string | null;
}

interface AuditRequest {
  urls: string[];
  robots: string[];
  refresh: boolean;
}

export function RobotsTab({ tabId, robot, pageUrl }: RobotsTabProps) {
  const { t } = useI18n();
  const [request, setRequest] = useState<AuditRequest>({
    // The page's URL as linked, not as Chromium re-spells it (see link-spelling.ts).
    urls: pageUrl ? [urlAsLinked(pageUrl)] : [],
    robots: [robot],
    refresh: false,
  });
  const [reply, setReply] = useState<RobotsAuditReply | null>(null);
  // A new test or fetch keeps the last audit on screen (and the keyboard where it was) until it is in.
  const [busy, setBusy] = useState(true);
  const [highlightedLine, setHighlightedLine] = useState<number | null>(null);

  useEffect(() => {
    setBusy(true);
    sendToBackground({
      type: 'get-robots-audit',
      tabId,
      robots: request.robots,
      tests: request.urls,
      refresh: request.refresh,
    })
      .then((answer) => {
        setReply(answer);
        if (answer.ok) setHighlightedLine(answer.audit.tests[0]?.line ?? null);
      })
      .catch((error: unknown) => setReply({ ok: false, error: String(error) }))
      .finally(() => setBusy(false));
  }, [tabId, request]);

  if (reply === null) return <p role="status">{t('robots_reading')}</p>;
  if (!reply.ok)
    return (
      <p class="error" role="alert">
        {reply.error}
      </p>
    );
  const { audit } = reply;
  return (
    <section aria-label={t('robots_audit')} class="robots-tab" aria-busy={busy}>
      <FetchSummary audit={audit} nowMs={Date.now()} />
      <button type="button" onClick={() => setRequest({ ...request, refresh: true })}>
        {t('robots_fetch_again')}
      </button>
      <RobotsTester
        initialUrls={request.urls}
        initialRobots={request.robots}
        results={audit.tests}
        onTest={(urls, robots) =>
          setRequest({ urls, robots: robots.length ? robots : [robot], refresh: false })
        }
        onShowLine={setHighlightedLine}
      />
      <FindingList findings={audit.findings} onShowLine={setHighlightedLine} />
      <GroupList groups={audit.groups} sitemaps={audit.sitemaps} onShowLine={setHighlightedLine} />
      {audit.lines.length > 0 ? (
        <RobotsFileView
          lines={audit.lines}
          findings={audit.findings}
          highlightedLine={highlightedLine}
        />
      ) : null}
    </section>
  );
}
