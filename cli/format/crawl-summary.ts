/**
 * The crawl's one-line summary (the text report's last line; on stderr for
 * JSON and CSV) and the words for a crawl cut short, shared by every format.
 */
import { formatDuration } from '../duration.ts';
import type { CutShort } from '../../lib/crawl/continue-crawl.ts';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { ReportSections } from '../../lib/crawl/report-sections.ts';
import type { Translator } from '../../lib/i18n/translator.ts';

/** A crawl cut short, as the command line tells it. */
export interface CutShortNote extends CutShort {
  /** The signal that stopped it, when one did. */
  signal: 'SIGINT' | 'SIGTERM' | null;
  /** The exact command that carries the crawl on. */
  resumeCommand: string;
}

export function cutShortWhy(cut: CutShortNote, { t }: Translator): string {
  if (cut.reason === 'max-pages') return t('cli_report_why_max_pages', { pages: cut.limit ?? 0 });
  if (cut.reason === 'max-duration')
    return t('cli_report_why_max_duration', { ms: formatDuration(cut.limit ?? 0) });
  if (cut.signal === 'SIGINT') return t('cli_report_why_sigint');
  if (cut.signal === 'SIGTERM') return t('cli_report_why_sigterm');
  return t('cli_report_why_stopped');
}

export function seconds(report: CrawlReport, { number }: Translator): string {
  return number(report.stats.durationMs / 1000, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

export function summaryLine(
  report: CrawlReport,
  sections: ReportSections,
  cut: CutShortNote | null,
  i18n: Translator,
): string {
  const { t } = i18n;
  const state = cut
    ? t('cli_report_summary_cut_short', {
        why: cutShortWhy(cut, i18n),
        seconds: seconds(report, i18n),
        left: cut.left,
      })
    : t('cli_report_summary_finished', { seconds: seconds(report, i18n) });
  const counts = t('cli_report_summary', {
    state,
    site: sections.siteBroken.length,
    redirects: sections.redirectsToFix.length,
    offsite: sections.offSiteBroken.length,
    unverified: sections.unverified.length,
  });
  return cut ? `${counts}. ${t('cli_report_resume', { command: cut.resumeCommand })}` : counts;
}
