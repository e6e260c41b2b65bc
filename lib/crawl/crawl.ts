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
import { asWritten, phrase, type Phrase } from '../i18n/phrase.ts';
import { isCss, isHtml } from '../http/content-type.ts';
import type { HttpFetch } from '../http/types.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import type { Clock } from './clock.ts';
import { toJson } from '../robots/cache.ts';
import { originOf } from '../url/http-url.ts';
import type { RobotsFetch } from '../robots/types.ts';
import { AddressGuard } from './address-guard.ts';
import { Checkpointer } from './checkpointer.ts';
import {
  entryRowOf,
  linkRowOf,
  rowsOfCheckpoint,
  tailLengths,
  tailOf,
  type CheckpointChanges,
} from './checkpoint-rows.ts';
import {
  CrawlBook,
  withAuditSettings,
  type BookOptions,
  type CrawlCheckpoint,
  type ResumableCheckpoint,
  type SourcesKept,
} from './crawl-book.ts';
import type { ReadPacked } from './packed-urls.ts';
import { LinkFetcher, type FetchOutcome } from './fetch-link.ts';
import { recordOfOutcome, refusalFields } from './outcome-record.ts';
import { RequestRate } from './request-rate.ts';
import { statsOf } from './stats.ts';
import { PageExpander } from './page-expansion.ts';
import { Dispatcher } from './dispatch.ts';
import type { FrontierEntry } from './frontier.ts';
import { Politeness, type Slot } from './politeness.ts';
import { RobotsGate } from './robots-gate.ts';
import { compileBlockList } from './traps.ts';
import {
  inScope,
  originScope,
  registrableDomainScope,
  type CrawlScope,
  type GetDomain,
} from './scope.ts';
import { seedFromSitemaps } from './sitemap-seed.ts';
import { probeSoft404 } from './soft-404.ts';
import { readPageRequest, type PageReader, type PageReadRequest } from './read-page.ts';
import {
  DEFAULT_CRAWL_OPTIONS,
  type CrawlEvent,
  type CrawlOptions,
  type CrawlStats,
  type StopReason,
  type UrlRecord,
} from './types.ts';
import type { CrawlSteps } from './steps.ts';

export interface CrawlPorts {
  http: HttpFetch;
  clock: Clock;
  /** Receives the checkpoint as the crawl goes (throttled) and when it stops. */
  save?: (checkpoint: CrawlCheckpoint) => Promise<void>;
  /**
   * Instead of `save`: receives what changed since the last save (a store
   * that writes by URL, checkpoint-rows.ts), as the crawl goes and when it stops.
   */
  saveChanges?: (changes: CheckpointChanges) => Promise<void>;
  /**
   * The store behind `saveChanges` holds this crawl's checkpoint already (it
   * was resumed from there): the first save writes only what changed, not everything.
   */
  storeHolds?: boolean;
  /**
   * The store behind `saveChanges` keeps every save rather than a row per
   * URL (a log, replayed on load): once the rows written since the crawl was
   * last written whole exceed this many times the URLs it knows, the next
   * save writes it whole again (`replace`), so the log stays within a few
   * times the state. Default: never.
   */
  rewriteAfterRowsPerUrl?: number;
  onEvent?: (event: CrawlEvent) => void;
  /** Public Suffix List lookup, for `scope: 'site'`. */
  getDomain?: GetDomain;
  /** Reads fetched pages (read-page.ts); default: `readPage`, in the crawl's own thread. */
  readPage?: PageReader;
  /** Least time between two checkpoints (default: adaptive, see checkpointer.ts). */
  checkpointEveryMs?: number;
  /** Fresh robots.txt answers already fetched (e.g. by the page check), used instead of asking again. */
  knownRobots?: RobotsFetch[];
  /** Least time between two progress events. */
  progressEveryMs?: number;
  /**
   * The address rule, shared with the HTTP adapter that checks resolved
   * addresses; without one the crawl makes its own from the start URL
   * (IP literals and `localhost` are still refused from a public start).
   */
  addressGuard?: AddressGuard;
  /**
   * Waiting URLs, and recorded ones, held as objects, at most: URLs queued
   * beyond them wait packed, one string each, until their turn, and the
   * oldest records beyond them are packed with the links to them
   * (packed-urls.ts). Default: DEFAULT_PACK_AFTER; `Infinity`: none packed.
   */
  packAfter?: number;
  /**
   * Reads back the packed string the store behind `saveChanges` holds for a
   * URL (its entry row's `packed`), synchronously: with it, a packed URL's
   * string leaves the heap once a save has written it (crawl-book.ts
   * evictSaved). Only for a store that keeps a row per URL (not with
   * `rewriteAfterRowsPerUrl`: a whole rewrite stores URLs unpacked) and
   * takes rows that append to a packed one (EntryRow.appended).
   */
  readPacked?: ReadPacked;
}

