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
import { stringifySafeJson } from '../../lib/text/safe-json.ts';
import { DEFAULT_CRAWL_OPTIONS, type CrawlOptions } from '../../lib/crawl/types.ts';
import { PRODUCT_TOKEN, USER_AGENT } from '../../lib/identity.ts';
import { parseBlockOption } from '../block-option.ts';
import { readCheckpoint, writeCheckpoint } from '../checkpoint-file.ts';
import { formatCrawlText } from '../format/crawl-text.ts';
import { createNodeHttp } from '../http/node-http.ts';
import { parseCommandArgs, parseFormat, parsePositiveInt, parseTargetUrl } from '../options.ts';
import { progressPrinter } from '../progress-line.ts';
import { UsageError } from '../usage-error.ts';

const OPTIONS = {
  'max-pages': { type: 'string' },
  'max-depth': { type: 'string' },
  concurrency: { type: 'string' },
  'delay-ms': { type: 'string' },
  timeout: { type: 'string' },
  'max-duration': { type: 'string' },
  ua: { type: 'string' },
  from: { type: 'string' },
  'same-domain': { type: 'boolean' },
  sitemaps: { type: 'boolean' },
  'no-external': { type: 'boolean' },
  'ignore-robots': { type: 'boolean' },
  block: { type: 'string', multiple: true },
  resume: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
} as const;

export async function runCrawl(args: string[], i18n: Translator): Promise<number> {
  // Every waiting request listens on the crawl's abort signal; dozens at once is normal, not a leak.
  EventEmitter.defaultMaxListeners = Math.max(EventEmitter.defaultMaxListeners, 500);
  const { values, positionals } = parseCommandArgs(args, OPTIONS);
  const format = parseFormat(values.format, ['text', 'json', 'csv']) as 'text' | 'json' | 'csv';
  const previous = values.resume ? await readCheckpoint(values.resume) : null;
  if (positionals.length > 1) throw new UsageError(phrase('cli_crawl_one_url'));
  if (positionals.length === 0 && !previous)
    throw new UsageError(phrase('cli_missing', { what: phrase('cli_what_start_url') }));
  const http = createNodeHttp({
    userAgent: USER_AGENT,
    ...(values.from ? { from: values.from } : {}),
  });
  const progress = progressPrinter(i18n);
  const stateFile = values.resume;
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
    : Crawler.start(crawlOptions(values, parseTargetUrl(positionals[0])), ports);
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
      ? `${stringifySafeJson(report, 2)}\n`
      : format === 'csv'
        ? brokenLinksCsv(report)
        : formatCrawlText(report, i18n);
  if (values.out) await writeFile(values.out, output);
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

function crawlOptions(
  values: Record<string, string | boolean | string[] | undefined>,
  startUrl: string,
): Partial<CrawlOptions> & Pick<CrawlOptions, 'startUrls'> {
  const str = (name: string) => values[name] as string | undefined;
  const perOrigin = parsePositiveInt(
    'concurrency',
    str('concurrency'),
    DEFAULT_CRAWL_OPTIONS.concurrencyPerOrigin,
  );
  return {
    startUrls: [startUrl],
    robot: str('ua')?.trim() || PRODUCT_TOKEN,
    maxPages: parsePositiveInt('max-pages', str('max-pages'), DEFAULT_CRAWL_OPTIONS.maxPages),
    maxDepth: parsePositiveInt('max-depth', str('max-depth'), DEFAULT_CRAWL_OPTIONS.maxDepth),
    concurrencyPerOrigin: perOrigin,
    // Outside links are checked in parallel with the site's own pages, each origin politely.
    concurrency: Math.max(DEFAULT_CRAWL_OPTIONS.concurrency, perOrigin * 4),
    delayMs: parseNonNegativeInt('delay-ms', str('delay-ms'), DEFAULT_CRAWL_OPTIONS.delayMs),
    timeoutMs: parsePositiveInt('timeout', str('timeout'), DEFAULT_CRAWL_OPTIONS.timeoutMs),
    maxDurationMs: parsePositiveInt(
      'max-duration',
      str('max-duration'),
      DEFAULT_CRAWL_OPTIONS.maxDurationMs,
    ),
    scope: values['same-domain'] ? 'site' : 'origin',
    useSitemaps: values.sitemaps === true,
    checkExternal: values['no-external'] !== true,
    obeyRobots: values['ignore-robots'] !== true,
    blockList: parseBlockOption(values.block as string[] | undefined),
    ...(str('from') ? { from: str('from')! } : {}),
  };
}

function parseNonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new UsageError(phrase('cli_not_non_negative', { name, value }));
  return number;
}
