/**
 * Everything a crawl knows, in one place, and its plain-JSON checkpoint.
 *
 *   queued ──take──▶ in flight ──result──▶ recorded
 *      ▲                 │
 *      └── on resume ────┘   (in-flight URLs go back to the queue: they may be
 *                             fetched twice, nothing else is)
 *
 * A URL is "known" from the moment it is queued or refused, so no URL is
 * queued twice. The checkpoint holds the queue *with* the in-flight entries,
 * the records, the link sources, the trap counters, robots.txt answers and
 * fingerprints: a crawl killed at any point resumes with nothing lost.
 */
import { compareText } from '../text/compare-text.ts';
import { isHtml } from '../http/content-type.ts';
import type { Phrase } from '../i18n/phrase.ts';
import type { RobotsFetchJson } from '../robots/cache.ts';
import { ChangedUrls } from './changed-urls.ts';
import { Frontier, type FrontierEntry } from './frontier.ts';
import { KnownUrls } from './known-urls.ts';
import { LinkGraph, type LinkedFrom, type LinkGraphJson } from './link-graph.ts';
import { LinkSources, type SourceList } from './link-sources.ts';
import { Fifo } from './fifo.ts';
import {
  linksOfUnpacked,
  PackedUrls,
  replayFacts,
  type PackedChange,
  type PackedLinks,
  type ReadPacked,
  type StoredPackedUrl,
  type UnpackedUrl,
  isStoredPacked,
} from './packed-urls.ts';
import { QuerySpaceTracker, type QuerySpaceState } from './traps.ts';
import { DEFAULT_SITE_AUDIT_SETTINGS } from '../audit/types.ts';
import type { CrawlOptions, LinkSource, StopReason, UrlRecord } from './types.ts';
import { RecordCounts } from './stats.ts';
import { ownCopy } from '../text/own-copy.ts';

/**
 * Whether a checkpoint keeps a URL's link sources, by its record (none for a
 * URL not checked yet): what a report lists them for (report.ts).
 */
export type SourcesKept = (record: UrlRecord | undefined) => boolean;

export interface AliasNote {
  /** The link as written. */
  raw: string;
  /** The URL it collapsed to. */
  url: string;
  page: string;
  reasons: string[];
}

export interface SitemapNote {
  sitemaps: string[];
  urls: string[];
  errors: Phrase[];
  /** Sitemaps named but not fetched (off the crawled site), with why. */
  notFetched?: { url: string; reason: Phrase }[];
}

export interface CrawlCheckpoint {
  version: 1;
  options: CrawlOptions;
  startedAtMs: number;
  /** Time spent crawling before the latest (re)start. */
  elapsedBeforeMs: number;
  finished: boolean;
  stoppedBecause: StopReason | null;
  /** Waiting and in-flight entries. */
  queue: FrontierEntry[];
  records: UrlRecord[];
  sources: { entries: [string, SourceList][]; fine: string[] };
  querySpace: QuerySpaceState;
  robots: [string, RobotsFetchJson][];
  /** Content-with-links fingerprint → first URL seen with it. */
  contentSeen: [string, string][];
  /** Origin → text fingerprint of its answer to a random path, when that answer was 200. */
  soft404: [string, string | null][];
  aliases: AliasNote[];
  /** Pages whose links were listed but not followed (nofollow), with those links. */
  notFollowed: { page: string; links: string[] }[];
  sitemap: SitemapNote | null;
  requests: number;
  /**
   * Links that make no request (`mailto:`, `tel:`, `javascript:`, `data:`, …),
   * counted by scheme; absent in checkpoints from before they were counted.
   */
  schemeLinks?: [scheme: string, links: number][];
  /**
   * The site audit's link graph notes (link-graph.ts); absent in checkpoints
   * from before they were taken (the report then counts links from the sources).
   */
  linkGraph?: LinkGraphJson;
  /**
   * The linking pages numbered in the packed URLs a store that saves by URL
   * holds (checkpoint-rows.ts, packed-urls.ts), kept so that a resumed
   * crawl numbers them the same; absent when none are.
   */
  packedPages?: string[];
}

/**
 * A checkpoint read back from a store to go on, its packed URLs left there
 * (checkpoint-rows.ts, LeftPacked): each is in the queue or the records, in
 * its place, as a StoredPackedUrl, and `leftPacked` counts those records.
 * The book takes them as evicted, read back from the store
 * (BookOptions.readPacked) when next needed: unpacked, the state of the
 * generated million-URL crawl cut at 12 minutes took 3.6 GB to read back
 * (LeftPacked). A CrawlCheckpoint is one with none left packed.
 */
