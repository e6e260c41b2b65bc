/**
 * `robotlens crawl <url>`: a polite crawl of the site from the command line.
 * Exit codes (README "Exit codes"): 0 nothing broken, 1 broken links found,
 * 2 error (bad option, unreachable start, state not saved, a `--compare`
 * file that is no saved crawl of this site), 3 cut short (a limit, Ctrl-C
 * or SIGTERM) — the report then covers part of the site only and names the
 * command that goes on. `--fail-on <conditions>` replaces rule 1: exit 1
 * ("failed") only when a named condition holds, else 0; 2 and 3 stay.
 * `--compare <saved>` puts "Changes since <date>" first (JSON: `changes`).
 */
import { setMaxListeners } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { getDomain } from 'tldts';
import { systemClock } from '../../lib/crawl/clock.ts';
import { phrase } from '../../lib/i18n/phrase.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import {
  splitLeftPacked,
  type CrawlCheckpoint,
  type ResumableCheckpoint,
} from '../../lib/crawl/crawl-book.ts';
import { rowsOfCheckpoint, type CheckpointChanges } from '../../lib/crawl/checkpoint-rows.ts';
import { continuedCheckpoint, cutShortOf, recrawlOptions } from '../../lib/crawl/continue-crawl.ts';
import { Crawler, type CrawlPorts } from '../../lib/crawl/crawl.ts';
import { buildReport, reportListsSources, type CrawlReport } from '../../lib/crawl/report.ts';
import { brokenLinksCsv, csvCell } from '../../lib/crawl/report-csv.ts';
import { textShaping } from '../../lib/i18n/with-text.ts';
import { safeJsonChunks } from '../../lib/text/safe-json.ts';
import { reportSections, type ReportSections } from '../../lib/crawl/report-sections.ts';
import type { HttpFetch } from '../../lib/http/types.ts';
import type { CrawlOptions, CrawlStats } from '../../lib/crawl/types.ts';
import { USER_AGENT } from '../../lib/identity.ts';
import { checkSameCrawl } from '../checkpoint-file.ts';
import type { SqliteCrawlStore } from '../state/sqlite-crawl-store.ts';
import { openStateStore, readStateFile, writeWholeState } from '../state/state-file.ts';
import { summaryLine, type CutShortNote } from '../format/crawl-summary.ts';
import { formatCrawlText } from '../format/crawl-text.ts';
import { crawlNetwork } from '../http/crawl-network.ts';
import { cliTranslator } from '../i18n.ts';
import { parseCommandArgs, type ParsedArgs } from '../options.ts';
import { progressPrinter, ResponseTimes } from '../progress-line.ts';
import { resumeCommand } from '../resume-command.ts';
import { targetUrl } from '../target-url.ts';
import { writeOutput } from '../write-output.ts';
import { compareCrawls } from '../../lib/watch/compare-crawls.ts';
import { snapshotOfReport } from '../../lib/watch/snapshot.ts';
import type { CrawlChanges, CrawlSnapshot } from '../../lib/watch/types.ts';
import { formatChangesText } from '../format/changes-text.ts';
import { crawlJunit } from '../format/crawl-junit.ts';
import { crawlMarkdown } from '../format/crawl-markdown.ts';
import { crawlSarif } from '../format/crawl-sarif.ts';
import { failOnExit } from '../watch/exit-rule.ts';
import { readSavedCrawl } from '../watch/saved-crawl.ts';
import { failOnOf } from '../watch/watch-options.ts';
import { UsageError } from '../usage-error.ts';
import { openPageReaderPool } from '../threads/page-reader-pool.ts';
import {
  CLI_DEFAULT_MAX_PAGES,
  CRAWL_COMMAND,
  crawlOptionsOf,
  type CrawlFormat,
  optionsNotUsedOnResume,
} from './crawl-options.ts';

export { CLI_DEFAULT_MAX_PAGES };