/**
 * Waiting and recorded URLs held as objects by default: a crawl that knows
 * more keeps the rest packed (~1–2 KB of heap each as objects, a few
 * hundred bytes packed).
 */
export const DEFAULT_PACK_AFTER = 10_000;

type AnyCheckpointer = Checkpointer<CrawlCheckpoint> | Checkpointer<CheckpointChanges>;

export class Crawler {
  readonly #book: CrawlBook;
  readonly #ports: CrawlPorts;
  readonly #scope: CrawlScope;
  readonly #addressGuard: AddressGuard;
  readonly #expander: PageExpander;
  /** The loop of the current run (null between runs). */
  #dispatcher: Dispatcher<StopReason> | null = null;
  /** On a re-crawl: the URLs that were not HTML (nor CSS) last time, only checked now. */
  #notPagesBefore = new Set<string>();
  readonly #checkpointer: AnyCheckpointer | null;
  /** The next changes must hold every row (the store does not hold this crawl yet). */
  #saveAll: boolean;
  /** How much of each growing list the store holds (see checkpoint-rows.ts). */
  #tailSaved: ReturnType<typeof tailLengths>;
  /** Rows and links saved since the crawl was last written whole (see rewriteAfterRowsPerUrl). */
  #rowsSinceWhole = 0;
  #lastProgressMs = 0;
  #currentUrl: string | null = null;
  /** When the current run started; null between runs (its time is then in `elapsedBeforeMs`). */
  #runStartedMs: number | null = null;
  /** The last page reading applied (see #readElsewhere). */
  #readings: Promise<void> = Promise.resolve();
  readonly #rate = new RequestRate();
  /** One phrase shared by every URL the page limit left out. */
  readonly #maxPagesReason: Phrase;