export type ResumableCheckpoint = Omit<CrawlCheckpoint, 'queue' | 'records'> & {
  queue: (FrontierEntry | StoredPackedUrl)[];
  records: (UrlRecord | StoredPackedUrl)[];
  /** The records left packed, counted as they were read (absent when none are). */
  leftPacked?: { counts: RecordCounts; pagesTaken: number };
};

/** The checkpoint's lists that only grow: a store that saves by URL writes only their new items. */
export type TailList = 'contentSeen' | 'aliases' | 'notFollowed' | 'packedPages';

/**
 * A checkpoint without its per-URL bulk (queue, records, sources, link graph
 * entries) and the lists that only grow: what a store that saves by URL
 * (checkpoint-rows.ts) writes whole.
 */
export type CheckpointHead = Omit<
  CrawlCheckpoint,
  'queue' | 'records' | 'sources' | 'linkGraph' | TailList
> & {
  /** The link graph's notes that are not per URL; absent when the book has no link graph notes. */
  linkGraphNotes?: Pick<LinkGraphJson, 'nofollowLinks' | 'nofollowLinkCount'>;
};

/** Aliases kept for the report, at most. */
const MAX_ALIASES = 1000;
/**
 * A waiting packed URL whose facts grow past this many characters is
 * unpacked (a URL linked from many pages): packed, every link to it is a
 * fact, where its link sources keep a few per page and a count, and each
 * copies its string. Once its string is saved and evicted, only the facts
 * found since count: the stored string is not copied, and unpacked early,
 * the URLs linked from many pages held most of the heap late in a big
 * crawl. (A recorded one keeps only counts past a few sources and pages.)
 */
const MAX_PACKED_CHARS = 600;

export interface BookOptions {
  /**
   * Waiting URLs, and URLs recorded as fine, held as objects, at most: URLs
   * queued beyond them wait packed (packed-urls.ts) until their turn, and
   * the oldest records beyond them are packed with the links to them.
   * Default: none packed.
   */
  packAfter?: number;
  /**
   * Reads a packed URL's string back from the store its saves go to (see
   * evictSaved): with it, a packed URL's string leaves the heap once saved,
   * and the store must take rows that append to it (EntryRow.appended).
   */
  readPacked?: ReadPacked;
}

export class CrawlBook {
  readonly options: CrawlOptions;
  readonly frontier: Frontier;
  readonly inFlight = new Map<string, FrontierEntry>();
  /** Records in the order recorded; null for a packed one (see recordOf). */
  readonly #records = new Map<string, UrlRecord | null>();
  /** The records' counters, kept as they are recorded: a live crawl's stats without reading every record. */
  readonly recordCounts = new RecordCounts();
  readonly known = new KnownUrls();
  readonly sources: LinkSources;
  readonly querySpace: QuerySpaceTracker;
  readonly robots: Map<string, RobotsFetchJson>;
  readonly contentSeen: Map<string, string>;
  readonly soft404: Map<string, string | null>;
  readonly aliases: AliasNote[];
  readonly notFollowed: { page: string; links: string[] }[];
  /** Links that make no request, counted by scheme (see CrawlCheckpoint.schemeLinks). */
  readonly schemeLinks: Map<string, number>;
  /** Links from other pages, followed links and `rel=nofollow` links (see link-graph.ts). */
  readonly linkGraph: LinkGraph;
  /** False for a book resumed from a checkpoint without link graph notes: they cover part of the crawl only. */
  readonly linkGraphComplete: boolean;
  /**
   * Pages numbered in packed rows of the store this book was loaded from
   * (CrawlCheckpoint.packedPages): a store that holds the crawl holds those,
   * and only those, already.
   */
  readonly packedPagesStored: number;
  sitemap: SitemapNote | null;
  startedAtMs: number;
  elapsedBeforeMs: number;
  finished: boolean;
  stoppedBecause: StopReason | null;
  requests: number;
  /** Internal pages taken for GET (the `maxPages` budget); in-flight ones count. */
  pagesTaken: number;
  /** URLs queued, recorded or turned into page fetches since the last take (see trackChanges). */
  readonly #changed = new ChangedUrls();
  /**
   * URLs a later link may turn into a page fetch (see wantPage): internal
   * ones waiting or in flight for HEAD, or checked with HEAD only. Few, and
   * asked first, so a link to a known URL (most links) costs one lookup.
   */
  readonly #checkOnly = new Set<string>();
  /** Waiting and recorded URLs kept packed; null when none are (see BookOptions). */
  readonly #packed: PackedUrls | null;
  readonly #packAfter: number;
  /** URLs recorded and held as objects, oldest first: packed beyond `#packAfter` (see #packRecords). */
  readonly #recent = new Fifo<string>();
  /** It gave its report's checkpoint (takeForReport), and let go of its URLs. */
  #usedUp = false;

