/**
 * The crawl engine: a polite, same-site, breadth-first crawl that checks
 * every link it finds. Each URL goes through named steps:
 *
 *   take (frontier, budget) → gate (robots.txt) → fetch (LinkFetcher) →
 *   classify → read (HTML pages of the site) → enqueue (link admission)
 *
 * It reports only through typed events and its checkpoint (CrawlBook):
 * nothing here prints, stores or knows whether it runs in Node or in a
 * service worker. A crawl is resumed from any checkpoint; a finished one
 * can be crawled again conditionally (ETag / Last-Modified → 304).
 */
import { isHtml } from '../http/content-type.ts';
import { decodeText } from '../http/decode-text.ts';
import { headerValues, type HttpFetch } from '../http/types.ts';
import { parseXRobotsTag } from '../meta/x-robots-tag.ts';
import { appliesToRobot } from '../meta/robot-names.ts';
import { mergeRules, NO_RULES, rulesOf } from '../meta/robots-rules.ts';
import { compileUrlPattern, type UrlPattern } from '../url/url-pattern.ts';
import { aliasReasons } from '../url/alias-reasons.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import { classifyError, classifyStatus } from './classify.ts';
import type { Clock } from './clock.ts';
import { CrawlBook, type CrawlCheckpoint } from './crawl-book.ts';
import { LinkFetcher, type FetchOutcome } from './fetch-link.ts';
import type { FrontierEntry } from './frontier.ts';
import { admitLink, type AdmissionContext } from './link-admission.ts';
import { OriginScheduler } from './politeness.ts';
import { readPage, type PageReading } from './read-page.ts';
import { RobotsGate } from './robots-gate.ts';
import {
  inScope,
  originScope,
  registrableDomainScope,
  type CrawlScope,
  type GetDomain,
} from './scope.ts';
import { seedFromSitemaps } from './sitemap-seed.ts';
import { probeSoft404 } from './soft-404.ts';
import {
  DEFAULT_CRAWL_OPTIONS,
  type CrawlEvent,
  type CrawlOptions,
  type CrawlStats,
  type LinkSource,
  type StopReason,
  type UrlRecord,
} from './types.ts';

export interface CrawlPorts {
  http: HttpFetch;
  clock: Clock;
  /** Receives the checkpoint as the crawl goes (throttled) and when it stops. */
  save?: (checkpoint: CrawlCheckpoint) => Promise<void>;
  onEvent?: (event: CrawlEvent) => void;
  /** Public Suffix List lookup, for `scope: 'site'`. */
  getDomain?: GetDomain;
  /** Least time between two checkpoints (default: adaptive, see #maybeCheckpoint). */
  checkpointEveryMs?: number;
  /** Least time between two progress events. */
  progressEveryMs?: number;
}

/** The crawl's collaborators for one run (they hold timers and the abort signal). */
export interface CrawlSteps {
  scheduler: OriginScheduler;
  robots: RobotsGate;
  fetcher: LinkFetcher;
  signal: AbortSignal;
  onRequest: (url: string, method?: 'GET' | 'HEAD') => void;
}

/** URLs in flight at once per origin, beyond the ones running (so the scheduler always has work). */
const EXTRA_PER_ORIGIN = 1;

export class Crawler {
  readonly #book: CrawlBook;
  readonly #ports: CrawlPorts;
  readonly #scope: CrawlScope;
  readonly #blockList: UrlPattern[];
  readonly #active = new Map<string, Promise<void>>();
  readonly #activePerOrigin = new Map<string, number>();
  #previous = new Map<string, UrlRecord>();
  #lastCheckpointMs = 0;
  #lastSaveCostMs = 0;
  #lastProgressMs = 0;
  #currentUrl: string | null = null;
  #runStartedMs = 0;

  private constructor(book: CrawlBook, ports: CrawlPorts) {
    this.#book = book;
    this.#ports = ports;
    const start = book.options.startUrls[0]!;
    this.#scope =
      book.options.scope === 'site' && ports.getDomain
        ? registrableDomainScope(start, ports.getDomain)
        : originScope(start);
    this.#blockList = compileBlockList(book.options.blockList);
  }