/** Exit codes, the same in README and help. `failed`: a `--fail-on` condition holds. */
export const EXIT = { clean: 0, broken: 1, failed: 1, error: 2, cutShort: 3 } as const;

type StopSignal = 'SIGINT' | 'SIGTERM';

export async function runCrawl(args: string[], i18n: Translator): Promise<number> {
  const options = parseCommandArgs(args, CRAWL_COMMAND);
  const { positionals } = options;
  const format = options.text('format') as CrawlFormat;
  const stateFile = options.text('resume');
  let previous = stateFile ? await readStateFile(stateFile) : null;
  if (positionals.length > 1) throw new UsageError(phrase('cli_crawl_one_url'));
  if (positionals.length === 0 && !previous)
    throw new UsageError(phrase('cli_missing', { what: phrase('cli_what_start_url') }));
  const given = positionals[0] === undefined ? null : targetUrl(positionals[0], i18n).url;
  if (previous && stateFile && given) checkSameCrawl(previous, given, stateFile);
  if (previous && stateFile) noteOptionsNotUsed(options, previous, stateFile, i18n);
  const startUrl = previous?.options.startUrls[0] ?? given!;
  const compareFile = options.text('compare');
  const conditions = failOnOf(options, compareFile !== undefined);
  // Read and checked before crawling: a wrong file must not cost a crawl.
  const saved = compareFile ? await savedCrawlOf(compareFile, startUrl) : null;
  const from = options.text('from');
  const network = crawlNetwork(startUrl, { userAgent: USER_AGENT, ...(from ? { from } : {}) });
  const addressGuard = network.addressGuard;
  const responseTimes = new ResponseTimes();
  const http = timed(network.http, responseTimes);
  let pace = { delayMs: 0, concurrencyPerOrigin: 1 };
  const progress = progressPrinter(i18n, () => ({ ...pace, meanResponseMs: responseTimes.meanMs }));
  // Opened only now: a state file refused above (another crawl's) is left as it was.
  const store = stateFile ? await openStateStore(stateFile, previous) : null;
  const readers = openPageReaderPool(options.number('threads'));
  const ports = {
    http,
    addressGuard,
    ...(readers ? { readPage: readers.readPage } : {}),
    clock: systemClock,
    onEvent: progress.onEvent,
    getDomain: (host: string) => getDomain(host, { allowPrivateDomains: true }),
  };
  const { report, cut, saveError } = await crawlToReport(
    () => {
      // The state file's crawl is let go once the crawler holds what it needs: kept for the
      // whole run, it doubled the heap of a big crawl resumed (scale site, 626,028 URLs
      // known: 1.7-1.9 GB RSS as it went on, against ~750 MB without it).
      const from = previous;
      previous = null;
      return from
        ? carryOn(from, options, ports, store)
        : Crawler.start(crawlOptionsOf(options, startUrl), { ...ports, ...savedTo(store, false) });
    },
    {
      store,
      stateFile,
      outputArgs: outputArgs(options),
      progress,
      readers,
      i18n,
      onStart: (crawlOptions) => {
        pace = {
          delayMs: crawlOptions.delayMs,
          concurrencyPerOrigin: crawlOptions.concurrencyPerOrigin,
        };
        responseTimes.origin = new URL(crawlOptions.startUrls[0]!).origin;
      },
    },
  );
  const sections = reportSections(report);
  const changes = saved ? compareCrawls(saved, snapshotOfReport(report)) : null;
  const output = render(format, { report, sections, cut, changes }, i18n);
  const out = options.text('out');
  await writeOutput(typeof output === 'string' ? [output] : output, out);
  // The report's last line when it is text on the terminal; otherwise the one line a person sees.
  if (format !== 'text' || options.text('out'))
    process.stderr.write(`${summaryLine(report, sections, cut, i18n)}\n`);
  if (saveError) {
    const error = saveError.message;
    process.stderr.write(
      `robotlens: ${i18n.t('cli_save_failed', { file: stateFile ?? '', error })}\n`,
    );
    return EXIT.error;
  }
  if (report.unreachableStart.length > 0) {
    // Nothing could be crawled: an error with its cause, not "finished, 1 broken".
    for (const start of report.unreachableStart) {
      const error = i18n.say(start.reason);
      process.stderr.write(
        `robotlens: ${i18n.t('crawlengine_start_unreachable', { url: start.url, error })}\n`,
      );
    }
    return EXIT.error;
  }
  if (cut) return EXIT.cutShort;
  const siteBroken = sections.siteBroken.length + sections.offSiteBroken.length;
  if (conditions) return failOnExit(conditions, { siteBroken, changes }, i18n);
  return siteBroken > 0 ? EXIT.broken : EXIT.clean;
}