  constructor(checkpoint: ResumableCheckpoint, bookOptions: BookOptions = {}) {
    this.options = withAuditSettings(checkpoint.options);
    this.frontier = new Frontier();
    this.#packAfter = bookOptions.packAfter ?? Infinity;
    this.#packed = Number.isFinite(this.#packAfter)
      ? new PackedUrls(checkpoint.packedPages, bookOptions.readPacked ?? null)
      : null;
    this.packedPagesStored = checkpoint.packedPages?.length ?? 0;
    if (this.#packed) {
      const packed = this.#packed;
      this.frontier.usePacked({
        take: (url, origin) => this.#unpack(url, origin)!,
        peek: (url, origin) => packed.unpack(url, origin, false).entry!,
      });
    }
    const { records, queue } = splitLeftPacked(checkpoint);
    for (const item of checkpoint.records) {
      this.known.add(item.url);
      if (isStoredPacked(item)) {
        this.#adoptLeftPacked(item);
        this.#records.set(item.url, null);
        continue;
      }
      this.#records.set(item.url, item);
      if (this.#packed) this.#recent.push(item.url);
      this.recordCounts.add(item, 1);
      if (checkedOnly(item)) this.#checkOnly.add(item.url);
    }
    if (checkpoint.leftPacked) this.recordCounts.addAll(checkpoint.leftPacked.counts);
    for (const item of checkpoint.queue) {
      this.known.add(item.url);
      if (isStoredPacked(item)) this.#adoptLeftPacked(item);
      else if (item.internal && item.method === 'HEAD') this.#checkOnly.add(item.url);
    }
    const kept = (url: string) => this.known.kept(url);
    shareKnownUrls(queue, records, kept);
    this.sources = LinkSources.fromJSON(checkpoint.sources, kept);
    this.querySpace = QuerySpaceTracker.fromJSON(checkpoint.querySpace);
    this.robots = new Map(checkpoint.robots);
    this.contentSeen = new Map(checkpoint.contentSeen);
    this.soft404 = new Map(checkpoint.soft404);
    this.aliases = [...checkpoint.aliases];
    this.notFollowed = [...checkpoint.notFollowed];
    this.schemeLinks = new Map(checkpoint.schemeLinks ?? []);
    this.linkGraph = checkpoint.linkGraph
      ? LinkGraph.fromJSON(checkpoint.linkGraph, kept)
      : new LinkGraph();
    this.linkGraphComplete = checkpoint.linkGraph !== undefined || checkpoint.records.length === 0;
    // After the links: a URL packed as it is queued takes its links along.
    for (const item of checkpoint.queue) {
      if (isStoredPacked(item)) this.frontier.pushPacked(item.url, new URL(item.url).origin);
      else this.#queue(item);
    }
    this.sitemap = checkpoint.sitemap;
    this.startedAtMs = checkpoint.startedAtMs;
    this.elapsedBeforeMs = checkpoint.elapsedBeforeMs;
    this.finished = checkpoint.finished;
    this.stoppedBecause = checkpoint.stoppedBecause;
    this.requests = checkpoint.requests;
    this.pagesTaken =
      records.filter((r) => r.internal && r.method === 'GET').length +
      (checkpoint.leftPacked?.pagesTaken ?? 0);
    this.#packRecords();
  }

  /** A packed URL left in the store (see ResumableCheckpoint): kept as evicted. */
  #adoptLeftPacked(stored: StoredPackedUrl): void {
    if (!this.#packed)
      throw new Error('A checkpoint with packed URLs left in the store needs a book that packs');
    this.#packed.adoptEvicted(stored.url, stored.evicted);
  }

  static start(options: CrawlOptions, nowMs: number, bookOptions: BookOptions = {}): CrawlBook {
    return new CrawlBook(
      {
        version: 1,
        options,
        startedAtMs: nowMs,
        elapsedBeforeMs: 0,
        finished: false,
        stoppedBecause: null,
        queue: [],
        records: [],
        sources: { entries: [], fine: [] },
        querySpace: new QuerySpaceTracker(options.maxQueriesPerPath).toJSON(),
        robots: [],
        contentSeen: [],
        soft404: [],
        aliases: [],
        notFollowed: [],
        sitemap: null,
        requests: 0,
      },
      bookOptions,
    );
  }

  /** Queues a URL unless it is already known. Returns false when it was. */
  enqueue(entry: FrontierEntry): boolean {
    if (this.known.has(entry.url)) return false;
    this.#changed.mark(entry.url);
    this.known.add(entry.url);
    this.#wait(entry);
    return true;
  }

  /** Puts a known URL in the queue; one checked with HEAD only may yet become a page (wantPage). */
  #wait(entry: FrontierEntry): void {
    this.#queue(entry);
    if (entry.internal && entry.method === 'HEAD') this.#checkOnly.add(entry.url);
  }