  /** A new crawl. Start URLs are normalised; options not given take their defaults. */
  static start(
    options: Partial<CrawlOptions> & Pick<CrawlOptions, 'startUrls'>,
    ports: CrawlPorts,
  ): Crawler {
    const merged: CrawlOptions = {
      ...DEFAULT_CRAWL_OPTIONS,
      ...options,
      startUrls: normalizeStarts(options.startUrls),
    };
    const book = CrawlBook.start(merged, ports.clock.nowMs());
    for (const url of merged.startUrls) {
      book.enqueue({
        url,
        origin: new URL(url).origin,
        depth: 0,
        internal: true,
        method: 'GET',
        referrer: null,
      });
    }
    return new Crawler(book, ports);
  }

  /** Continues a checkpointed crawl: queued and in-flight URLs are fetched, nothing else again. */
  static resume(checkpoint: CrawlCheckpoint, ports: CrawlPorts): Crawler {
    return new Crawler(new CrawlBook(checkpoint), ports);
  }

  /**
   * Crawls a finished crawl's site again, sending each page's stored
   * validators; a 304 keeps the page's earlier links, so nothing is lost.
   */
  static recrawl(previous: CrawlCheckpoint, ports: CrawlPorts): Crawler {
    const crawler = Crawler.start(previous.options, ports);
    crawler.#previous = new Map(previous.records.map((record) => [record.url, record]));
    return crawler;
  }

  get book(): CrawlBook {
    return this.#book;
  }

  checkpoint(): CrawlCheckpoint {
    return this.#book.toJSON();
  }

  /** Runs until the frontier is empty, a limit is hit, or `signal` aborts. Resolves with the final checkpoint. */
  async run(signal?: AbortSignal): Promise<CrawlCheckpoint> {
    const book = this.#book;
    if (book.finished) return book.toJSON();
    const stop = new AbortController();
    const onAbort = () => stop.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    this.#runStartedMs = this.#ports.clock.nowMs();
    const steps = this.#steps(stop.signal);
    try {
      await this.#seed(steps);
      const reason = await this.#loop(steps, stop.signal);
      await this.#finish(reason, stop);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    return book.toJSON();
  }

  #steps(signal: AbortSignal): CrawlSteps {
    const { http, clock } = this.#ports;
    const { options } = this.#book;
    const scheduler = new OriginScheduler({
      concurrency: options.concurrency,
      concurrencyPerOrigin: options.concurrencyPerOrigin,
      delayMs: options.delayMs,
      clock,
    });
    const onRequest = (url: string, method: 'GET' | 'HEAD' = 'GET') => {
      this.#book.requests++;
      this.#emit({ type: 'request', url, method, inFlight: this.#active.size });
    };
    const robots = new RobotsGate({ book: this.#book, http, clock, scheduler, signal, onRequest });
    const fetcher = new LinkFetcher({ http, clock, scheduler, robots, options, signal, onRequest });
    return { scheduler, robots, fetcher, signal, onRequest };
  }

  /** Sitemap seeds and the soft-404 probe, once per crawl (a resumed crawl has them already). */
  async #seed(steps: CrawlSteps): Promise<void> {
    const book = this.#book;
    const origin = new URL(book.options.startUrls[0]!).origin;
    if (book.options.useSitemaps && book.sitemap === null) {
      book.sitemap = await seedFromSitemaps(book, origin, this.#scope, steps);
    }
    if (!book.soft404.has(origin)) {
      const token = this.#ports.clock.nowMs().toString(36);
      book.soft404.set(origin, await probeSoft404(origin, steps, token));
    }
  }

  async #loop(steps: CrawlSteps, signal: AbortSignal): Promise<StopReason> {
    const { clock } = this.#ports;
    const deadlineMs =
      this.#runStartedMs + this.#book.options.maxDurationMs - this.#book.elapsedBeforeMs;
    // One timer for the whole run, cancelled when the loop ends, so nothing keeps Node or the worker awake.
    const loopEnded = new AbortController();
    const deadline = clock
      .sleep(Math.max(0, deadlineMs - clock.nowMs()), AbortSignal.any([signal, loopEnded.signal]))
      .catch(() => {});
    try {
      for (;;) {
        if (signal.aborted) return 'cancelled';
        if (clock.nowMs() >= deadlineMs) return 'max-duration';
        this.#dispatch(steps);
        if (this.#active.size === 0)
          return this.#book.frontier.size === 0 ? 'finished' : 'max-pages';
        await Promise.race([...this.#active.values(), deadline]);
        await this.#maybeCheckpoint();
        this.#maybeProgress();
      }
    } finally {
      loopEnded.abort();
    }
  }

  /** Takes as many URLs as the politeness window allows, round-robin over origins. */
  #dispatch(steps: CrawlSteps): void {
    const { options } = this.#book;
    const perOriginWindow = options.concurrencyPerOrigin + EXTRA_PER_ORIGIN;
    const window = options.concurrency * 2;
    while (this.#active.size < window) {
      const entry = this.#book.frontier.take(
        (origin) => (this.#activePerOrigin.get(origin) ?? 0) < perOriginWindow,
      );
      if (!entry) return;
      if (entry.internal && entry.method === 'GET') {
        if (this.#book.pagesTaken >= options.maxPages) {
          this.#record(entry, {
            status: 'skipped',
            skipReason: 'max-pages',
            reason: `the crawl stopped at ${options.maxPages} pages (--max-pages)`,
          });
          continue;
        }
        this.#book.pagesTaken++;
      }
      this.#start(entry, steps);
    }
  }

  #start(entry: FrontierEntry, steps: CrawlSteps): void {
    this.#book.inFlight.set(entry.url, entry);
    this.#activePerOrigin.set(entry.origin, (this.#activePerOrigin.get(entry.origin) ?? 0) + 1);
    const job = this.#visit(entry, steps)
      .catch((error: unknown) => {
        // Cancelled mid-request: the entry stays in flight and is re-queued on resume.
        if (!steps.signal.aborted)
          this.#record(entry, { status: 'broken', brokenReason: 'other', reason: String(error) });
      })
      .finally(() => {
        this.#active.delete(entry.url);
        this.#activePerOrigin.set(entry.origin, (this.#activePerOrigin.get(entry.origin) ?? 1) - 1);
      });
    this.#active.set(entry.url, job);
  }

