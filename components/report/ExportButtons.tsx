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

/**
 * `robotlens-<host>-<yyyy-mm-dd>[-<part>].<extension>`, dated by the crawl's
 * start (local time); `part` names one table's file (`indexability`).
 */
export function reportFileName(
  report: CrawlReport,
  extension: 'csv' | 'json',
  part?: string,
): string {
  let host = 'site';
  try {
    host = new URL(report.startUrl).host;
  } catch {
    // keep "site"
  }
  const safeHost = host.toLowerCase().replace(/[^a-z0-9.-]+/g, '-');
  const suffix = part ? `-${part}` : '';
  return `robotlens-${safeHost}-${localDay(report.stats.startedAtMs)}${suffix}.${extension}`;
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

/** The report (or a part of it) as JSON: each phrase in English, with the phrase beside it. */
export function reportJson(report: object): string {
  return stringifySafeJson(withText(report, englishTranslator.say), 2);
}

export interface TableExportsProps {
  report: CrawlReport;
  /** Names the files (`indexability`, `findings-canonical`). */
  part: string;
  /** What the table holds, for the buttons' titles. */
  noun: string;
  /** The table as CSV and as data for JSON, made when a button is pressed (in English). */
  csv: () => string;
  json: () => object;
}

/** Save one section's table: its own CSV and JSON, beside the whole report's. */
export function TableExports({ report, part, noun, csv, json }: TableExportsProps) {
  const { t } = useI18n();
  return (
    <div class="exports table-exports" role="group" aria-label={t('export_table_label')}>
      <button
        type="button"
        title={t('export_table_csv_title', { noun })}
        onClick={() =>
          saveTextFile(reportFileName(report, 'csv', part), 'text/csv;charset=utf-8', csv())
        }
      >
        {t('export_table_csv')}
      </button>
      <button
        type="button"
        title={t('export_table_json_title', { noun })}
        onClick={() =>
          saveTextFile(reportFileName(report, 'json', part), 'application/json', reportJson(json()))
        }
      >
        {t('export_table_json')}
      </button>
    </div>
  );
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
