/**
 * The crawl's vocabulary: options, the closed set of link statuses, what is
 * recorded per URL, the events a crawl emits, and the report. The engine
 * (crawl.ts) and every consumer (command line, service worker, report page)
 * speak only these types.
 */
import type { HttpErrorKind, RedirectHop } from '../http/types.ts';
import type { LinkAttribute, LinkElement } from '../links/link-types.ts';
import type { Phrase } from '../i18n/phrase.ts';
import type { TrapKind } from './traps.ts';
import {
  DEFAULT_SITE_AUDIT_SETTINGS,
  type PageAuditFacts,
  type SiteAuditSettings,
} from '../audit/types.ts';

export interface CrawlOptions {
  /** Where the crawl starts (one or more URLs of the same site). */
  startUrls: string[];
  /** Product token robots.txt is obeyed for. */
  robot: string;
  maxPages: number;
  /** Links followed from a start URL, at most. */
  maxDepth: number;
  /** Requests in flight per origin (default 2). */
  concurrencyPerOrigin: number;
  /** Requests in flight overall. */
  concurrency: number;
  /** Pause between two requests to one origin (robots.txt Crawl-delay raises it). */
  delayMs: number;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Body bytes read per page; the rest is dropped and the page marked truncated. */
  maxBodyBytes: number;
  /** Whole-crawl time limit (summed over the runs of a crawl carried on: see runLimits). */
  maxDurationMs: number;
  /**
   * What one run of a crawl carried on after a cut is given (lib/crawl/continue-crawl.ts):
   * `maxPages` more pages, `maxDurationMs` of time. `maxPages` and `maxDurationMs` above
   * are then the whole crawl's, summed over its runs. Absent for a crawl of one run, whose
   * limits are its run's.
   */
  runLimits?: { maxPages: number; maxDurationMs: number };
  maxRedirects: number;
  /** Distinct query strings per path before the rest is a "query space" trap. */
  maxQueriesPerPath: number;
  maxUrlChars: number;
  /** 429/503 retries per URL, each after its Retry-After. */
  maxRetries: number;
  /** A Retry-After longer than this is not waited out: the URL is "rate-limited". */
  maxRetryAfterMs: number;
  obeyRobots: boolean;
  checkExternal: boolean;
  /** 'origin' (default) or 'site' (the same registrable domain). */
  scope: 'origin' | 'site';
  /** Seed from the sitemaps robots.txt names, and compare them with the crawl. */
  useSitemaps: boolean;
  /** Globs (or `re:` patterns) of URLs never to fetch. */
  blockList: string[];
  /** Sent as `From` by adapters that can; recorded here for the report. */
  from?: string;
  /**
   * The whole-site audit (job 1 for every page, lib/audit/): for which robot,
   * with which limits; null turns it off. A checkpoint saved before it
   * existed resumes with the default.
   */
  audit: SiteAuditSettings | null;
}

export const DEFAULT_CRAWL_OPTIONS: Omit<CrawlOptions, 'startUrls'> = {
  robot: 'RobotLens',
  maxPages: 500,
  maxDepth: 20,
  concurrencyPerOrigin: 2,
  concurrency: 8,
  delayMs: 50,
  timeoutMs: 15_000,
  // Googlebot reads the first 15 MB of an HTML file: links past that are not followed by it either.
  maxBodyBytes: 15 * 1024 * 1024,
  maxDurationMs: 30 * 60_000,
  maxRedirects: 10,
  maxQueriesPerPath: 20,
  maxUrlChars: 2_000,
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  obeyRobots: true,
  checkExternal: true,
  scope: 'origin',
  useSitemaps: false,
  blockList: [],
  audit: DEFAULT_SITE_AUDIT_SETTINGS,
};

/** The closed set of outcomes for one URL. */
export type LinkStatus =
  | 'ok'
  | 'redirected'
  | 'broken'
  | 'rate-limited'
  | 'forbidden'
  | 'blocked'
  | 'skipped'
  | 'unchanged';