  /** One URL, all steps. */
  async #visit(entry: FrontierEntry, steps: CrawlSteps): Promise<void> {
    this.#currentUrl = entry.url;
    const startedMs = this.#ports.clock.nowMs();
    const gate = await steps.robots.decide(entry.url);
    if (!gate.allowed) {
      this.#record(entry, { status: 'blocked', reason: gate.reason });
      return;
    }
    const previous = this.#previous.get(entry.url);
    const outcome = await steps.fetcher.fetch({
      url: entry.url,
      method: entry.method,
      referrer: entry.referrer,
      wantBody: entry.internal && entry.method === 'GET',
      ...(previous?.etag ? { etag: previous.etag } : {}),
      ...(previous?.lastModified ? { lastModified: previous.lastModified } : {}),
    });
    const record = this.#classify(entry, outcome, startedMs);
    if (record.status === 'unchanged' && previous?.links) {
      record.links = previous.links;
      this.#enqueueKnownLinks(previous.links, entry);
    }
    if (outcome.response && record.status === 'ok' && entry.internal && outcome.method === 'GET') {
      this.#read(entry, outcome, record);
    }
    this.#recordFinal(entry, outcome, record);
    this.#book.record(record);
    this.#book.sources.settle(record.url, isFine(record));
    this.#emit({ type: 'result', record });
  }

  /** fetch outcome → UrlRecord (the closed set of statuses). */
  #classify(entry: FrontierEntry, outcome: FetchOutcome, startedMs: number): UrlRecord {
    const base: UrlRecord = {
      url: entry.url,
      depth: entry.depth,
      internal: entry.internal,
      status: 'ok',
      httpStatus: outcome.response?.status ?? null,
      method: outcome.method,
      attempts: outcome.attempts,
      durationMs: this.#ports.clock.nowMs() - startedMs,
      ...(outcome.hops.length > 0 ? { redirects: outcome.hops, finalUrl: outcome.finalUrl } : {}),
    };
    if (outcome.blocked) {
      return {
        ...base,
        status: 'blocked',
        reason: `redirects to ${outcome.blocked.url}, which ${outcome.blocked.reason}`,
      };
    }
    if (outcome.error) {
      const { status, brokenReason, reason } = classifyError(
        outcome.error.kind,
        outcome.error.message,
      );
      return { ...base, status, reason, ...(brokenReason ? { brokenReason } : {}) };
    }
    const response = outcome.response!;
    const contentType = headerValues(response, 'content-type')[0];
    const validators = {
      ...(headerValues(response, 'etag')[0] ? { etag: headerValues(response, 'etag')[0] } : {}),
      ...(headerValues(response, 'last-modified')[0]
        ? { lastModified: headerValues(response, 'last-modified')[0] }
        : {}),
    };
    const withResponse: UrlRecord = {
      ...base,
      ...validators,
      ...(contentType ? { contentType } : {}),
    };
    if (outcome.rateLimited) {
      const wait = outcome.rateLimited.retryAfterMs;
      const why =
        wait !== null
          ? `the server asks to wait ${Math.round(wait / 1000)} s (Retry-After)`
          : 'the server kept answering 429';
      return {
        ...withResponse,
        status: 'rate-limited',
        reason: `HTTP ${response.status}: ${why}; not counted as broken`,
      };
    }
    const verdict = classifyStatus(response.status);
    const status =
      verdict.status === 'ok' && outcome.hops.length > 0 ? 'redirected' : verdict.status;
    const brokenReason =
      verdict.brokenReason && outcome.hops.length > 0 ? 'redirect-to-error' : verdict.brokenReason;
    const reason =
      outcome.hops.length > 0 && verdict.status !== 'ok'
        ? `redirects to ${outcome.finalUrl}: ${verdict.reason}`
        : verdict.reason;
    return { ...withResponse, status, reason, ...(brokenReason ? { brokenReason } : {}) };
  }

  /** read: an HTML page of the site gives its fingerprint, robots directives and links. */
  #read(entry: FrontierEntry, outcome: FetchOutcome, record: UrlRecord): void {
    const response = outcome.response!;
    if (!isHtml(record.contentType)) return;
    const pageUrl = outcome.finalUrl;
    if (!inScope(pageUrl, this.#scope).allowed) return;
    const html = decodeText(response.body, record.contentType);
    const reading = readPage(html, pageUrl, { userAgent: this.#book.options.robot });
    record.bytes = response.body.length;
    if (response.truncated) record.truncated = true;
    record.fingerprint = reading.fingerprint.text;
    const headerRules = this.#headerRules(headerValues(response, 'x-robots-tag'));
    if (!reading.robotsMeta.index.allowed || headerRules.noindex) record.noindex = true;
    const nofollow = !reading.robotsMeta.follow.allowed || headerRules.nofollow;
    if (nofollow) record.nofollow = true;
    if (this.#isSoft404(entry, record)) return;
    const seenAt = this.#book.contentSeen.get(reading.fingerprint.withLinks);
    if (seenAt !== undefined && seenAt !== pageUrl) {
      // Same text and the same links: an alias of a page already expanded.
      record.duplicateOf = seenAt;
      this.#emit({
        type: 'finding',
        kind: 'duplicate',
        url: entry.url,
        detail: `same content and links as ${seenAt}`,
      });
      return;
    }
    this.#book.contentSeen.set(reading.fingerprint.withLinks, pageUrl);
    this.#expand(entry, pageUrl, reading, record, nofollow);
  }

  /** The page's answer matches this origin's answer to a random path: a "not found" page served as 200. */
  #isSoft404(entry: FrontierEntry, record: UrlRecord): boolean {
    const soft = this.#book.soft404.get(entry.origin);
    if (!soft || soft !== record.fingerprint || entry.depth === 0) return false;
    record.status = 'broken';
    record.brokenReason = 'soft-404';
    record.reason =
      'answers 200 with the same page the site gives for any missing URL (a soft 404)';
    this.#emit({ type: 'finding', kind: 'soft-404', url: entry.url, detail: record.reason });
    return true;
  }

  #headerRules(values: string[]) {
    const robot = this.#book.options.robot;
    return parseXRobotsTag(values)
      .filter((entry) => appliesToRobot(entry.robot, robot))
      .reduce(
        (merged, entry) => mergeRules(merged, rulesOf(entry.directives.directives)),
        NO_RULES,
      );
  }

  /** enqueue: every link is a source; the admitted ones are queued, refused ones recorded with the rule. */
  #expand(
    entry: FrontierEntry,
    pageUrl: string,
    reading: PageReading,
    record: UrlRecord,
    nofollow: boolean,
  ): void {
    const context = this.#admissionContext(entry.depth + 1);
    const targets: string[] = [];
    for (const link of reading.links) {
      const admission = admitLink(link, context);
      if (admission.kind === 'ignore') continue;
      if (admission.kind === 'other-scheme') {
        this.#refuseOtherScheme(admission.url, entry.depth + 1);
        continue;
      }
      const source: LinkSource = {
        page: pageUrl,
        element: link.element,
        attribute: link.attribute,
        text: link.text,
        line: link.line,
        raw: link.raw,
      };
      if (admission.kind === 'invalid') {
        this.#recordInvalid(admission.raw, admission.reason, source, entry.depth + 1);
        continue;
      }
      targets.push(admission.url);
      this.#book.sources.add(admission.url, source);
      if (link.kind === 'request') this.#noteAlias(link.raw, admission.url, pageUrl);
      if (nofollow || admission.kind === 'known') continue;
      if (admission.kind === 'refuse') {
        this.#refuse(
          admission.url,
          admission.internal,
          entry.depth + 1,
          admission.skip,
          admission.reason,
          admission.trap,
        );
        continue;
      }
      this.#book.enqueue({
        url: admission.url,
        origin: new URL(admission.url).origin,
        depth: entry.depth + 1,
        internal: admission.internal,
        method: admission.method,
        referrer: pageUrl,
      });
    }
    if (nofollow) this.#book.notFollowed.push({ page: pageUrl, links: [...new Set(targets)] });
    if (record.etag || record.lastModified) record.links = [...new Set(targets)];
  }

  /** A 304 page: its stored links are queued again (sources are already known from before). */
  #enqueueKnownLinks(links: string[], entry: FrontierEntry): void {
    for (const url of links) {
      const internal = inScope(url, this.#scope).allowed;
      this.#book.enqueue({
        url,
        origin: new URL(url).origin,
        depth: entry.depth + 1,
        internal,
        method: internal ? 'GET' : 'HEAD',
        referrer: entry.url,
      });
    }
  }

  #admissionContext(depth: number): AdmissionContext {
    const { options } = this.#book;
    return {
      isKnown: (url) => this.#book.known.has(url),
      scope: this.#scope,
      depth,
      maxDepth: options.maxDepth,
      maxUrlChars: options.maxUrlChars,
      blockList: this.#blockList,
      querySpace: this.#book.querySpace,
      checkExternal: options.checkExternal,
    };
  }

  #refuse(
    url: string,
    internal: boolean,
    depth: number,
    skip: 'trap' | 'external-not-checked',
    reason: string,
    trap?: UrlRecord['trap'],
  ): void {
    const record: UrlRecord = {
      url,
      depth,
      internal,
      status: 'skipped',
      httpStatus: null,
      reason,
      skipReason: trap ?? 'external-not-checked',
      ...(trap ? { trap } : {}),
    };
    this.#book.record(record);
    if (skip === 'trap') this.#emit({ type: 'finding', kind: 'trap', url, detail: reason });
    this.#emit({ type: 'result', record });
  }

  /** `mailto:`, `javascript:`, … links make no request; each is listed once among the skipped. */
  #refuseOtherScheme(raw: string, depth: number): void {
    // A data: URL can be a whole image; the record only needs to name it.
    const url = raw.length > 200 ? `${raw.slice(0, 100)}…(${raw.length} characters)` : raw;
    if (this.#book.known.has(url)) return;
    this.#book.record({
      url,
      depth,
      internal: false,
      status: 'skipped',
      httpStatus: null,
      skipReason: 'not-http',
      reason: 'not an http(s) link: nothing to request',
    });
  }

  #recordInvalid(raw: string, reason: string, source: LinkSource, depth: number): void {
    const key = `invalid:${raw}`;
    this.#book.sources.add(key, source);
    if (this.#book.known.has(key)) return;
    const record: UrlRecord = {
      url: key,
      depth,
      internal: false,
      status: 'broken',
      httpStatus: null,
      brokenReason: 'invalid-url',
      reason: `not a valid URL: ${reason}`,
    };
    this.#book.record(record);
    this.#emit({ type: 'result', record });
  }

  #noteAlias(raw: string, url: string, page: string): void {
    const reasons = aliasReasons(raw, page);
    if (reasons.length === 0) return;
    this.#book.noteAlias({ raw, url, page, reasons });
    this.#emit({
      type: 'finding',
      kind: 'alias',
      url,
      detail: `${raw} is the same URL as ${url} (${reasons.join(', ')})`,
    });
  }

  /** A redirect's final page of the site is known from now on: it is not fetched again. */
  #recordFinal(entry: FrontierEntry, outcome: FetchOutcome, record: UrlRecord): void {
    // Only a final page that answered well stands for itself; an error at the end is the linked URL's problem.
    if (outcome.hops.length === 0 || !outcome.response || record.status !== 'redirected') return;
    const normalized = normalizeUrl(outcome.finalUrl);
    if (!normalized.ok || this.#book.known.has(normalized.url)) return;
    const internal = inScope(normalized.url, this.#scope).allowed;
    if (!internal || outcome.method !== 'GET') return;
    const { redirects: _hops, finalUrl: _final, ...rest } = record;
    this.#book.record({ ...rest, url: normalized.url, status: 'ok' });
    this.#book.sources.add(normalized.url, {
      page: entry.url,
      element: 'a',
      attribute: 'href',
      text: '(redirect target)',
      raw: outcome.finalUrl,
    });
  }

  #record(entry: FrontierEntry, fields: Partial<UrlRecord> & Pick<UrlRecord, 'status'>): void {
    const record: UrlRecord = {
      url: entry.url,
      depth: entry.depth,
      internal: entry.internal,
      httpStatus: null,
      ...fields,
    };
    this.#book.record(record);
    this.#book.sources.settle(record.url, isFine(record));
    this.#emit({ type: 'result', record });
  }

  async #finish(reason: StopReason, stop: AbortController): Promise<void> {
    const book = this.#book;
    if (reason !== 'cancelled' && reason !== 'max-duration') {
      book.finished = true;
    } else {
      stop.abort();
      // Requests cut short stay in flight in the checkpoint, and are asked again on resume.
      await Promise.allSettled(this.#active.values());
    }
    book.stoppedBecause = reason;
    book.elapsedBeforeMs += this.#ports.clock.nowMs() - this.#runStartedMs;
    this.#runStartedMs = this.#ports.clock.nowMs();
    await this.#ports.save?.(book.toJSON());
    this.#emit({ type: 'done', stats: this.stats(), stoppedBecause: reason });
  }

  /**
   * Saves after every result while saving is cheap, so a killed crawl redoes
   * nothing but its in-flight requests; as the state grows, saves are spaced
   * so that they cost at most a tenth of the crawl's time.
   */
  async #maybeCheckpoint(): Promise<void> {
    const { save, clock, checkpointEveryMs } = this.#ports;
    const nowMs = clock.nowMs();
    const gapMs = checkpointEveryMs ?? this.#lastSaveCostMs * 9;
    if (!save || nowMs - this.#lastCheckpointMs < gapMs) return;
    await save(this.#book.toJSON());
    this.#lastCheckpointMs = clock.nowMs();
    this.#lastSaveCostMs = this.#lastCheckpointMs - nowMs;
  }

  #maybeProgress(): void {
    const nowMs = this.#ports.clock.nowMs();
    if (nowMs - this.#lastProgressMs < (this.#ports.progressEveryMs ?? 250)) return;
    this.#lastProgressMs = nowMs;
    const stats = this.stats();
    const seconds = Math.max(0.001, stats.elapsedMs / 1000);
    this.#emit({
      type: 'progress',
      stats,
      currentUrl: this.#currentUrl,
      ratePerSecond: stats.done / seconds,
    });
  }

  stats(): CrawlStats {
    const book = this.#book;
    const counts = { broken: 0, redirected: 0, skipped: 0, blocked: 0, pagesCrawled: 0 };
    for (const record of book.records.values()) {
      if (record.status === 'broken') counts.broken++;
      else if (record.status === 'redirected') counts.redirected++;
      else if (record.status === 'skipped') counts.skipped++;
      else if (record.status === 'blocked') counts.blocked++;
      if (record.internal && record.method === 'GET' && record.httpStatus !== null)
        counts.pagesCrawled++;
    }
    const nowMs = this.#ports.clock.nowMs();
    return {
      done: book.records.size,
      queued: book.frontier.size,
      inFlight: book.inFlight.size,
      requests: book.requests,
      startedAtMs: book.startedAtMs,
      elapsedMs: book.elapsedBeforeMs + (this.#runStartedMs ? nowMs - this.#runStartedMs : 0),
      ...counts,
    };
  }

  #emit(event: CrawlEvent): void {
    this.#ports.onEvent?.(event);
  }
}

function isFine(record: UrlRecord): boolean {
  return record.status === 'ok' || record.status === 'unchanged';
}

function normalizeStarts(urls: readonly string[]): string[] {
  return urls.map((url) => {
    const normalized = normalizeUrl(url);
    if (!normalized.ok) throw new Error(`Cannot crawl ${url}: ${normalized.reason}`);
    return normalized.url;
  });
}

function compileBlockList(patterns: readonly string[]): UrlPattern[] {
  return patterns.map((source) => {
    const compiled = compileUrlPattern(source);
    if (!compiled.ok) throw new Error(`Block-list pattern ${source}: ${compiled.reason}`);
    return compiled.pattern;
  });
}
