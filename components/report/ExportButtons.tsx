/**
 * Saves the report as files, made in the page (a Blob, an object URL and an
 * `<a download>` click), so no `downloads` permission is needed. The files
 * are data, in English whatever the page's language (README "Languages"),
 * as the command line's JSON and CSV are.
 */
import { brokenLinksCsv } from '../../lib/crawl/report-csv.ts';
import { withText } from '../../lib/i18n/with-text.ts';
import { stringifySafeJson } from '../../lib/text/safe-json.ts';
import { englishTranslator } from '../english.ts';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { useI18n } from '../i18n.tsx';

/** `robotlens-<host>-<yyyy-mm-dd>.<extension>`, dated by the crawl's start (local time). */
export function reportFileName(report: CrawlReport, extension: 'csv' | 'json'): string {
  let host = 'site';
  try {
    host = new URL(report.startUrl).host;
  } catch {
    // keep "site"
  }
  const safeHost = host.toLowerCase().replace(/[^a-z0-9.-]+/g, '-');
  return `robotlens-${safeHost}-${localDay(report.stats.startedAtMs)}.${extension}`;
}

function localDay(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

export function saveTextFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is freed once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The report as JSON: each phrase in English, with the phrase beside it. */
export function reportJson(report: CrawlReport): string {
  return stringifySafeJson(withText(report, englishTranslator.say), 2);
}

export function ExportButtons({ report }: { report: CrawlReport }) {
  const { t } = useI18n();
  return (
    <div class="exports" role="group" aria-label={t('export_label')}>
      <button
        type="button"
        title={t('export_csv_title')}
        onClick={() =>
          saveTextFile(
            reportFileName(report, 'csv'),
            'text/csv;charset=utf-8',
            brokenLinksCsv(report, englishTranslator.say),
          )
        }
      >
        {t('export_csv')}
      </button>
      <button
        type="button"
        title={t('export_json_title')}
        onClick={() =>
          saveTextFile(reportFileName(report, 'json'), 'application/json', reportJson(report))
        }
      >
        {t('export_json')}
      </button>
    </div>
  );
}
