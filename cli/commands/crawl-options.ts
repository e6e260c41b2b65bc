/**
 * `robotlens crawl`: its options and help, and the crawl options they make.
 * The limits are the Options page's (lib/settings/settings.ts).
 */
import { DEFAULT_SITE_AUDIT_SETTINGS, type SiteAuditSettings } from '../../lib/audit/types.ts';
import { DEFAULT_CRAWL_OPTIONS, type CrawlOptions } from '../../lib/crawl/types.ts';
import { phrase } from '../../lib/i18n/phrase.ts';
import { PRODUCT_TOKEN } from '../../lib/identity.ts';
import { CRAWL_LIMITS } from '../../lib/settings/settings.ts';
import { formatOption, FROM_OPTION, timeoutOption } from '../common-options.ts';
import { formatDuration } from '../duration.ts';
import type { CommandSpec, OptionSpec, ParsedArgs } from '../options.ts';
import { defaultReaderThreads } from '../threads/page-reader-pool.ts';
import { COMPARE_OPTION, FAIL_ON_OPTION } from '../watch/watch-options.ts';

/** Text for people; JSON and CSV for scripts; JUnit, SARIF and Markdown for CI. */
export const CRAWL_FORMATS = ['text', 'json', 'csv', 'junit', 'sarif', 'markdown'] as const;
export type CrawlFormat = (typeof CRAWL_FORMATS)[number];

/**
 * Above the Options page's 16: the command line is also for load on your own
 * server (the benchmark crawls at 32 at once); the delay still paces every site.
 */
const MAX_CONCURRENCY_PER_ORIGIN = 64;

/**
 * The command line's page limit. A whole-site audit of a site of a few
 * thousand pages finishes with the defaults; 10,000 pages stays bounded
 * (~240 MB peak memory and a 7 MB state file, README "Performance"). The
 * extension keeps its own smaller default (lib/crawl/types.ts).
 */
export const CLI_DEFAULT_MAX_PAGES = 10_000;
/**
 * The command line's page limit goes past the extension's (100,000): with
 * `--resume`, the crawl's state lives in its file and a million-URL site is
 * crawled whole (README "Scaling").
 */
export const CLI_MAX_PAGES = 1_000_000;
/** Title and description lengths the audit accepts as limits (a META content is kept up to 1,000). */
const AUDIT_CHARS = { min: 1, max: 1_000 } as const;

/** A whole-site crawl may run for days on a large site with a polite delay; a week at most. */
const MAX_DURATION_LIMIT_MS = 7 * 24 * 3_600_000;

/** Threads that read pages beside the crawl's own (cli/threads/page-reader-pool.ts). */
export const THREADS_OPTION: OptionSpec = {
  name: 'threads',
  value: '<n>',
  kind: 'count',
  min: 0,
  max: 64,
  default: defaultReaderThreads(),
  shownDefault: phrase('cliopt_default_threads'),
  help: phrase('cliopt_crawl_threads'),
};