/** Why a URL was not fetched (or not expanded). */
export type SkipReason =
  | TrapKind
  | 'max-pages'
  | 'max-duration'
  | 'external-not-checked'
  /** The host is on a loopback, private or other non-public address (address-guard.ts). */
  | 'address-refused'
  | 'not-http'
  | 'invalid-url'
  | 'cancelled';

export type BrokenReason =
  | 'http-4xx'
  | 'http-5xx'
  | 'http-other'
  | 'redirect-without-location'
  | 'redirect-to-error'
  | 'soft-404'
  /** A `file:` link: a file on the author's computer, which no visitor can open. */
  | 'file-url'
  | HttpErrorKind;

/** Where a link was found. */
export interface LinkSource {
  page: string;
  element: LinkElement;
  attribute: LinkAttribute;
  /** Anchor text, or alt/title; page data, shown only as text. */
  text: string;
  /** 1-based source line, when known. */
  line?: number;
  /** The link as written. */
  raw: string;
}

/** What the crawl knows about one normalized URL. */
export interface UrlRecord {
  url: string;
  /** Links followed from a start URL to reach it. */
  depth: number;
  /** Same origin (or site) as the start: crawled; otherwise only checked. */
  internal: boolean;
  status: LinkStatus;
  /** Final HTTP status (after redirects); null when no response. */
  httpStatus: number | null;
  /** Why it is broken / skipped / blocked / rate-limited / forbidden (none for a URL that is fine). */
  reason?: Phrase;
  brokenReason?: BrokenReason;
  skipReason?: SkipReason;
  trap?: TrapKind;
  method?: 'GET' | 'HEAD';
  contentType?: string;
  /** Redirect hops, in order, when the URL redirected. */
  redirects?: RedirectHop[];
  finalUrl?: string;
  /** Content fingerprint (text only) of an HTML page. */
  fingerprint?: string;
  /** The page's content (text and raw link targets) was seen before at this URL. */
  duplicateOf?: string;
  bytes?: number;
  truncated?: boolean;
  /** META robots / X-Robots-Tag said noindex or nofollow. */
  noindex?: boolean;
  nofollow?: boolean;
  /**
   * A page's validators and link targets, kept by crawls whose re-crawls
   * asked conditionally (before 2026-12-04); dropped when such a checkpoint
   * is read back (see Crawler.recrawl).
   */
  etag?: string;
  lastModified?: string;
  links?: string[];
  /** Attempts made (retries after 429/503 included). */
  attempts?: number;
  durationMs?: number;
  /** What the site audit needs of an HTML page of the site, read in the same parse as its links. */
  audit?: PageAuditFacts;
}

export type CrawlEvent =
  | { type: 'request'; url: string; method: 'GET' | 'HEAD'; inFlight: number }
  | { type: 'result'; record: UrlRecord }
  | {
      type: 'finding';
      kind: 'trap' | 'duplicate' | 'soft-404' | 'alias';
      url: string;
      detail: Phrase;
    }
  | {
      type: 'progress';
      stats: CrawlStats;
      currentUrl: string | null;
      /** Requests per second over the last few seconds (request-rate.ts). */
      ratePerSecond: number;
    }
  | { type: 'done'; stats: CrawlStats; stoppedBecause: StopReason };

/**
 * Why a run ended. `save-failed`: the checkpoint could not be written (storage
 * full or failing); the crawl pauses with everything found kept in memory.
 */
export type StopReason = 'finished' | 'max-pages' | 'max-duration' | 'cancelled' | 'save-failed';

export interface CrawlStats {
  /** URLs with a final outcome — every link checked, the site's pages included ("links checked"). */
  done: number;
  queued: number;
  inFlight: number;
  /** Pages of the site fetched and read as HTML (see stats.ts `isSitePage`). */
  pagesCrawled: number;
  /** HTTP requests sent (retries and redirect hops included). */
  requests: number;
  broken: number;
  redirected: number;
  skipped: number;
  blocked: number;
  startedAtMs: number;
  elapsedMs: number;
}