  private constructor(book: CrawlBook, ports: CrawlPorts) {
    this.#book = book;
    this.#maxPagesReason = phrase('skip_max_pages', { pages: book.options.maxPages });
    this.#ports = ports;
    const start = book.options.startUrls[0]!;
    this.#scope =
      book.options.scope === 'site' && ports.getDomain
        ? registrableDomainScope(start, ports.getDomain)
        : originScope(start);
    this.#addressGuard = ports.addressGuard ?? new AddressGuard(start);
    this.#saveAll = !ports.storeHolds;
    // Pages numbered as the book was loaded (its queue packed) are not in the store yet.
    this.#tailSaved = { ...tailLengths(book), packedPages: book.packedPagesStored };
    this.#checkpointer = this.#makeCheckpointer(ports);
    this.#expander = new PageExpander({
      book,
      scope: this.#scope,
      blockList: compileBlockList(book.options.blockList),
      emit: (event) => this.#emit(event),
    });
  }

  #makeCheckpointer(ports: CrawlPorts): AnyCheckpointer | null {
    const gap = ports.checkpointEveryMs !== undefined ? { minGapMs: ports.checkpointEveryMs } : {};
    if (ports.saveChanges) {
      this.#book.trackChanges();
      const saveChanges = ports.saveChanges;
      return new Checkpointer({
        snapshot: () => this.changes(),
        save: async (changes) => {
          await saveChanges(changes);
          this.#book.evictSaved(changes.rows);
        },
        clock: ports.clock,
        ...gap,
      });
    }
    if (!ports.save) return null;
    return new Checkpointer({
      snapshot: () => this.checkpoint(),
      save: ports.save,
      clock: ports.clock,
      ...gap,
    });
  }

  /** A new crawl. Start URLs are normalized; options not given take their defaults. */
  static start(
    options: Partial<CrawlOptions> & Pick<CrawlOptions, 'startUrls'>,
    ports: CrawlPorts,
  ): Crawler {
    const merged: CrawlOptions = withAuditSettings({
      ...DEFAULT_CRAWL_OPTIONS,
      ...options,
      startUrls: normalizeStarts(options.startUrls),
    });
    const book = CrawlBook.start(merged, ports.clock.nowMs(), bookOptionsOf(ports));
    // robots.txt answers the caller already holds (fresh ones only) are not fetched again.
    for (const fetched of ports.knownRobots ?? [])
      book.robots.set(originOf(fetched.url) ?? fetched.url, toJson(fetched));
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
  static resume(checkpoint: ResumableCheckpoint, ports: CrawlPorts): Crawler {
    return new Crawler(new CrawlBook(checkpoint, bookOptionsOf(ports)), ports);
  }

  /**
   * Crawls a finished crawl's site again. Every page is read again, with no
   * validators sent: a 304 would leave the page's links (their anchors and
   * lines), its fingerprint and its audit unknown, and the report would lose
   * them. Sent on Debian's libstdc++ docs, whose nginx answers 304 to all,
   * the re-crawl's 213 broken URLs came with no page carrying them and its
   * 6,084 audit findings were gone. What was not HTML last time is only
   * checked (HEAD where possible).
   * `options`: the new crawl's own (the extension's Start takes the form's), else the previous ones.
   */
  static recrawl(
    previous: CrawlCheckpoint,
    ports: CrawlPorts,
    options: Partial<CrawlOptions> & Pick<CrawlOptions, 'startUrls'> = previous.options,
  ): Crawler {
    const crawler = Crawler.start(options, ports);
    for (const record of previous.records)
      if (record.contentType && !isHtml(record.contentType) && !isCss(record.contentType))
        crawler.#notPagesBefore.add(record.url);
    return crawler;
  }

  get book(): CrawlBook {
    return this.#book;
  }

  /**
   * The crawl's state now, its clock included: the time of the run under
   * way counts, so a crawl killed mid-run (a stopped service worker, kill -9)
   * resumes with its elapsed time and its time limit where they were.
   */
  checkpoint(): CrawlCheckpoint {
    return { ...this.#book.toJSON(), elapsedBeforeMs: this.elapsedMs() };
  }

  /**
   * What changed since the last call, clock included (see checkpoint()):
   * the first call gives every row, for a store that does not hold this crawl yet.
   */
  changes(): CheckpointChanges {
    const elapsed = { elapsedBeforeMs: this.elapsedMs() };
    const book = this.#book;
    if (this.#saveAll) {
      this.#saveAll = false;
      this.#rowsSinceWhole = 0;
      book.takeChangedUrls();
      // The store drops its growing lists: the pages numbered in packed rows are written again.
      this.#tailSaved = { ...tailLengths(book), packedPages: 0 };
      const { head, ...rest } = rowsOfCheckpoint(book.toJSON());
      return { replace: true, head: { ...head, ...elapsed }, ...rest };
    }
    const { entries, links } = book.takeChangedUrls();
    const tail = tailOf(book, this.#tailSaved);
    this.#tailSaved = tailLengths(book);
    this.#rowsSinceWhole += entries.length + links.length;
    const rewriteAfter = this.#ports.rewriteAfterRowsPerUrl;
    if (rewriteAfter !== undefined && this.#rowsSinceWhole > rewriteAfter * book.known.size)
      this.#saveAll = true;
    return {
      replace: false,
      head: { ...book.head(), ...elapsed },
      rows: entries.flatMap((url) => entryRowOf(book, url) ?? []),
      links: links.flatMap((url) => linkRowOf(book, url) ?? []),
      tail,
    };
  }

  /** Time spent crawling so far, the run under way included. */
  elapsedMs(): number {
    const runMs = this.#runStartedMs === null ? 0 : this.#ports.clock.nowMs() - this.#runStartedMs;
    return this.#book.elapsedBeforeMs + runMs;
  }

  /** The first checkpoint save that failed, if any (the run then stops with `save-failed`). */
  get saveError(): Error | null {
    return this.#checkpointer?.error ?? null;
  }

  /**
   * Runs until the frontier is empty, a limit is hit, or `signal` aborts.
   * Resolves with the final checkpoint; with `sourcesKept`, one for a report
   * only (CrawlBook.toJSON): a million-URL crawl's end then holds the link
   * sources of its problems, not of every URL. The crawl is then over for
   * this crawler (it may not run on): see #endsForReport.
   */
  async run(signal?: AbortSignal, sourcesKept?: SourcesKept): Promise<CrawlCheckpoint> {
    const book = this.#book;
    if (book.finished) return this.#checkpointOf(sourcesKept);
    if (this.#book.usedUp)
      throw new Error('this crawl ended with a report: resume it from its store');
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
    return this.#checkpointOf(sourcesKept);
  }

  /**
   * A report's checkpoint is the last thing a crawler gives (its store holds
   * the crawl, to resume from): the book is used up giving it (see
   * CrawlBook.takeForReport), and the crawler runs on no more.
   */
  #checkpointOf(sourcesKept: SourcesKept | undefined): CrawlCheckpoint {
    if (!sourcesKept) return this.#book.toJSON();
    return this.#book.takeForReport(sourcesKept);
  }

  #steps(signal: AbortSignal): CrawlSteps {
    const { http, clock } = this.#ports;
    const { options } = this.#book;
    const politeness = new Politeness({
      concurrency: options.concurrency,
      concurrencyPerOrigin: options.concurrencyPerOrigin,
      delayMs: options.delayMs,
      clock,
      laneOf: (origin) => (inScope(`${origin}/`, this.#scope).allowed ? 'site' : 'external'),
      signal,
    });
    const onRequest = (url: string, method: 'GET' | 'HEAD' = 'GET') => {
      this.#book.requests++;
      this.#rate.record(clock.nowMs());
      const inFlight = this.#dispatcher?.running ?? 0;
      this.#emit({ type: 'request', url, method, inFlight });
    };
    const scope = this.#scope;
    const addressGuard = this.#addressGuard;
    const book = this.#book;
    const robots = new RobotsGate({
      book,
      http,
      clock,
      politeness,
      signal,
      onRequest,
      addressGuard,
      scope,
    });
    const fetcher = new LinkFetcher({
      http,
      clock,
      politeness,
      robots,
      options,
      signal,
      onRequest,
      scope,
    });
    return { politeness, robots, fetcher, signal, onRequest };
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

  /** Takes URLs as politeness allows (dispatch.ts) until none is left, a limit is hit, or the run stops. */
  async #loop(steps: CrawlSteps, signal: AbortSignal): Promise<StopReason> {
    const { clock } = this.#ports;
    const deadlineMs = clock.nowMs() + this.#book.options.maxDurationMs - this.elapsedMs();
    const dispatcher = new Dispatcher<StopReason>({
      frontier: this.#book.frontier,
      politeness: steps.politeness,
      clock,
      signal,
      deadlineMs,
      // Pages read elsewhere: a visit waiting for its reading still counts against the concurrency.
      ...(this.#ports.readPage ? { maxVisits: this.#book.options.concurrency } : {}),
      admit: (entry) => this.#admit(entry),
      visit: (entry, slot) => this.#start(entry, slot, steps),
      check: () =>
        signal.aborted ? 'cancelled' : clock.nowMs() >= deadlineMs ? 'max-duration' : null,
      afterWake: () => {
        this.#checkpointer?.changed();
        if (this.#checkpointer?.error) return 'save-failed';
        this.#maybeProgress();
        return null;
      },
    });
    this.#dispatcher = dispatcher;
    const reason = await dispatcher.run();
    return reason === 'drained' ? 'finished' : reason;
  }

  /** An internal page beyond the page limit is recorded as skipped, not fetched. */
  #admit(entry: FrontierEntry): boolean {
    if (!entry.internal || entry.method !== 'GET') return true;
    if (this.#book.pagesTaken >= this.#book.options.maxPages) {
      this.#record(entry, {
        status: 'skipped',
        skipReason: 'max-pages',
        reason: this.#maxPagesReason,
      });
      return false;
    }
    this.#book.pagesTaken++;
    return true;
  }

  async #start(entry: FrontierEntry, slot: Slot, steps: CrawlSteps): Promise<void> {
    this.#book.inFlight.set(entry.url, entry);
    try {
      await this.#visit(entry, slot, steps);
    } catch (error) {
      // Cancelled mid-request: the entry stays in flight and is re-queued on resume.
      if (!steps.signal.aborted)
        this.#record(entry, {
          status: 'broken',
          brokenReason: 'other',
          reason: asWritten(String(error)),
        });
    }
  }

  /** One URL, all steps. */
  async #visit(entry: FrontierEntry, slot: Slot, steps: CrawlSteps): Promise<void> {
    this.#currentUrl = entry.url;
    const startedMs = this.#ports.clock.nowMs();
    const gate = await steps.robots.decide(entry.url, slot);
    if (!gate.allowed) {
      this.#record(entry, refusalFields(gate));
      return;
    }
    // A later link may turn this check into a page fetch while it runs (CrawlBook.wantPage).
    const asked = entry.method;
    const method = this.#notPagesBefore.has(entry.url) ? 'HEAD' : asked;
    const outcome = await steps.fetcher.fetch(
      {
        url: entry.url,
        method,
        referrer: entry.referrer,
        wantBody: entry.internal && asked === 'GET',
      },
      slot,
    );
    const record = recordOfOutcome(entry, outcome, this.#ports.clock.nowMs() - startedMs);
    // A redirect's final page of the site is read too: its links may be reached no other way.
    const answered = record.status === 'ok' || record.status === 'redirected';
    if (outcome.response && answered && entry.internal && outcome.method === 'GET') {
      const request = this.#expander.toRead(entry, outcome, record);
      if (request && this.#ports.readPage)
        await this.#readElsewhere(request, entry, outcome, record);
      else if (request) this.#expander.expand(entry, outcome, record, readPageRequest(request));
    }
    this.#recordFinal(entry, outcome, record);
    this.#book.record(record);
    this.#emit({ type: 'result', record });
    if (entry.method !== asked)
      this.#book.wantPage(entry.url, entry.depth, entry.referrer, () => true);
  }

  /**
   * A page read by the environment's reader (another thread, say): readings
   * are applied in the order the pages arrived, as if read here, so which
   * of two same-content pages is the original does not depend on which
   * reader was quicker. A reader that fails is replaced by reading here.
   */
  #readElsewhere(
    request: PageReadRequest,
    entry: FrontierEntry,
    outcome: FetchOutcome,
    record: UrlRecord,
  ): Promise<void> {
    const reading = this.#ports.readPage!(request).catch(() => readPageRequest(request));
    const applied = this.#readings.then(async () => {
      this.#expander.expand(entry, outcome, record, await reading);
    });
    this.#readings = applied.catch(() => {});
    return applied;
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
    this.#book.addSource(normalized.url, {
      page: entry.url,
      element: 'a',
      attribute: 'href',
      text: '(redirect target)',
      raw: outcome.finalUrl,
    });
    // Reached through the redirect: linked (and followed) as the redirecting URL is, so far.
    this.#book.noteLink(entry.url, normalized.url);
    if (this.#book.isFollowed(entry.url)) this.#book.noteFollowed(normalized.url);
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
    this.#emit({ type: 'result', record });
  }

  async #finish(reason: StopReason, stop: AbortController): Promise<void> {
    const book = this.#book;
    if (reason === 'finished' || reason === 'max-pages') {
      book.finished = true;
    } else {
      stop.abort();
      // Requests cut short stay in flight in the checkpoint, and are asked again on resume.
      await this.#dispatcher?.settled();
    }
    book.stoppedBecause = reason;
    book.elapsedBeforeMs = this.elapsedMs();
    this.#runStartedMs = null;
    // After a failed save the state stays in memory only: the caller keeps this crawler to resume it.
    if (reason !== 'save-failed') await this.#checkpointer?.flush();
    this.#emit({ type: 'done', stats: this.stats(), stoppedBecause: reason });
  }

  #maybeProgress(): void {
    const nowMs = this.#ports.clock.nowMs();
    if (nowMs - this.#lastProgressMs < (this.#ports.progressEveryMs ?? 250)) return;
    this.#lastProgressMs = nowMs;
    this.#emit({
      type: 'progress',
      stats: this.stats(),
      currentUrl: this.#currentUrl,
      ratePerSecond: this.#rate.perSecond(nowMs),
    });
  }

  /** Requests per second over the last few seconds of this run. */
  requestsPerSecond(): number {
    return this.#rate.perSecond(this.#ports.clock.nowMs());
  }

  /** The URL taken last (being fetched, or just fetched). */
  get currentUrl(): string | null {
    return this.#currentUrl;
  }

  stats(): CrawlStats {
    const book = this.#book;
    return statsOf({
      records: book.recordCounts,
      queued: book.frontier.size,
      inFlight: book.inFlight.size,
      requests: book.requests,
      startedAtMs: book.startedAtMs,
      elapsedMs: this.elapsedMs(),
    });
  }

  #emit(event: CrawlEvent): void {
    this.#ports.onEvent?.(event);
  }
}

function normalizeStarts(urls: readonly string[]): string[] {
  return urls.map((url) => {
    const normalized = normalizeUrl(url);
    if (!normalized.ok) throw new Error(`Cannot crawl ${url}: ${normalized.reason}`);
    return normalized.url;
  });
}

function bookOptionsOf(ports: CrawlPorts): BookOptions {
  if (ports.readPacked && (!ports.saveChanges || ports.rewriteAfterRowsPerUrl !== undefined))
    throw new Error('readPacked needs a saveChanges store that keeps a row per URL');
  return {
    packAfter: ports.packAfter ?? DEFAULT_PACK_AFTER,
    ...(ports.readPacked ? { readPacked: ports.readPacked } : {}),
  };
}