export const CRAWL_COMMAND: CommandSpec = {
  name: 'crawl',
  usage: ['crawl <url> [options]', 'crawl --resume <state-file> [options]'],
  summary: phrase('cliopt_crawl_summary'),
  options: [
    {
      name: 'max-pages',
      value: '<n>',
      kind: 'count',
      min: CRAWL_LIMITS.maxPages.min,
      max: CLI_MAX_PAGES,
      default: CLI_DEFAULT_MAX_PAGES,
      help: phrase('cliopt_crawl_max_pages'),
    },
    {
      name: 'max-depth',
      value: '<n>',
      kind: 'count',
      ...bounds('maxDepth'),
      default: DEFAULT_CRAWL_OPTIONS.maxDepth,
      help: phrase('cliopt_crawl_max_depth'),
    },
    {
      name: 'concurrency',
      value: '<n>',
      kind: 'count',
      min: CRAWL_LIMITS.concurrencyPerOrigin.min,
      max: MAX_CONCURRENCY_PER_ORIGIN,
      default: DEFAULT_CRAWL_OPTIONS.concurrencyPerOrigin,
      help: phrase('cliopt_crawl_concurrency'),
    },
    {
      name: 'delay',
      value: '<duration>',
      kind: 'duration',
      minMs: CRAWL_LIMITS.delayMs.min,
      maxMs: CRAWL_LIMITS.delayMs.max,
      defaultMs: DEFAULT_CRAWL_OPTIONS.delayMs,
      // Its first spelling, when every duration was milliseconds; a number alone still is.
      aliases: ['delay-ms'],
      help: phrase('cliopt_crawl_delay'),
    },
    timeoutOption(DEFAULT_CRAWL_OPTIONS.timeoutMs),
    THREADS_OPTION,
    {
      name: 'max-duration',
      value: '<duration>',
      kind: 'duration',
      minMs: 1_000,
      maxMs: MAX_DURATION_LIMIT_MS,
      defaultMs: DEFAULT_CRAWL_OPTIONS.maxDurationMs,
      help: phrase('cliopt_crawl_max_duration'),
    },
    {
      name: 'ua',
      value: '<token>',
      kind: 'robot',
      default: PRODUCT_TOKEN,
      help: phrase('cliopt_crawl_ua'),
    },
    FROM_OPTION,
    { name: 'same-domain', kind: 'flag', help: phrase('cliopt_crawl_same_domain') },
    { name: 'sitemaps', kind: 'flag', help: phrase('cliopt_crawl_sitemaps') },
    { name: 'no-external', kind: 'flag', help: phrase('cliopt_crawl_no_external') },
    { name: 'ignore-robots', kind: 'flag', help: phrase('cliopt_crawl_ignore_robots') },
    {
      name: 'audit-robot',
      value: '<token>',
      kind: 'robot',
      default: DEFAULT_SITE_AUDIT_SETTINGS.robot,
      help: phrase('cliopt_crawl_audit_robot'),
    },
    { name: 'no-audit', kind: 'flag', help: phrase('cliopt_crawl_no_audit') },
    {
      name: 'max-title-chars',
      value: '<n>',
      kind: 'count',
      ...AUDIT_CHARS,
      default: DEFAULT_SITE_AUDIT_SETTINGS.maxTitleChars,
      help: phrase('cliopt_crawl_max_title_chars'),
    },
    {
      name: 'max-description-chars',
      value: '<n>',
      kind: 'count',
      ...AUDIT_CHARS,
      default: DEFAULT_SITE_AUDIT_SETTINGS.maxDescriptionChars,
      help: phrase('cliopt_crawl_max_description_chars'),
    },
    {
      name: 'block',
      value: '<pattern>',
      kind: 'block',
      multiple: true,
      help: phrase('cliopt_crawl_block'),
    },
    {
      name: 'resume',
      value: '<state-file>',
      kind: 'output-file',
      help: phrase('cliopt_crawl_resume'),
    },
    formatOption(CRAWL_FORMATS),
    {
      name: 'out',
      value: '<file>',
      kind: 'output-file',
      shownDefault: phrase('cliopt_default_stdout'),
      help: phrase('cliopt_crawl_out'),
    },
    COMPARE_OPTION,
    FAIL_ON_OPTION,
  ],
  examples: [
    'crawl https://example.com/',
    'crawl localhost:8080 --delay 0 --concurrency 8 --max-pages 20000',
    'crawl example.com --resume site.state.json --max-duration 10m',
    'crawl example.com --block "/search*" --block "re:/tag/\\d+$" --format csv --out broken.csv',
    'crawl example.com --compare last.json --fail-on new-broken,noindex-change --format sarif --out crawl.sarif',
  ],
};

function bounds(key: keyof typeof CRAWL_LIMITS): { min: number; max: number } {
  return CRAWL_LIMITS[key];
}