interface CrawlRun {
  store: SqliteCrawlStore | null;
  stateFile: string | undefined;
  outputArgs: string[];
  progress: ReturnType<typeof progressPrinter>;
  readers: ReturnType<typeof openPageReaderPool>;
  i18n: Translator;
  onStart: (options: CrawlOptions) => void;
}

/**
 * Crawls until the crawl ends or is stopped (Ctrl-C, SIGTERM) and gives
 * back its report only. The crawl's state (the book and the checkpoint it
 * ends with) is let go here, before the report is rendered and written:
 * after the 10,137 pages of the OpenJDK docs, 21 MB of heap left alive
 * when the report is rendered instead of 78 MB (after a full collection).
 */
async function crawlToReport(
  makeCrawler: () => Crawler,
  run: CrawlRun,
): Promise<{ report: CrawlReport; cut: CutShortNote | null; saveError: Error | null }> {
  const { checkpoint, stats, saveError, stoppedBy } = await crawlToEnd(makeCrawler, run);
  const cut = await cutShortNote(checkpoint, stoppedBy, run.stateFile, run.outputArgs);
  // The checkpoint is used up here: the report may let go of its parts as it goes.
  return { report: buildReport(checkpoint, stats, { usesUpCheckpoint: true }), cut, saveError };
}

/**
 * Runs the crawl to its end. The crawler lives only here: once this returns,
 * what it does not share with the final checkpoint (its maps of every URL,
 * the link sources' working structures, the politeness and robots.txt
 * state) is garbage, so building the report can reuse that memory rather
 * than add to it: the peak of a big crawl's process is at its end.
 */
async function crawlToEnd(
  makeCrawler: () => Crawler,
  { store, progress, readers, i18n, onStart }: CrawlRun,
): Promise<{
  checkpoint: CrawlCheckpoint;
  stats: CrawlStats;
  saveError: Error | null;
  stoppedBy: StopSignal | null;
}> {
  const crawler = makeCrawler();
  onStart(crawler.book.options);
  const stop = new AbortController();
  // Each request in flight listens to the crawl's signal until it ends (request-deadline.ts),
  // so more than Node's 10 is no leak: 8 at once and a few external checks passed it.
  setMaxListeners(0, stop.signal);
  let stoppedBy: StopSignal | null = null;
  const onSignal = (signal: StopSignal) => {
    stoppedBy = signal;
    progress.note(i18n.t('cli_report_stopping'));
    stop.abort(new Error(signal));
  };
  // `once`: a second Ctrl-C (or SIGTERM) finds no handler and ends the process at once.
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let checkpoint: CrawlCheckpoint;
  try {
    // With a state file the crawl's state is there: the checkpoint is only read, for the report.
    checkpoint = await crawler.run(stop.signal, store ? reportListsSources : undefined);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    progress.clear();
    await readers?.close();
  }
  const closeError = closeStore(store);
  const saveError = crawler.saveError ?? closeError;
  return { checkpoint, stats: crawler.stats(), saveError, stoppedBy };
}