  /** A link to `url` from a page: kept with the URL's link sources, packed or not. */
  addSource(url: string, source: LinkSource): void {
    const packed = this.#packed;
    if (packed?.has(url)) this.#grown(url, packed.addSource(url, source));
    else this.sources.add(url, source);
  }

  /**
   * A link that reaches a known URL in `depth` links, fewer than the way
   * that found it. With several requests out at once, answers come in any
   * order: a page deeper in the site can answer before a shallower one
   * that links the same URL. The depth is the fewest links from the start,
   * so:
   *   - waiting (held as an object or packed) or in flight: it takes the
   *     smaller depth, and so do the links it will be read for;
   *   - refused as too deep, and within `maxDepth` by this way: it is
   *     queued after all, fetched as `method()` says.
   * A URL checked already keeps its depth (its links were counted from
   * it).
   * Returns true when the URL is queued because of this call.
   */
  reachedBy(
    url: string,
    depth: number,
    referrer: string,
    maxDepth: number,
    method: () => FrontierEntry['method'],
  ): boolean {
    const entry = this.frontier.find(url) ?? this.inFlight.get(url);
    if (entry) {
      if (depth < entry.depth) {
        entry.depth = depth;
        this.#changed.mark(url);
      }
      return false;
    }
    if (this.#packed?.lowerDepth(url, depth)) {
      this.#changed.mark(url);
      return false;
    }
    const record = this.#records.get(url);
    // Refused as too deep, it was past maxDepth: within it now is shallower.
    if (record?.trap !== 'too-deep' || depth > maxDepth) return false;
    this.#records.delete(url);
    this.recordCounts.add(record, -1);
    this.#changed.mark(url);
    const origin = new URL(url).origin;
    this.#wait({ url, origin, depth, internal: record.internal, method: method(), referrer });
    return true;
  }

  /** A link from `page` to `url` in the link graph (see LinkGraph.noteLink), packed or not. */
  noteLink(page: string, url: string): void {
    if (page === url) return;
    const packed = this.#packed;
    if (packed?.has(url)) this.#grown(url, packed.noteLink(url, page));
    else this.linkGraph.noteLink(page, url);
  }

  /** The URL's record, packed or not, if it has one. */
  recordOf(url: string): UrlRecord | undefined {
    const record = this.#records.get(url);
    if (record !== null) return record;
    return this.#packed!.unpack(url, '', false).record;
  }

  /** URLs recorded. */
  get recordCount(): number {
    return this.#records.size;
  }

