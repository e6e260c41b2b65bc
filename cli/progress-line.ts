/**
 * A live progress line on a terminal's stderr; silent when stderr is not a
 * terminal. It says what sets the pace, because the usual surprise is that
 * `--concurrency` changes nothing: with the polite default delay, one site
 * gets at most one request per `--delay`, however many may be in flight.
 */
import type { CrawlEvent, CrawlStats } from '../lib/crawl/types.ts';
import type { Translator } from '../lib/i18n/translator.ts';
import { terminalSafe } from './format/terminal-safe.ts';

export interface Pace {
  delayMs: number;
  concurrencyPerOrigin: number;
  /** The site's recent answers, on average; null before the first. */
  meanResponseMs: number | null;
}

export interface ProgressInput {
  stats: Pick<CrawlStats, 'done' | 'queued' | 'inFlight' | 'broken' | 'elapsedMs'>;
  ratePerSecond: number;
  pace: Pace;
}

/** The progress line, a pure function of the crawl's figures; short enough for an 80-column terminal. */
export function progressLine({ stats, ratePerSecond, pace }: ProgressInput, i18n: Translator) {
  const { t, number } = i18n;
  return t('cli_report_progress', {
    elapsed: clockTime(stats.elapsedMs),
    done: stats.done,
    queued: stats.queued,
    broken: stats.broken,
    rate: number(ratePerSecond, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    pace: paceTag(pace, i18n),
  });
}

type PaceKind = 'starting' | 'delay' | 'server';

/**
 * What limits the rate on one site. Requests to a site start at least
 * `delayMs` apart, and at most `concurrencyPerOrigin` are in flight, so the
 * gap between two starts is the larger of the delay and answer time ÷ concurrency.
 */
export function paceKind({ delayMs, concurrencyPerOrigin, meanResponseMs }: Pace): PaceKind {
  if (meanResponseMs === null && delayMs === 0) return 'starting';
  if (delayMs > 0 && (meanResponseMs === null || delayMs >= meanResponseMs / concurrencyPerOrigin))
    return 'delay';
  return 'server';
}

/** The pace in a few words, for the progress line. */
export function paceTag(pace: Pace, { t }: Translator): string {
  const kind = paceKind(pace);
  if (kind === 'starting') return t('cli_report_pace_starting');
  if (kind === 'delay') return t('cli_report_pace_tag_delay', { delay: pace.delayMs });
  return t('cli_report_pace_tag_server', { ms: Math.round(pace.meanResponseMs ?? 0) });
}

/** The pace as a sentence with what to change, printed once above the progress line when it changes. */
export function paceText(pace: Pace, { t }: Translator): string {
  const kind = paceKind(pace);
  if (kind === 'starting') return t('cli_report_pace_starting');
  if (kind === 'delay') return t('cli_report_pace_delay', { delay: pace.delayMs });
  return t('cli_report_pace_server', {
    ms: Math.round(pace.meanResponseMs ?? 0),
    concurrency: pace.concurrencyPerOrigin,
  });
}

/** 0:07, 12:34, 1:02:03. */
export function clockTime(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Mean of the last answers' times, so the pace follows a server that slows down. */
export class ResponseTimes {
  readonly #recent: number[] = [];
  /** The site whose answers count (other sites' answers do not set this site's pace). */
  origin = '';
  add(ms: number): void {
    this.#recent.push(ms);
    if (this.#recent.length > 50) this.#recent.shift();
  }
  get meanMs(): number | null {
    if (this.#recent.length === 0) return null;
    return this.#recent.reduce((a, b) => a + b, 0) / this.#recent.length;
  }
}

export function progressPrinter(
  i18n: Translator,
  pace: () => Pace,
  stream: NodeJS.WriteStream = process.stderr,
): {
  onEvent: (event: CrawlEvent) => void;
  /** A line that stays (above the progress line). */
  note: (text: string) => void;
  clear: () => void;
} {
  if (!stream.isTTY) return { onEvent: () => {}, note: () => {}, clear: () => {} };
  const width = () => Math.max(40, (stream.columns ?? 100) - 1);
  const clear = () => stream.write('\r\u001b[2K');
  const note = (text: string) => {
    clear();
    stream.write(`${terminalSafe(text)}\n`);
  };
  let notedKind: PaceKind = 'starting';
  return {
    clear,
    note,
    onEvent: (event) => {
      if (event.type !== 'progress') return;
      const now = pace();
      if (paceKind(now) !== notedKind) {
        notedKind = paceKind(now);
        note(paceText(now, i18n));
      }
      const line = progressLine(
        { stats: event.stats, ratePerSecond: event.ratePerSecond, pace: now },
        i18n,
      );
      clear();
      stream.write(terminalSafe(line).slice(0, width()));
    },
  };
}
