/**
 * `robotlens crawl <url>`: a polite crawl of the site from the command line.
 * Exit 0 when nothing is broken, 1 when something is, 2 on error.
 */
import { EventEmitter } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { getDomain } from 'tldts';
import { systemClock } from '../../lib/crawl/clock.ts';
import { phrase } from '../../lib/i18n/phrase.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import { Crawler } from '../../lib/crawl/crawl.ts';
import { buildReport } from '../../lib/crawl/report.ts';
import { brokenLinksCsv } from '../../lib/crawl/report-csv.ts';
import { USER_AGENT } from '../../lib/identity.ts';
import { checkSameCrawl, readCheckpoint, writeCheckpoint } from '../checkpoint-file.ts';
import { formatCrawlText } from '../format/crawl-text.ts';
import { createNodeHttp } from '../http/node-http.ts';
import { parseCommandArgs, type ParsedArgs } from '../options.ts';
import { progressPrinter } from '../progress-line.ts';
import { targetUrl } from '../target-url.ts';
import { UsageError } from '../usage-error.ts';
import { CRAWL_COMMAND, crawlOptionsOf, optionsNotUsedOnResume } from './crawl-options.ts';

export async function runCrawl(args: string[], i18n: Translator): Promise<number> {
  // Every waiting request listens on the crawl's abort signal; dozens at once is normal, not a leak.
  EventEmitter.defaultMaxListeners = Math.max(EventEmitter.defaultMaxListeners, 500);
  const options = parseCommandArgs(args, CRAWL_COMMAND);
  const { positionals } = options;
  const format = options.text('format');
  const stateFile = options.text('resume');
  const previous = stateFile ? await readCheckpoint(stateFile) : null;
  if (positionals.length > 1) throw new UsageError(phrase('cli_crawl_one_url'));
  if (positionals.length === 0 && !previous)
    throw new UsageError(phrase('cli_missing', { what: phrase('cli_what_start_url') }));
  const startUrl = positionals[0] === undefined ? null : targetUrl(positionals[0], i18n).url;
  if (previous && stateFile && startUrl) checkSameCrawl(previous, startUrl, stateFile);
  if (previous && stateFile) noteOptionsNotUsed(options, previous, stateFile, i18n);
  const from = options.text('from');
  const http = createNodeHttp({ userAgent: USER_AGENT, ...(from ? { from } : {}) });
  const progress = progressPrinter(i18n);
  const ports = {
    http,
    clock: systemClock,
    onEvent: progress.onEvent,
    getDomain: (host: string) => getDomain(host, { allowPrivateDomains: true }),
    ...(stateFile
      ? { save: (checkpoint: CrawlCheckpoint) => writeCheckpoint(stateFile, checkpoint) }
      : {}),
  };
  const crawler = previous
    ? previous.finished
      ? Crawler.recrawl(previous, ports)
      : Crawler.resume(previous, ports)
    : Crawler.start(crawlOptionsOf(options, startUrl!), ports);
  const stop = new AbortController();
  const onSigint = () => stop.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  let checkpoint: CrawlCheckpoint;
  try {
    checkpoint = await crawler.run(stop.signal);
  } finally {
    process.off('SIGINT', onSigint);
    progress.clear();
  }
  const report = buildReport(checkpoint, crawler.stats());
  const output =
    format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : format === 'csv'
        ? brokenLinksCsv(report)
        : formatCrawlText(report, i18n);
  const out = options.text('out');
  if (out) await writeFile(out, output);
  else process.stdout.write(output);
  if (crawler.saveError) {
    const error = crawler.saveError.message;
    process.stderr.write(
      `robotlens: ${i18n.t('cli_save_failed', { file: stateFile ?? '', error })}\n`,
    );
    return 2;
  }
  return report.broken.length > 0 ? 1 : 0;
}

/** A resumed crawl keeps its saved options: say which of the ones given again are not used. */
function noteOptionsNotUsed(
  options: ParsedArgs,
  previous: CrawlCheckpoint,
  file: string,
  i18n: Translator,
): void {
  for (const { option, given, saved } of optionsNotUsedOnResume(options, previous.options))
    process.stderr.write(
      `robotlens: ${i18n.t('cliopt_resume_option_not_used', { option, given, saved, file })}\n`,
    );
}