  /** The links to a URL (its sources, its link graph entry), packed or not. */
  linksOf(url: string): { sources: SourceList | null; linked: LinkedFrom | null } {
    if (!this.#packed?.has(url)) {
      const sources = this.sources.has(url) ? this.sources.get(url) : null;
      return { sources, linked: this.linkGraph.linkedFromEntry(url) };
    }
    const { sources, linked } = linksOfUnpacked(url, this.#packed.unpack(url, '', false));
    return { sources, linked };
  }

  /**
   * What a save writes of the URL's packed state (a store's row; see
   * packedPages): undefined when it is not packed, null when the store
   * holds it as it is (see PackedUrls.changeOf).
   */
  packedChangeOf(url: string): PackedChange | null | undefined {
    return this.#packed?.changeOf(url);
  }

  /**
   * A save of these rows is done: the packed strings it wrote that are
   * still the URLs' own leave the heap, and so do the facts it appended,
   * when the book can read them back (BookOptions.readPacked).
   */
  evictSaved(rows: readonly { url: string; packed?: string; appended?: string }[]): void {
    const packed = this.#packed;
    if (!packed) return;
    for (const row of rows) {
      if (row.packed !== undefined) packed.evict(row.url, row.packed);
      else if (row.appended !== undefined) packed.evictAppended(row.url, row.appended);
    }
  }

  /** How many packed URLs have their string in the store only (see evictSaved). */
  get evictedCount(): number {
    return this.#packed?.evictedCount ?? 0;
  }

  /** Whether the URL is kept packed (its entry row then holds the links to it too). */
  isPacked(url: string): boolean {
    return this.#packed?.has(url) ?? false;
  }

  /** The pages numbered in packed rows, from number `from` on (a store's growing list). */
  packedPages(from = 0): string[] {
    return this.#packed?.pagesFrom(from) ?? [];
  }

  get packedPageCount(): number {
    return this.#packed?.pageCount ?? 0;
  }

  /** Queues a new entry: packed when enough wait as objects already (see BookOptions). */
  #queue(entry: FrontierEntry): void {
    const packed = this.#packed;
    const pack =
      packed !== null &&
      this.frontier.unpackedSize >= this.#packAfter &&
      // Never a URL a later link may turn into a page fetch (see wantPage) or one fine already.
      !(entry.internal && entry.method === 'HEAD') &&
      !this.sources.isFine(entry.url);
    if (!pack) {
      this.frontier.push(entry);
      return;
    }
    // Still known by its string (KnownUrls.kept): referrers and redirect hops share it.
    packed.pack(entry, this.#takeLinks(entry.url));
    this.frontier.pushPacked(entry.url, entry.origin);
  }

  /** The links to a URL, taken out of the live structures to be packed with it. */
  #takeLinks(url: string): PackedLinks {
    return {
      sources: this.sources.take(url),
      linked: this.linkGraph.take(url),
      followed: this.linkGraph.takeFollowed(url),
    };
  }

  /** Whether a followed link reaches the URL (see LinkGraph.noteFollowed), packed or not. */
  isFollowed(url: string): boolean {
    return this.#packed?.has(url) ? this.#packed.isFollowed(url) : this.linkGraph.isFollowed(url);
  }

  /** A followed link reaches the URL (see LinkGraph.noteFollowed), packed or not. */
  noteFollowed(url: string): void {
    const packed = this.#packed;
    if (!packed?.has(url)) this.linkGraph.noteFollowed(url);
    else if (packed.noteFollowed(url)) this.#changed.mark(url);
  }

  /** A packed URL's links grew: a waiting one past MAX_PACKED_CHARS is unpacked. */
  #grown(url: string, length: number): void {
    // A packed URL's row is its own state (see checkpoint-rows.ts): its entry row changes.
    this.#changed.mark(url);
    // A recorded URL keeps only a few sources and pages: it does not grow much.
    if (length > MAX_PACKED_CHARS && !this.#packed!.isRecorded(url))
      this.frontier.unpacked(this.#unpack(url)!);
  }

  /**
   * Unpacks a URL: its links go back into the link sources and link graph,
   * and its record into the records, or its queue entry is given (for the
   * frontier, which holds its URL).
   */
  #unpack(url: string, origin = new URL(url).origin): FrontierEntry | undefined {
    const unpacked = this.#packed!.unpack(url, origin, true);
    // Its row changes from the packed state to a queue entry or record, its links to a row of their own.
    this.#changed.mark(url);
    this.sources.markChanged(url);
    replayFacts(url, unpacked, this.sources, this.linkGraph);
    if (unpacked.record) this.#records.set(url, unpacked.record);
    return unpacked.entry;
  }

  /** Records a final outcome (a refused URL, too: it becomes known). */
  record(record: UrlRecord): void {
    // Recorded while still packed: held as objects again first, as if never packed.
    if (this.#packed?.has(record.url)) {
      const entry = this.#unpack(record.url);
      if (entry) this.frontier.unpacked(entry);
    }
    this.#changed.mark(record.url);
    this.known.add(record.url);
    this.inFlight.delete(record.url);
    const replaced = this.#records.get(record.url);
    if (replaced) this.recordCounts.add(replaced, -1);
    this.recordCounts.add(record, 1);
    this.#records.set(record.url, record);
    if (checkedOnly(record)) this.#checkOnly.add(record.url);
    else this.#checkOnly.delete(record.url);
    this.sources.settle(record.url, isFine(record));
    if (this.#packed) {
      this.#recent.push(record.url);
      this.#packRecords();
    }
  }

