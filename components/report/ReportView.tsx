/**
 * The whole crawl report for one site: head, live progress, exports, the
 * changes since the previous crawl (when there was one), and a tab per list. Presentational: the page (entrypoints/report) fetches the
 * report and watches the progress; a mock of both renders this alone.
 */
import { useMemo, useState } from 'preact/hooks';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import type { CrawlChanges } from '../../lib/watch/types.ts';
import { useI18n } from '../i18n.tsx';
import { TabBar } from '../TabBar.tsx';
import { ChangesSection } from './changes/ChangesSection.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { LiveProgress } from './LiveProgress.tsx';
import { ReportHeader } from './ReportHeader.tsx';
import { SectionPanel, sectionsOf, type SectionId } from './sections.tsx';

export interface ReportViewProps {
  report: CrawlReport;
  reportFetchedAtMs: number;
  progress: CrawlSummary | null;
  /** The crawl is stored as running but the background does not run it right now. */
  paused?: boolean;
  onRefresh: () => void;
  /** What changed since the site's previous crawl; null when there is none to compare with. */
  changes?: CrawlChanges | null;
  /** Show the changes with focus on them (the page was opened at `#changes`). */
  focusChanges?: boolean;
  /** The changes were shown. */
  onChangesSeen?: () => void;
}

export function ReportView({
  report,
  reportFetchedAtMs,
  progress,
  paused = false,
  onRefresh,
  changes = null,
  focusChanges = false,
  onChangesSeen,
}: ReportViewProps) {
  const { t } = useI18n();
  const sections = useMemo(() => sectionsOf(report), [report]);
  const [selected, setSelected] = useState<SectionId>('broken');
  const current = sections.some((s) => s.id === selected) ? selected : 'broken';
  const tabs = sections.map((s) => ({
    id: s.id,
    label: t('report_tab', { label: t(s.label), count: s.count }),
  }));
  return (
    <>
      <ReportHeader report={report} actions={<ExportButtons report={report} />} />
      <LiveProgress
        summary={progress}
        paused={paused}
        reportFetchedAtMs={reportFetchedAtMs}
        onRefresh={onRefresh}
      />
      {changes ? (
        <ChangesSection
          report={report}
          changes={changes}
          focus={focusChanges}
          onSeen={onChangesSeen}
        />
      ) : null}
      <nav aria-label={t('report_sections')}>
        <TabBar tabs={tabs} selected={current} onSelect={setSelected} />
      </nav>
      <section
        role="tabpanel"
        id={`panel-${current}`}
        aria-labelledby={`tab-${current}`}
        tabIndex={0}
        class="panel"
      >
        <SectionPanel key={current} id={current} report={report} />
      </section>
    </>
  );
}