/** The saved crawl to compare with; one of another site is refused, naming both start URLs. */
async function savedCrawlOf(file: string, startUrl: string): Promise<CrawlSnapshot> {
  const saved = await readSavedCrawl(file);
  if (new URL(saved.startUrl).origin !== new URL(startUrl).origin)
    throw new UsageError(
      phrase('cliopt_compare_other_site', { file, saved: saved.startUrl, url: startUrl }),
    );
  return saved;
}

/**
 * A crawl from its state file: one cut short goes on where it stopped (the
 * page limit's pages fetched now, a new time budget for this run); a
 * finished one is crawled again conditionally. `--max-pages` and
 * `--max-duration` given with `--resume` set the new limits.
 */
function carryOn(
  previous: ResumableCheckpoint,
  options: ParsedArgs,
  ports: CrawlPorts,
  store: SqliteCrawlStore | null,
): Crawler {
  const given = (name: 'max-pages' | 'max-duration') =>
    options.given.has(name) ? options.number(name) : undefined;
  const maxPages = given('max-pages');
  const runMs = given('max-duration');
  const limits = {
    ...(maxPages !== undefined ? { maxPages } : {}),
    ...(runMs !== undefined ? { runMs } : {}),
  };
  if (!previous.finished || cutShortOf(previous)) {
    const continued = continuedCheckpoint(previous, limits);
    const requeued = requeuedChanges(previous, continued);
    if (store && requeued) store.save(requeued);
    return Crawler.resume(continued, { ...ports, ...savedTo(store, true) });
  }
  // A new crawl of the site: its first save replaces the finished one's rows. It needs every
  // record (what was not a page), so URLs left packed in the store are read back now.
  const whole = store && previous.leftPacked ? store.load()! : (previous as CrawlCheckpoint);
  // Its limits are the finished crawl's (one run's time), but for those given now.
  const limited = recrawlOptions(whole.options, limits);
  return Crawler.recrawl({ ...whole, options: limited }, { ...ports, ...savedTo(store, false) });
}

/**
 * The ports that save to the store as the crawl goes; `holds`: the store
 * holds the crawl's checkpoint already, so the first save is what changed.
 */
function savedTo(store: SqliteCrawlStore | null, holds: boolean): Partial<CrawlPorts> {
  if (!store) return {};
  return {
    storeHolds: holds,
    saveChanges: (changes) => Promise.resolve(store.save(changes)),
    // Packed records leave the heap once saved, read back from the store when next needed.
    readPacked: store.readPacked,
  };
}

/**
 * What carrying on changed before the crawl runs: the pages the page limit
 * skipped go back in the queue, and the limits in the head. Written first,
 * so the store holds exactly the checkpoint the resumed crawl starts from
 * and its later saves (only what changes) keep it so.
 */
function requeuedChanges(
  previous: ResumableCheckpoint,
  continued: ResumableCheckpoint,
): CheckpointChanges | null {
  const kept = new Set(continued.records.map((record) => record.url));
  const requeued = new Set(previous.records.flatMap((r) => (kept.has(r.url) ? [] : [r.url])));
  // Nothing requeued: the rows are as stored, and the head is saved with the crawl's first save.
  if (requeued.size === 0) return null;
  // Only the requeued URLs' own state changed: the links to them and the growing lists did not.
  // Those were skipped, never packed: the rows of URLs left packed in the store are not needed.
  const { head, rows } = rowsOfCheckpoint({ ...continued, ...splitLeftPacked(continued) });
  return {
    replace: false,
    head,
    rows: rows.filter((row) => requeued.has(row.url)),
    links: [],
    tail: [],
  };
}