  /**
   * Packs the oldest records beyond the newest `#packAfter` with the links
   * to them: those fine, and that no later link may turn into a page fetch
   * (see wantPage). Others stay objects: a problem keeps every page linking
   * it.
   */
  #packRecords(): void {
    const packed = this.#packed;
    while (packed && this.#recent.size > this.#packAfter) {
      const url = this.#recent.shift()!;
      const record = this.#records.get(url);
      if (!record || !isFine(record) || this.#checkOnly.has(url)) continue;
      if (this.inFlight.has(url)) continue;
      packed.packRecorded(record, this.#takeLinks(url));
      this.#records.set(url, null);
      // Its row becomes the packed string, which holds its links (and, once saved, leaves the heap).
      this.#changed.mark(url);
    }
  }

  /**
   * A link that makes `url` a page to crawl (an `<a href>`, say) after an
   * earlier one named it as something only to check (an `img`, a `<link
   * rel=search>`). Whether a URL is crawled depends on all its links, in
   * whatever order they are found and across a resume, so the first one
   * does not decide:
   *   - waiting or in flight with HEAD: the entry is turned into a page
   *     fetch (an in-flight HEAD is queued again once it ends, see crawl.ts;
   *     a checkpoint taken meanwhile already holds the GET);
   *   - checked with HEAD and fine, as HTML or of unknown type: queued
   *     again, as a page.
   * `isPageLink` is asked only then (it parses the URL; most known links
   * need no answer). Returns true when the URL will be fetched as a page
   * because of this call.
   */
  wantPage(
    url: string,
    depth: number,
    referrer: string | null,
    isPageLink: () => boolean,
  ): boolean {
    if (!this.#checkOnly.has(url)) return false;
    const entry = this.frontier.find(url) ?? this.inFlight.get(url);
    if (entry) {
      if (!entry.internal || entry.method === 'GET' || !isPageLink()) return false;
      this.#checkOnly.delete(url);
      this.#changed.mark(url);
      entry.method = 'GET';
      entry.depth = Math.min(entry.depth, depth);
      return true;
    }
    const record = this.recordOf(url);
    if (!record || !checkedOnly(record) || !isPageLink()) return false;
    this.#checkOnly.delete(url);
    this.#changed.mark(url);
    this.frontier.push({
      url,
      origin: new URL(url).origin,
      depth: Math.min(record.depth, depth),
      internal: true,
      method: 'GET',
      referrer,
    });
    return true;
  }

  noteAlias(alias: AliasNote): void {
    if (this.aliases.length >= MAX_ALIASES) return;
    // The link as written is cut out of its page: kept as it is, it would keep the whole page alive.
    this.aliases.push({ ...alias, raw: ownCopy(alias.raw) });
  }

  /**
   * From now on, keeps which URLs' state changes (queue, record, sources,
   * link graph entry), for a saver that writes only those (checkpoint-rows.ts).
   */
  trackChanges(): void {
    this.#changed.start();
    this.sources.trackChanges();
    this.linkGraph.trackChanges();
  }

  /**
   * The URLs whose state changed since the last call (see trackChanges):
   * `entries`, their queue entry or record; `links`, their link sources or
   * link graph entry (a page's links change many URLs' sources, not their records).
   */
  takeChangedUrls(): { entries: string[]; links: string[] } {
    const links = new Set(this.sources.takeChanged());
    for (const url of this.linkGraph.takeChanged()) links.add(url);
    return { entries: this.#changed.take(), links: [...links] };
  }

  /** The waiting or in-flight entry of a URL, if it has one. */
  queued(url: string): FrontierEntry | undefined {
    const entry = this.inFlight.get(url) ?? this.frontier.find(url);
    if (entry || !this.#packed?.has(url)) return entry;
    return this.#packed.unpack(url, new URL(url).origin, false).entry;
  }

  /** Everything but the per-URL bulk and the growing lists (see CheckpointHead). */
  head(): CheckpointHead {
    return {
      version: 1,
      options: this.options,
      startedAtMs: this.startedAtMs,
      elapsedBeforeMs: this.elapsedBeforeMs,
      finished: this.finished,
      stoppedBecause: this.stoppedBecause,
      querySpace: this.querySpace.toJSON(),
      robots: [...this.robots],
      soft404: [...this.soft404],
      sitemap: this.sitemap,
      requests: this.requests,
      schemeLinks: [...this.schemeLinks],
      ...(this.linkGraphComplete
        ? {
            linkGraphNotes: {
              nofollowLinks: [...this.linkGraph.nofollowLinks],
              nofollowLinkCount: this.linkGraph.nofollowLinkCount,
            },
          }
        : {}),
    };
  }

  /**
   * Unpacks the packed records in place (`records` holds their URLs till
   * then), each once (read back from the store once, when evicted), and
   * gives what `linksKept` keeps of their links, by place. They are read in
   * the order of their URLs, the store's key: in the order recorded, each
   * read lands on another part of the file. On a 200,000-URL state file,
   * 58 µs a URL in the order recorded against 20 µs in key order (these
   * reads were a third of the end of such a crawl). `remove`: each leaves
   * the packed URLs as it is unpacked.
   */
  #unpackRecordsByKey(
    records: (UrlRecord | string)[],
    linksKept: (url: string, unpacked: UnpackedUrl) => PackedLinks,
    remove: boolean,
  ): (PackedLinks | undefined)[] {
    const packedAt: number[] = [];
    for (let i = 0; i < records.length; i++) if (typeof records[i] === 'string') packedAt.push(i);
    packedAt.sort((a, b) => compareText(records[a] as string, records[b] as string));
    const links = new Array<PackedLinks | undefined>(records.length);
    for (const i of packedAt) {
      const url = records[i] as string;
      const read = this.#packed!.unpack(url, '', remove);
      records[i] = read.record!;
      links[i] = linksKept(url, read);
    }
    return links;
  }

  /** Whether it gave its report's checkpoint (takeForReport): it holds the crawl no more. */
  get usedUp(): boolean {
    return this.#usedUp;
  }

  /**
   * The checkpoint for this crawl's report (see toJSON's `sourcesKept`),
   * from a book that goes no further: it lets go of what only a crawl going
   * on reads first (the text fingerprints seen, 6 MB of the 29 MB a
   * finished 50,000-URL crawl's book held), and of its maps of every URL
   * before the records are unpacked beside them, so that the book and the
   * checkpoint are never both whole. The book is used up: it gives no
   * other checkpoint.
   */
  takeForReport(sourcesKept: SourcesKept): CrawlCheckpoint {
    return this.#checkpoint(sourcesKept, true);
  }

  /**
   * The whole state as one checkpoint. `sourcesKept`: a checkpoint to read
   * only (a report), with the link sources of the URLs it names and no
   * others, when the link graph counts every URL's links, and without the
   * text fingerprints seen (30 MB of a 200,000-URL crawl's); never one to
   * resume from.
   */
  toJSON(sourcesKept?: SourcesKept): CrawlCheckpoint {
    return this.#checkpoint(sourcesKept, false);
  }

  #checkpoint(sourcesKept: SourcesKept | undefined, usesUp: boolean): CrawlCheckpoint {
    if (this.#usedUp)
      throw new Error('This crawl book gave its report: it holds the crawl no more');
    const { linkGraphNotes: _notes, ...head } = this.head();
    const keeps =
      sourcesKept && this.linkGraphComplete
        ? (url: string, record = this.#records.get(url)) =>
            sourcesKept(record === null ? this.recordOf(url) : record)
        : null;
    const sources = this.sources.toJSON(keeps ?? undefined);
    const linkGraph = this.linkGraph.toJSON();
    /** What the checkpoint keeps of a packed URL's links. */
    const linksKept = (url: string, unpacked: UnpackedUrl): PackedLinks => {
      const links = linksOfUnpacked(url, unpacked);
      return !links.sources || !keeps || keeps(url, unpacked.record)
        ? links
        : { ...links, sources: null };
    };
    const addLinks = (url: string, { sources: list, linked, followed }: PackedLinks) => {
      if (list) sources.entries.push([url, list]);
      if (linked) linkGraph.linkedFrom.push([url, linked.links, linked.pages]);
      if (followed) linkGraph.followed.push(url);
    };
    const packed = this.#packed;
    // In the order recorded; a packed one's URL until it is unpacked.
    const records: (UrlRecord | string)[] = [];
    for (const [url, record] of this.#records) records.push(record ?? url);
    if (usesUp) this.#letGoOfUrls();
    const links = this.#unpackRecordsByKey(records, linksKept, usesUp);
    for (let i = 0; i < records.length; i++) {
      const kept = links[i];
      if (!kept) continue;
      // Let go as it is placed: the checkpoint holds what it needs of it.
      links[i] = undefined;
      addLinks((records[i] as UrlRecord).url, kept);
    }
    for (const url of packed?.urls() ?? [])
      if (!packed!.isRecorded(url)) addLinks(url, linksKept(url, packed!.unpack(url, '', false)));
    return {
      ...head,
      // What text was seen where serves the crawl going on, never a report: left out of one.
      contentSeen: sourcesKept ? [] : [...this.contentSeen],
      aliases: this.aliases,
      notFollowed: this.notFollowed,
      // In-flight entries go first: they were taken before anything still waiting.
      queue: [...this.inFlight.values(), ...this.frontier.toJSON()],
      records: records as UrlRecord[],
      sources,
      ...(this.linkGraphComplete ? { linkGraph } : {}),
    };
  }

  /**
   * The book's maps of every URL and the text fingerprints seen go (see
   * takeForReport): once the checkpoint has the links, and the order of
   * the records, what is left to read is the packed URLs, by their URLs.
   * On the generated million-URL site: the URLs known, the records, the
   * page numbers and the fine URLs, a table of 20–28 MB each.
   */
  #letGoOfUrls(): void {
    this.#usedUp = true;
    this.contentSeen.clear();
    this.#records.clear();
    this.#checkOnly.clear();
    this.known.clear();
    this.sources.clear();
    this.linkGraph.clear();
    this.#packed?.stopPacking();
  }
}

/**
 * Read back from a checkpoint, every URL in it is a string of its own: a
 * page's URL once for its record and again in each of its links' sources,
 * as referrer and in the link graph. The queue's and records' URLs are the
 * ones kept (KnownUrls); the others are pointed at them. A generated
 * site's crawl of 19,000 URLs, rebuilt from its JSON checkpoint: 294,000
 * strings (27.4 MB) in a 51.0 MB heap, against 145,000 (20.5 MB) in 44.2 MB
 * with them shared, about what the crawl that saved it held. Debian's Rust
 * docs' state file (30,454 URLs; most strings there are the pages' own):
 * 96.0 → 92.1 MB.
 */
function shareKnownUrls(
  queue: readonly FrontierEntry[],
  records: readonly UrlRecord[],
  kept: (url: string) => string,
): void {
  for (const entry of queue) if (entry.referrer) entry.referrer = kept(entry.referrer);
  for (const record of records) {
    // Kept for conditional re-crawls before they read every page again: no longer used.
    delete record.links;
    delete record.etag;
    delete record.lastModified;
    if (record.finalUrl) record.finalUrl = kept(record.finalUrl);
    if (record.duplicateOf) record.duplicateOf = kept(record.duplicateOf);
    for (const hop of record.redirects ?? []) hop.url = kept(hop.url);
  }
}

/** A checkpoint's queue entries and records held as objects (not left packed in the store). */
export function splitLeftPacked(checkpoint: Pick<ResumableCheckpoint, 'queue' | 'records'>): {
  queue: FrontierEntry[];
  records: UrlRecord[];
} {
  return {
    queue: checkpoint.queue.filter((item): item is FrontierEntry => !isStoredPacked(item)),
    records: checkpoint.records.filter((item): item is UrlRecord => !isStoredPacked(item)),
  };
}

/** Options of a checkpoint saved before the site audit existed: the audit is on, with its defaults. */
export function withAuditSettings(options: CrawlOptions): CrawlOptions {
  return options.audit === undefined ? { ...options, audit: DEFAULT_SITE_AUDIT_SETTINGS } : options;
}

/** An internal URL answered well to HEAD, as a page might: its links were never read. */
function checkedOnly(record: UrlRecord): boolean {
  return (
    record.internal &&
    record.method === 'HEAD' &&
    (record.status === 'ok' || record.status === 'redirected' || record.status === 'unchanged') &&
    isHtml(record.contentType)
  );
}

/**
 * Whether a URL needs only a few of its sources from now on: it answered
 * well, or it is not checked at all (skipped). Problems keep every source,
 * since each page carrying them needs fixing. So does a page the page limit
 * skipped: carrying the crawl on fetches it, and it may be broken (Debian's
 * libstdc++ docs cut at 1,000 pages and carried on: a 404 linked from 76
 * pages was reported with 2).
 */
function isFine(record: UrlRecord): boolean {
  // Skipped by the page limit or for depth, it may yet be fetched (a resume, a shorter way
  // found later: see reachedBy), and found broken: it keeps every page linking it till then.
  if (record.status === 'skipped')
    return record.skipReason !== 'max-pages' && record.trap !== 'too-deep';
  return record.status === 'ok' || record.status === 'unchanged';
}