/** The crawl options the command line sets, from its checked values. */
export function crawlOptionsOf(
  args: ParsedArgs,
  startUrl: string,
): Partial<CrawlOptions> & Pick<CrawlOptions, 'startUrls'> {
  const perOrigin = args.number('concurrency');
  const from = args.text('from');
  return {
    startUrls: [startUrl],
    robot: args.text('ua') ?? PRODUCT_TOKEN,
    maxPages: args.number('max-pages'),
    maxDepth: args.number('max-depth'),
    concurrencyPerOrigin: perOrigin,
    // Outside links are checked in parallel with the site's own pages, each origin politely.
    concurrency: Math.max(DEFAULT_CRAWL_OPTIONS.concurrency, perOrigin * 4),
    delayMs: args.number('delay'),
    timeoutMs: args.number('timeout'),
    maxDurationMs: args.number('max-duration'),
    scope: args.flag('same-domain') ? 'site' : 'origin',
    useSitemaps: args.flag('sitemaps'),
    checkExternal: !args.flag('no-external'),
    obeyRobots: !args.flag('ignore-robots'),
    blockList: args.list('block'),
    audit: auditSettingsOf(args),
    ...(from ? { from } : {}),
  };
}

/** The site audit's settings; null with `--no-audit`. */
function auditSettingsOf(args: ParsedArgs): SiteAuditSettings | null {
  if (args.flag('no-audit')) return null;
  return {
    robot: args.text('audit-robot') ?? DEFAULT_SITE_AUDIT_SETTINGS.robot,
    maxTitleChars: args.number('max-title-chars'),
    maxDescriptionChars: args.number('max-description-chars'),
  };
}

/**
 * Options given again when a crawl resumes from its state file whose value
 * differs from the one saved with it: the saved ones are used (a crawl
 * half-done under one set of limits cannot switch to another), and the
 * person is told which of theirs were not.
 */
export function optionsNotUsedOnResume(
  args: ParsedArgs,
  saved: CrawlOptions,
): { option: string; given: string; saved: string }[] {
  const startUrl = saved.startUrls[0] ?? '';
  const wanted = crawlOptionsOf(args, startUrl);
  const differs: { option: string; given: string; saved: string }[] = [];
  for (const [option, key] of Object.entries(RESUMED_FROM_STATE)) {
    if (!args.given.has(option)) continue;
    const [given, was] = [shown(key, wanted[key]), shown(key, saved[key])];
    if (given !== was) differs.push({ option: `--${option}`, given, saved: was });
  }
  return differs;
}

function shown(key: keyof CrawlOptions, value: unknown): string {
  if (typeof value === 'number' && key.endsWith('Ms')) return formatDuration(value);
  if (Array.isArray(value)) return value.join(' ');
  // A state file from before the audit has none: it resumes with the default.
  if (key === 'audit')
    return auditShown(
      value === undefined ? DEFAULT_SITE_AUDIT_SETTINGS : (value as SiteAuditSettings | null),
    );
  return String(value ?? '');
}

/** The audit settings as one value (the state file keeps them together): `off` or `googlebot 60/160`. */
function auditShown(audit: SiteAuditSettings | null): string {
  return audit === null
    ? 'off'
    : `${audit.robot} ${audit.maxTitleChars}/${audit.maxDescriptionChars}`;
}

/**
 * Each crawl option the state file keeps, by the command-line option that
 * sets it. `--max-pages` and `--max-duration` are not here: given with
 * `--resume` they set the new run's limits (see carryOn in crawl.ts).
 */
const RESUMED_FROM_STATE: Record<string, keyof CrawlOptions> = {
  'max-depth': 'maxDepth',
  concurrency: 'concurrencyPerOrigin',
  delay: 'delayMs',
  timeout: 'timeoutMs',
  ua: 'robot',
  from: 'from',
  'same-domain': 'scope',
  sitemaps: 'useSitemaps',
  'no-external': 'checkExternal',
  'ignore-robots': 'obeyRobots',
  block: 'blockList',
  'audit-robot': 'audit',
  'no-audit': 'audit',
  'max-title-chars': 'audit',
  'max-description-chars': 'audit',
};
