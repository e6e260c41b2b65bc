/** The report's head: which crawl, how it ended, its counters and distributions. */
import type { ComponentChildren } from 'preact';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { PlainMessageKey } from '../../lib/i18n/catalog.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import type { StopReason } from '../../lib/crawl/types.ts';
import { oneDecimal } from '../crawl/CrawlProgressView.tsx';
import { SLOT, useI18n, withSlot } from '../i18n.tsx';
import { UrlText } from './cells.tsx';
import { PageText } from '../PageText.tsx';
import { originOf } from '../../lib/url/http-url.ts';
import { durationPhrase } from '../../lib/i18n/duration.ts';

const STOP_REASONS: Record<StopReason, PlainMessageKey> = {
  finished: 'report_stop_finished',
  'max-pages': 'report_stop_max_pages',
  'max-duration': 'report_stop_max_duration',
  cancelled: 'report_stop_cancelled',
  'save-failed': 'report_stop_save_failed',
};

export function crawlState(report: CrawlReport, { t }: Translator): string {
  if (report.finished) return t('report_state_finished');
  if (report.stoppedBecause)
    return t('report_state_stopped', { why: t(STOP_REASONS[report.stoppedBecause]) });
  return t('report_state_interrupted');
}

/** Requests per second over the crawl's running time. */
export function formatRate(requests: number, durationMs: number, i18n: Translator): string {
  if (durationMs <= 0) return '—';
  return oneDecimal(requests / (durationMs / 1000), i18n);
}

export interface ReportHeaderProps {
  report: CrawlReport;
  /** Shown beside the title (the export buttons). */
  actions?: ComponentChildren;
}

export function ReportHeader({ report, actions }: ReportHeaderProps) {
  const i18n = useI18n();
  const { t, number, lang } = i18n;
  const { stats } = report;
  const origin = originOf(report.startUrl) ?? report.startUrl;
  const tiles: [string, string | number, string?, string?][] = [
    [t('stat_pages_crawled'), stats.pagesCrawled, '', 'Pages crawled'],
    [t('stat_urls_checked'), stats.done, '', 'URLs checked'],
    [t('stat_requests'), stats.requests, '', 'Requests'],
    [t('stat_broken'), stats.broken, stats.broken > 0 ? 'bad' : 'good', 'Broken'],
    [t('stat_redirected'), stats.redirected, '', 'Redirected'],
    [t('stat_blocked'), stats.blocked, '', 'Blocked'],
    [t('stat_skipped'), stats.skipped, '', 'Skipped'],
    [t('stat_duration'), i18n.say(durationPhrase(stats.durationMs, 'elapsed')), '', 'Duration'],
    [t('stat_rate'), formatRate(stats.requests, stats.durationMs, i18n), '', 'Requests/s'],
  ];
  if (stats.queued > 0) tiles.push([t('stat_still_queued'), stats.queued, '', 'Still queued']);
  const { audit } = report;
  if (audit) {
    tiles.push(
      [t('verdict_indexable'), audit.indexable, '', 'Indexable'],
      [
        t('verdict_not_indexable'),
        audit.notIndexable,
        audit.notIndexable > 0 ? 'bad' : 'good',
        'Not indexable',
      ],
    );
  }
  return (
    <header class="report-header">
      <div class="report-title">
        <h1>{withSlot(t('report_title', { site: SLOT }), <span class="site">{origin}</span>)}</h1>
        {actions}
      </div>
      <dl class="facts">
        <dt>{t('report_start_url')}</dt>
        <dd>
          <UrlText url={report.startUrl} />
        </dd>
        <dt>{t('robot_label')}</dt>
        <dd>{report.robot}</dd>
        <dt>{t('report_started')}</dt>
        <dd>{new Date(stats.startedAtMs).toLocaleString(lang)}</dd>
        <dt>{t('report_state')}</dt>
        <dd data-testid="crawl-state" class={report.finished ? 'good' : 'warn'}>
          {crawlState(report, i18n)}
        </dd>
      </dl>
      <dl class="stats" aria-label={t('report_counters')}>
        {tiles.map(([label, value, tone, id]) => (
          <div key={id} class={`stat ${tone ?? ''}`} data-stat={id}>
            <dt>{label}</dt>
            <dd>{typeof value === 'number' ? number(value) : value}</dd>
          </div>
        ))}
      </dl>
      <div class="distributions">
        <Distribution
          caption={t('http_status')}
          heading={t('col_status')}
          counts={report.distribution.httpStatus}
          order="key"
        />
        <Distribution
          caption={t('dist_content_type')}
          heading={t('dist_type')}
          counts={report.distribution.contentType}
          order="count"
        />
        <Distribution
          caption={t('dist_depth_caption')}
          heading={t('col_depth')}
          counts={report.distribution.depth}
          order="key"
        />
      </div>
    </header>
  );
}

/** The distribution key of URLs that got no HTTP answer (lib/crawl/report.ts). */
const NO_STATUS = 'none';

/** Up to this many rows per distribution; the rest add up in one "other" row. */
const MAX_BARS = 12;

function Distribution({
  caption,
  heading,
  counts,
  order,
}: {
  caption: string;
  heading: string;
  counts: Record<string, number>;
  order: 'key' | 'count';
}) {
  const { t, number } = useI18n();
  const entries = Object.entries(counts).sort(([a, x], [b, y]) =>
    order === 'count' ? y - x : compareKeys(a, b),
  );
  const shown = entries.slice(0, MAX_BARS);
  const other = entries.slice(MAX_BARS).reduce((sum, [, n]) => sum + n, 0);
  if (other > 0) shown.push([t('dist_rest'), other]);
  const max = Math.max(1, ...shown.map(([, n]) => n));
  return (
    <table class="distribution">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">{t('dist_urls')}</th>
          <th scope="col" class="bar-cell">
            <span class="visually-hidden">{t('dist_share')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.length === 0 ? (
          <tr>
            <td colSpan={3} class="muted">
              {t('none')}
            </td>
          </tr>
        ) : null}
        {shown.map(([key, count]) => (
          <tr key={key}>
            <th scope="row">
              <PageText text={key === NO_STATUS ? t('none') : key} />
            </th>
            <td class="num">{number(count)}</td>
            <td class="bar-cell" aria-hidden="true">
              <span class="bar" style={{ width: `${(100 * count) / max}%` }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Numbers in numeric order, then words ("none"). */
function compareKeys(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  if (Number.isFinite(x)) return -1;
  if (Number.isFinite(y)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
