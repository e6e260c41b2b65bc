/**
 * The whole crawl report for one site: head, live progress, exports, and a
 * tab per list. Presentational: the page (entrypoints/report) fetches the
 * report and watches the progress; a mock of both renders this alone.
 */
import { useMemo, useState } from 'preact/hooks';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import { useI18n } from '../i18n.tsx';
import { TabBar } from '../TabBar.tsx';
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
}

export function ReportView({
  report,
  reportFetchedAtMs,
  progress,
  paused = false,
  onRefresh,
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