/** Closes the state file once the crawl is done with it; a failure here is a failed save. */
function closeStore(store: SqliteCrawlStore | null): Error | null {
  try {
    store?.close();
    return null;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** How the crawl was cut short, with its state saved where the resume command will find it. */
async function cutShortNote(
  checkpoint: CrawlCheckpoint,
  signal: StopSignal | null,
  stateFile: string | undefined,
  outputArgs: string[],
): Promise<CutShortNote | null> {
  const cut = cutShortOf(checkpoint);
  if (!cut) return null;
  let file = stateFile;
  if (!file) {
    file = path.join(os.tmpdir(), stateFileName(checkpoint.options.startUrls[0]!));
    await writeWholeState(file, checkpoint);
  }
  return { ...cut, signal, resumeCommand: resumeCommand(file, outputArgs) };
}

/** robotlens-127.0.0.1_8802-20261201-091500.sqlite: the site and when, in the file name. */
function stateFileName(startUrl: string): string {
  const host = new URL(startUrl).host.replace(/[^A-Za-z0-9.-]/g, '_');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `robotlens-${host}-${stamp}.sqlite`;
}

/** The output options a resumed run must repeat (the state file keeps the crawl's own). */
function outputArgs(options: ParsedArgs): string[] {
  const format = options.given.has('format') ? options.text('format') : undefined;
  const out = options.text('out');
  return [...(format ? ['--format', format] : []), ...(out ? ['--out', out] : [])];
}

interface Rendered {
  report: CrawlReport;
  sections: ReportSections;
  cut: CutShortNote | null;
  /** What changed since the `--compare` crawl; null without one. */
  changes: CrawlChanges | null;
}

/** The report in the chosen format; JSON, the biggest, in pieces (see safeJsonChunks). */
function render(
  format: CrawlFormat,
  rendered: Rendered,
  i18n: Translator,
): string | Iterable<string> {
  const { report, sections, cut, changes } = rendered;
  if (format === 'text') {
    const text = formatCrawlText(report, i18n, cut, sections);
    return changes ? `${formatChangesText(changes, i18n)}\n${text}` : text;
  }
  if (format === 'markdown') return crawlMarkdown(report, sections, changes, i18n);
  // JSON, CSV, JUnit and SARIF are data: the same words in every language.
  const english = cliTranslator('en');
  if (format === 'junit') return crawlJunit(report, sections, changes, english);
  if (format === 'sarif') return crawlSarif(report, sections, changes, english);
  const summary = summaryLine(report, sections, cut, english);
  if (format === 'json') return crawlJson(report, cut, summary, changes, english);
  const csv = brokenLinksCsv(report, english.say);
  if (!cut) return csv;
  const row = [report.startUrl, null, 'cut-short', summary, null, null, null, null, null];
  return `${csv}${row.map(csvCell).join(',')}\r\n`;
}

/** The report as JSON: data, so its words are English, each with its phrase beside it. */
function* crawlJson(
  report: CrawlReport,
  cut: CutShortNote | null,
  summary: string,
  changes: CrawlChanges | null,
  english: Translator,
): Generator<string> {
  const cutShort = cut
    ? {
        reason: cut.reason,
        signal: cut.signal,
        left: cut.left,
        limit: cut.limit,
        resumeCommand: cut.resumeCommand,
      }
    : null;
  // Worded as it is written: a million-page report is not copied whole to add its words.
  const json = { ...report, cutShort, summary, ...(changes ? { changes } : {}) };
  yield* safeJsonChunks(json, 2, 2, textShaping(english.say));
  yield '\n';
}

/** The HTTP port, timing the start site's answers for the progress line's pace. */
function timed(http: HttpFetch, times: ResponseTimes): HttpFetch {
  return async (request) => {
    const startedMs = performance.now();
    const response = await http(request);
    if (new URL(request.url).origin === times.origin) times.add(performance.now() - startedMs);
    return response;
  };
}

/** A resumed crawl keeps its saved options: say which of the ones given again are not used. */
function noteOptionsNotUsed(
  options: ParsedArgs,
  previous: Pick<CrawlCheckpoint, 'options'>,
  file: string,
  i18n: Translator,
): void {
  for (const { option, given, saved } of optionsNotUsedOnResume(options, previous.options))
    process.stderr.write(
      `robotlens: ${i18n.t('cliopt_resume_option_not_used', { option, given, saved, file })}\n`,
    );
}
