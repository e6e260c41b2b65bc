/** The report's head: which crawl, how it ended, its counters and distributions. */
import type { ComponentChildren } from 'preact';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import { UrlText } from './cells.tsx';
import { PageText } from '../PageText.tsx';

const STOP_REASONS: Record<string, string> = {
  finished: 'finished',
  'max-pages': 'stopped at the page limit',
  'max-duration': 'stopped at the time limit',
  cancelled: 'stopped by you',
  'save-failed': 'paused because the crawl could not be saved (storage full or failing)',
};

export function crawlState(report: CrawlReport): string {
  if (report.finished) return 'Finished';
  if (report.stoppedBecause) return `Not finished: ${STOP_REASONS[report.stoppedBecause]}`;
  return 'Not finished: interrupted or still running';
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Requests per second over the crawl's running time. */
export function formatRate(requests: number, durationMs: number): string {
  if (durationMs <= 0) return '—';
  return (requests / (durationMs / 1000)).toFixed(1);
}

export interface ReportHeaderProps {
  report: CrawlReport;
  /** Shown beside the title (the export buttons). */
  actions?: ComponentChildren;
}

export function ReportHeader({ report, actions }: ReportHeaderProps) {
  const { stats } = report;
  const origin = originOf(report.startUrl);
  const tiles: [string, string | number, string?][] = [
    ['Pages crawled', stats.pagesCrawled],
    ['URLs checked', stats.done],
    ['Requests', stats.requests],
    ['Broken', stats.broken, stats.broken > 0 ? 'bad' : 'good'],
    ['Redirected', stats.redirected],
    ['Blocked', stats.blocked],
    ['Skipped', stats.skipped],
    ['Duration', formatDuration(stats.durationMs)],
    ['Requests/s', formatRate(stats.requests, stats.durationMs)],
  ];
  if (stats.queued > 0) tiles.push(['Still queued', stats.queued]);
  return (
    <header class="report-header">
      <div class="report-title">
        <h1>
          Crawl of <span class="site">{origin}</span>
        </h1>
        {actions}
      </div>
      <dl class="facts">
        <dt>Start URL</dt>
        <dd>
          <UrlText url={report.startUrl} />
        </dd>
        <dt>Robot</dt>
        <dd>{report.robot}</dd>
        <dt>Started</dt>
        <dd>{new Date(stats.startedAtMs).toLocaleString()}</dd>
        <dt>State</dt>
        <dd data-testid="crawl-state" class={report.finished ? 'good' : 'warn'}>
          {crawlState(report)}
        </dd>
      </dl>
      <dl class="stats" aria-label="Counters">
        {tiles.map(([label, value, tone]) => (
          <div key={label} class={`stat ${tone ?? ''}`} data-stat={label}>
            <dt>{label}</dt>
            <dd>{typeof value === 'number' ? value.toLocaleString('en') : value}</dd>
          </div>
        ))}
      </dl>
      <div class="distributions">
        <Distribution
          caption="HTTP status"
          heading="Status"
          counts={report.distribution.httpStatus}
          order="key"
        />
        <Distribution
          caption="Content type"
          heading="Type"
          counts={report.distribution.contentType}
          order="count"
        />
        <Distribution
          caption="Depth (pages of this site)"
          heading="Depth"
          counts={report.distribution.depth}
          order="key"
        />
      </div>
    </header>
  );
}

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
  const entries = Object.entries(counts).sort(([a, x], [b, y]) =>
    order === 'count' ? y - x : compareKeys(a, b),
  );
  const shown = entries.slice(0, MAX_BARS);
  const other = entries.slice(MAX_BARS).reduce((sum, [, n]) => sum + n, 0);
  if (other > 0) shown.push(['other', other]);
  const max = Math.max(1, ...shown.map(([, n]) => n));
  return (
    <table class="distribution">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">URLs</th>
          <th scope="col" class="bar-cell">
            <span class="visually-hidden">Share</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.length === 0 ? (
          <tr>
            <td colSpan={3} class="muted">
              none
            </td>
          </tr>
        ) : null}
        {shown.map(([key, count]) => (
          <tr key={key}>
            <th scope="row">
              <PageText text={key} />
            </th>
            <td class="num">{count.toLocaleString('en')}</td>
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

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
