/**
 * URLs kept packed: one string each instead of objects. A big crawl knows
 * far more URLs than it works on at any moment, and a URL held as objects
 * costs ~1–2 KB of heap: its queue entry or record, the links to it
 * (link-sources.ts) and its link graph entry, each with its arrays and a
 * slot in a hash table. Packed, it is a few hundred characters in one flat
 * string, with each linking page as a number. Two kinds are packed:
 *   - waiting URLs (on the generated million-URL site, 94 % of the first
 *     100,000 known): the queue entry's few fields and the links to it as
 *     facts;
 *   - URLs recorded as fine, once the crawl has moved on: the record, and
 *     the links to it as what a fine URL keeps of them (a count and a few
 *     sources, see link-sources.ts).
 *
 * A link found to a packed URL appends a fact (a recorded URL's count goes
 * up instead, once it has all the sources and pages it keeps). When a
 * waiting URL's turn comes, its facts are replayed, in the order they were
 * found, into the live structures, which then hold exactly what they would
 * have held had it never been packed (crawl-book.ts; held to that by a
 * test crawling the same site both ways).
 *
 * With a store that reads strings back (ReadPacked), a packed URL's string
 * leaves the heap once a save has written it, and only its flags stay. A
 * link found to it later is kept apart, for the next save to append to the
 * stored string: a waiting URL's fact, or a recorded URL's counts (see
 * COUNTS_FACT) when it keeps no more sources or pages. So neither is read
 * back nor written whole at each link; a waiting URL is read back once, at
 * its turn.
 *
 * A packed URL is a JSON array's items without the brackets:
 *   waiting:  depth, flags (1: internal, 2: GET, 4: followed), referrer (page number,
 *             -1: none), facts
 *   recorded: "r", flags (4: followed), links counted, sources kept, graph links, graph
 *             pages listed, the record's length, the record (without `url`), facts
 * "Followed": a followed link reaches it (link-graph.ts), kept here rather than in
 * the link graph's set, which would hold nearly every URL known.
 *   facts:
 *     [0, page, element, attribute, line, raw, text]   a link's source
 *     [1, page, links]                                 links from a page, sources not kept
 *     [2, page]                                        a link graph link from a page
 *     [3, links]                                       link graph links, pages not listed
 *     [4, page, element, attribute, raw, text, line]   a recorded URL's kept source (the
 *                                                      line last: a repeat is found by what
 *                                                      comes before it)
 *     [6, links, graph links]                          counted to a recorded URL after it was
 *                                                      saved, only at its end in a store: read
 *                                                      back, folded into its head
 */
import type { FrontierEntry } from './frontier.ts';
import { LINKING_PAGES_KEPT, LinkGraph, type LinkedFrom } from './link-graph.ts';
import { LinkSources, SOURCES_KEPT_WHEN_FINE, type SourceList } from './link-sources.ts';
import type { PageAuditFacts } from '../audit/types.ts';
import type { LinkSource, UrlRecord } from './types.ts';
import { sharedIfEmpty } from '../empty-list.ts';

/**
 * A fact about the links to a packed URL, replayed into LinkSources and
 * LinkGraph. A count's page is null for a recorded URL: a fine URL keeps no
 * pages, only how many links reach it.
 */
export type PackedFact =
  | { kind: 'source'; source: LinkSource }
  | { kind: 'count'; page: string | null; links: number }
  | { kind: 'graph'; page: string }
  | { kind: 'graph-count'; links: number };

/** A packed URL, unpacked: a waiting one's queue entry or a recorded one's record, and the facts. */
export type UnpackedUrl = (
  { entry: FrontierEntry; record?: undefined } | { entry?: undefined; record: UrlRecord }
) & { followed: boolean; facts: PackedFact[] };

/** The links to a URL as it is packed with them (taken out of the live structures). */
export interface PackedLinks {
  sources: SourceList | null;
  linked: LinkedFrom | null;
  followed: boolean;
}

const INTERNAL = 1;
const GET = 2;
const FOLLOWED = 4;
/** In the number an evicted URL keeps (see PackedUrls.evict): a waiting one. */
const EVICTED_WAITING = 8;
/**
 * An evicted waiting URL's number holds its depth too, in units of this
 * (above every flag): a link that reaches it by a shorter way is then
 * known to be shorter without reading its string back (see lowerDepth).
 */
const DEPTH_UNIT = 64;
/**
 * In an evicted recorded URL's number: it keeps all the sources it keeps
 * (SOURCES_FULL) or linking pages it lists (PAGES_FULL), so a later link
 * only adds to its counts, for the next save to append (see COUNTS_FACT)
 * without reading its string back.
 */
const SOURCES_FULL = 16;
const PAGES_FULL = 32;
/**
 * How a recorded URL's string ends with the links counted after it was
 * saved: `,[6,sources counted,graph links]`, appended by later saves and
 * folded into its head when it is read back (see withCounts).
 */
const COUNTS_FACT = ',[6,';
/** How a recorded URL's string starts (a waiting one's starts with its depth). */
const RECORDED = '"r",';

/** The numbers before a recorded URL's record, and where they end. */
interface RecordedHead {
  flags: number;
  count: number;
  kept: number;
  links: number;
  listed: number;
  recordLength: number;
  /** Offset of the comma after the head. */
  end: number;
}

/**
 * Reads a packed URL's string back from the store that holds what the crawl
 * last saved (see PackedUrls.evict), or undefined when it holds none: the
 * `packed` of its entry row with the `appended` of every later save after it.
 */
export type ReadPacked = (url: string) => string | undefined;

/**
 * What a save writes of a packed URL: its whole string, or (evicted and
 * waiting) the facts found since the store last had it, to add at its end.
 */
export type PackedChange = { packed: string } | { appended: string };

export class PackedUrls {
  /**
   * URL → its packed string, or, once evicted, its flags (a waiting one's
   * with EVICTED_WAITING, a recorded one's with SOURCES_FULL and PAGES_FULL).
   */
  readonly #packed = new Map<string, string | number>();
  /**
   * Evicted waiting URL → the facts found since its string was last saved,
   * each after a comma: what the next save appends to the stored string.
   */
  readonly #unsaved = new Map<string, string>();
  /**
   * Evicted recorded URL → the links counted since it was last saved, as
   * one number (see countPair): a [sources, graph links] array for each
   * took 64 bytes beside the table, and half a million of them are waiting
   * for a save late on the generated million-URL site.
   */
  readonly #unsavedCounts = new Map<string, number>();
  /** Linking page → its number in packed strings, and back. */
  readonly #pageNumbers = new Map<string, number>();
  readonly #pages: string[] = [];
  readonly #read: ReadPacked | null;
  #packing = true;

  /**
   * `pages`: the numbered pages of packed URLs a store holds (a resumed
   * crawl's), so their numbers keep meaning the same pages. `read`: where
   * evicted strings are read back from; none are evicted without it.
   */
  constructor(pages: readonly string[] = [], read: ReadPacked | null = null) {
    for (const page of pages) this.#numberOf(page);
    this.#read = read;
  }

  /** How many linking pages have a number. */
  get pageCount(): number {
    return this.#pages.length;
  }

  /** The numbered pages from number `from` on. */
  pagesFrom(from: number): string[] {
    return this.#pages.slice(from);
  }

  /**
   * What a save writes for a packed URL (its numbers need the pages, see
   * pagesFrom): undefined when it is not packed, null when the store holds
   * it as it is (evicted, nothing found since).
   */
  changeOf(url: string): PackedChange | null | undefined {
    const packed = this.#packed.get(url);
    if (packed === undefined) return undefined;
    if (typeof packed === 'string') return { packed };
    const counts = this.#unsavedCounts.get(url);
    if (counts !== undefined)
      return { appended: `${COUNTS_FACT}${sourcesIn(counts)},${graphLinksIn(counts)}]` };
    const appended = this.#unsaved.get(url);
    return appended === undefined ? null : { appended };
  }

  /**
   * The store holds `saved` for the URL now (a save that wrote it is done):
   * when that is still its packed string, the string leaves the heap, to be
   * read back from the store when the URL is next needed; its flags stay.
   * A link found later to a waiting one (most links to a URL come before
   * its turn in a breadth-first crawl) is kept apart, for the next save to
   * append: reading the string back and writing it again at each link took
   * the generated million-URL site 110 s instead of 62–75 s to reach
   * 700,000 URLs known, and holding it until its turn kept every waiting
   * URL's links in the heap and wrote them whole at each save (81 % of
   * 428,000 rows known changed between two saves: 717 MB in 9.8 s).
   */
  evict(url: string, saved: string): void {
    if (this.#read === null || this.#packed.get(url) !== saved) return;
    this.#packed.set(
      url,
      saved.startsWith(RECORDED)
        ? evictedRecorded(recordedHead(saved))
        : evictedWaiting(waitingFlags(saved), waitingDepth(saved)),
    );
  }

  /** The store added `appended` to an evicted waiting URL's string: those facts leave the heap. */
  evictAppended(url: string, appended: string): void {
    if (appended.startsWith(COUNTS_FACT)) {
      this.#countsSaved(url, appended);
      return;
    }
    const unsaved = this.#unsaved.get(url);
    // Unpacked, or read back and changed whole, since: the next save writes it whole.
    if (typeof this.#packed.get(url) !== 'number' || !unsaved?.startsWith(appended)) return;
    // Facts found while the save was written stay, for the next one.
    if (unsaved.length === appended.length) this.#unsaved.delete(url);
    else this.#unsaved.set(url, unsaved.slice(appended.length));
  }

  /** How many packed URLs have their string in the store only. */
  get evictedCount(): number {
    let count = 0;
    for (const value of this.#packed.values()) if (typeof value === 'number') count++;
    return count;
  }

  /** Takes a packed URL as a store kept it (see changeOf). */
  adopt(url: string, packed: string): void {
    this.#packed.set(url, withCounts(packed));
  }

  /**
   * Takes a packed URL the store holds, as evicted (see evict): only its
   * flags come into the heap (StoredPackedUrl.evicted); its string is read
   * back from the store when it is next needed.
   */
  adoptEvicted(url: string, evicted: number): void {
    if (this.#read === null)
      throw new Error(`A packed URL left in the store needs a store to read it back: ${url}`);
    this.#packed.set(url, evicted);
  }

  get size(): number {
    return this.#packed.size;
  }

  has(url: string): boolean {
    return this.#packed.has(url);
  }

  /** Whether the URL is packed as recorded (rather than waiting). */
  isRecorded(url: string): boolean {
    const packed = this.#packed.get(url);
    if (typeof packed === 'number') return (packed & EVICTED_WAITING) === 0;
    return packed?.startsWith(RECORDED) === true;
  }

  /** Packs a waiting URL with the links to it so far (taken out of the live structures). */
  pack(entry: FrontierEntry, links: PackedLinks): void {
    const { sources, linked, followed } = links;
    const flags =
      (entry.internal ? INTERNAL : 0) |
      (entry.method === 'GET' ? GET : 0) |
      (followed ? FOLLOWED : 0);
    const referrer = entry.referrer === null ? -1 : this.#numberOf(entry.referrer);
    const parts = [String(entry.depth), String(flags), String(referrer)];
    for (const fact of factsOfSources(sources)) parts.push(this.#encode(fact));
    for (const fact of factsOfLinked(linked)) parts.push(this.#encode(fact));
    // join makes one flat string; `+` would make a tree of string pieces, each with its own header.
    this.#packed.set(entry.url, parts.join(','));
  }

  /**
   * Packs a URL recorded as fine with the links to it (taken out of the live
   * structures): `sources` as a fine URL keeps them, a count and a few.
   */
  packRecorded(record: UrlRecord, { sources, linked, followed }: PackedLinks): void {
    const { url } = record;
    const json = JSON.stringify(packRecord(record));
    const kept = sources?.sources ?? [];
    const pages = linked?.pages ?? [];
    const parts = [
      '"r"',
      String(followed ? FOLLOWED : 0),
      String(sources?.count ?? 0),
      String(kept.length),
      String(linked?.links ?? 0),
      String(pages.length),
      String(json.length),
      json,
      ...kept.map((source) => this.#keptSource(source)),
      ...pages.map((page) => this.#graphFact(page)),
    ];
    this.#packed.set(url, parts.join(','));
  }

  /**
   * A link's source to a packed URL; gives the packed URL's length in
   * characters afterwards (an evicted one's: what is held of it, see #appendUnsaved).
   */
  addSource(url: string, source: LinkSource): number {
    if (this.#isEvictedWaiting(url)) return this.#appendUnsaved(url, { kind: 'source', source });
    if (this.#countUnsaved(url, SOURCES_FULL)) return 0;
    const packed = this.#string(url);
    if (!packed.startsWith(RECORDED)) return this.#append(url, packed, { kind: 'source', source });
    const head = recordedHead(packed);
    head.count++;
    return this.#keep(url, packed, head, 'kept', SOURCES_KEPT_WHEN_FINE, () => {
      const fact = this.#keptSource(source);
      // A repeat of a kept link (the same but for its line) is counted, not kept (as LinkSources does).
      return { fact, repeat: fact.slice(0, fact.lastIndexOf(',') + 1) };
    });
  }

  /** A link graph link from `page` (not the URL itself) to a packed URL; gives its length afterwards. */
  noteLink(url: string, page: string): number {
    if (this.#isEvictedWaiting(url)) return this.#appendUnsaved(url, { kind: 'graph', page });
    if (this.#countUnsaved(url, PAGES_FULL)) return 0;
    const packed = this.#string(url);
    if (!packed.startsWith(RECORDED)) return this.#append(url, packed, { kind: 'graph', page });
    const head = recordedHead(packed);
    head.links++;
    return this.#keep(url, packed, head, 'listed', LINKING_PAGES_KEPT, () => {
      const fact = this.#graphFact(page);
      return { fact, repeat: fact };
    });
  }

  /**
   * A link reaches the packed URL in `depth` links: a waiting one takes that
   * depth when it is fewer than before, as a waiting URL held as an object
   * does (CrawlBook.reachedBy); gives whether it did. Its string is read
   * back only then, and held whole again for the next save to write.
   */
  lowerDepth(url: string, depth: number): boolean {
    const packed = this.#packed.get(url);
    const before = packed === undefined ? null : waitingDepthOf(packed);
    if (before === null || depth >= before) return false;
    const whole = this.#string(url);
    this.#unsaved.delete(url);
    this.#packed.set(url, withWaitingHead(whole, depth, waitingFlags(whole)));
    return true;
  }

  /** Whether a followed link reaches the packed URL. */
  isFollowed(url: string): boolean {
    const packed = this.#packed.get(url)!;
    if (typeof packed === 'number') return (packed & FOLLOWED) !== 0;
    const flags = packed.startsWith(RECORDED) ? recordedHead(packed).flags : waitingFlags(packed);
    return (flags & FOLLOWED) !== 0;
  }

  /** A followed link reaches the packed URL; gives whether that is new. */
  noteFollowed(url: string): boolean {
    if (this.isFollowed(url)) return false;
    const packed = this.#string(url);
    // Held whole again, for the next save to write whole: its flags are at its start.
    this.#unsaved.delete(url);
    if (packed.startsWith(RECORDED)) {
      const head = recordedHead(packed);
      head.flags |= FOLLOWED;
      this.#rewrite(url, packed, head);
      return true;
    }
    this.#packed.set(
      url,
      withWaitingHead(packed, waitingDepth(packed), waitingFlags(packed) | FOLLOWED),
    );
    return true;
  }

  /** The packed URL unpacked; `remove`: it is no longer packed. */
  unpack(url: string, origin: string, remove: boolean): UnpackedUrl {
    const items = JSON.parse(`[${this.#string(url)}]`) as unknown[];
    if (remove) {
      this.#packed.delete(url);
      this.#unsaved.delete(url);
      this.#unsavedCounts.delete(url);
    }
    if (items[0] === 'r') return this.#unpackRecorded(url, items);
    const [depth, flags, referrer] = items as [number, number, number];
    const entry: FrontierEntry = {
      url,
      origin,
      depth,
      internal: (flags & INTERNAL) !== 0,
      method: (flags & GET) !== 0 ? 'GET' : 'HEAD',
      referrer: referrer < 0 ? null : this.#pages[referrer]!,
    };
    const facts = (items.slice(3) as unknown[][]).map((item) => this.#decode(item));
    return { entry, followed: (flags & FOLLOWED) !== 0, facts };
  }

  /** The packed URLs, in the order they were packed. */
  urls(): IterableIterator<string> {
    return this.#packed.keys();
  }

  #unpackRecorded(url: string, items: unknown[]): UnpackedUrl {
    const [, flags, count, kept, links, listed, , stored] = items as [
      'r',
      number,
      number,
      number,
      number,
      number,
      number,
      PackedRecord,
    ];
    const record = unpackRecord(url, stored);
    const facts = (items.slice(8) as unknown[][]).map((item) => this.#decode(item));
    if (count > kept) facts.push({ kind: 'count', page: null, links: count - kept });
    if (links > listed) facts.push({ kind: 'graph-count', links: links - listed });
    return { record, followed: (flags & FOLLOWED) !== 0, facts };
  }

  /** Appends a fact to a waiting URL; gives its length in characters afterwards. */
  #append(url: string, before: string, fact: PackedFact): number {
    const packed = [before, this.#encode(fact)].join(',');
    this.#packed.set(url, packed);
    return packed.length;
  }

  /** The URL's packed string, read back from the store when it was evicted. */
  #string(url: string): string {
    const packed = this.#packed.get(url)!;
    if (typeof packed === 'string') return packed;
    const stored = this.#read!(url);
    if (stored === undefined) throw new Error(`The crawl's store lost the saved state of ${url}`);
    if (stored.startsWith(RECORDED)) {
      const counts = this.#unsavedCounts.get(url) ?? 0;
      return withCounts(stored, [sourcesIn(counts), graphLinksIn(counts)]);
    }
    const unsaved = this.#unsaved.get(url);
    return unsaved === undefined ? stored : [stored, unsaved].join('');
  }

  /**
   * A link counted for an evicted recorded URL that keeps no more of them
   * (`full`: SOURCES_FULL or PAGES_FULL), for the next save; false when it
   * may keep this one, so its string is needed.
   */
  #countUnsaved(url: string, full: number): boolean {
    const packed = this.#packed.get(url);
    if (typeof packed !== 'number' || (packed & EVICTED_WAITING) !== 0 || (packed & full) === 0)
      return false;
    const counts = this.#unsavedCounts.get(url) ?? 0;
    const more = full === SOURCES_FULL ? countPair(1, 0) : countPair(0, 1);
    this.#unsavedCounts.set(url, counts + more);
    return true;
  }

  /** A save appended `appended` (COUNTS_FACT) to an evicted recorded URL: those counts leave the heap. */
  #countsSaved(url: string, appended: string): void {
    const counts = this.#unsavedCounts.get(url);
    if (counts === undefined || typeof this.#packed.get(url) !== 'number') return;
    const [, sources, links] = JSON.parse(appended.slice(1)) as number[];
    const left = counts - countPair(sources!, links!);
    // Links counted while the save was written stay, for the next one.
    if (left === 0) this.#unsavedCounts.delete(url);
    else this.#unsavedCounts.set(url, left);
  }

  /** Whether the URL is waiting and evicted (see EVICTED_WAITING). */
  #isEvictedWaiting(url: string): boolean {
    const packed = this.#packed.get(url);
    return typeof packed === 'number' && (packed & EVICTED_WAITING) !== 0;
  }

  /**
   * A fact for the next save to append to an evicted waiting URL; gives the
   * length of the facts not saved yet: what the next append copies (the
   * stored string is not, so it may grow past what a string in the heap may).
   */
  #appendUnsaved(url: string, fact: PackedFact): number {
    const before = this.#unsaved.get(url);
    const added = `,${this.#encode(fact)}`;
    const unsaved = before === undefined ? added : [before, added].join('');
    this.#unsaved.set(url, unsaved);
    return unsaved.length;
  }

  /**
   * A recorded URL with its head's counts (already) raised, and the link's
   * fact kept too while fewer than `limit` are (`kept` or `listed`) and none
   * starts as its `repeat` does. The fact is made only then: it numbers its page.
   */
  #keep(
    url: string,
    packed: string,
    head: RecordedHead,
    kept: 'kept' | 'listed',
    limit: number,
    factOf: () => { fact: string; repeat: string },
  ): number {
    if (head[kept] >= limit) return this.#rewrite(url, packed, head);
    const { fact, repeat } = factOf();
    if (packed.includes(repeat, factsStart(head))) return this.#rewrite(url, packed, head);
    head[kept]++;
    return this.#rewrite(url, packed, head, fact);
  }

  /** A recorded URL with its head's new numbers, and a fact added when one is given. */
  #rewrite(url: string, packed: string, head: RecordedHead, fact?: string): number {
    const { flags, count, kept, links, listed, recordLength } = head;
    const numbers = [flags, count, kept, links, listed, recordLength];
    const parts = ['"r"', ...numbers.map(String), packed.slice(head.end + 1)];
    if (fact !== undefined) parts.push(fact);
    const rewritten = parts.join(',');
    this.#packed.set(url, rewritten);
    // Held whole again: what was counted since the last save is in its head.
    this.#unsavedCounts.delete(url);
    return rewritten.length;
  }

  #keptSource(source: LinkSource): string {
    const { page, element, attribute, line, raw, text } = source;
    return JSON.stringify([4, this.#numberOf(page), element, attribute, raw, text, line ?? null]);
  }

  #graphFact(page: string): string {
    return `[2,${this.#numberOf(page)}]`;
  }

  /**
   * Nothing is packed from now on, only unpacked: the pages' numbers are
   * read (#pages), never looked up, and their map goes (the generated
   * million-URL site numbers 909,091 pages: a 28 MB table).
   */
  stopPacking(): void {
    this.#pageNumbers.clear();
    this.#packing = false;
  }

  #numberOf(page: string): number {
    let number = this.#pageNumbers.get(page);
    if (number === undefined) {
      if (!this.#packing) throw new Error('These packed URLs are only unpacked now (stopPacking)');
      number = this.#pages.length;
      this.#pages.push(page);
      this.#pageNumbers.set(page, number);
    }
    return number;
  }

  #encode(fact: PackedFact): string {
    switch (fact.kind) {
      case 'source': {
        const { page, element, attribute, line, raw, text } = fact.source;
        return JSON.stringify([
          0,
          this.#numberOf(page),
          element,
          attribute,
          line ?? null,
          raw,
          text,
        ]);
      }
      case 'count':
        return JSON.stringify([1, fact.page === null ? -1 : this.#numberOf(fact.page), fact.links]);
      case 'graph':
        return this.#graphFact(fact.page);
      case 'graph-count':
        return JSON.stringify([3, fact.links]);
    }
  }

  #decode(item: unknown[]): PackedFact {
    const page = (at: number) => this.#pages[item[at] as number]!;
    const source = (text: number, raw: number, line: number): PackedFact => {
      const kept: LinkSource = {
        page: page(1),
        element: item[2] as LinkSource['element'],
        attribute: item[3] as LinkSource['attribute'],
        text: item[text] as string,
        raw: item[raw] as string,
      };
      if (item[line] !== null) kept.line = item[line] as number;
      return { kind: 'source', source: kept };
    };
    switch (item[0]) {
      case 0:
        return source(6, 5, 4);
      case 1:
        return { kind: 'count', page: item[1] === -1 ? null : page(1), links: item[2] as number };
      case 2:
        return { kind: 'graph', page: page(1) };
      case 3:
        return { kind: 'graph-count', links: item[1] as number };
      default:
        return source(5, 4, 6);
    }
  }
}

/**
 * The fields nearly every record has, packed by place rather than by name
 * (the names were half of a packed page's record); a record's other fields
 * follow in an object.
 */
const RECORD_FIELDS = [
  'depth',
  'internal',
  'status',
  'httpStatus',
  'method',
  'attempts',
  'durationMs',
  'contentType',
  'bytes',
  'fingerprint',
] as const satisfies readonly (keyof UrlRecord)[];

/** [fields present (bit i: RECORD_FIELDS[i]), their values…, the other fields (when any)] */
type PackedRecord = unknown[];

/**
 * A record packed: without its URL (the key it is kept by), and the URL
 * again in its page facts left out. One that keeps its links is never
 * packed (see crawl-book.ts #packRecords).
 */
function packRecord(record: UrlRecord): PackedRecord {
  const rest: Partial<Record<keyof UrlRecord, unknown>> = { ...record };
  delete rest.url;
  let present = 0;
  const values: unknown[] = [];
  RECORD_FIELDS.forEach((field, i) => {
    if (record[field] === undefined) return;
    present |= 1 << i;
    values.push(record[field]);
    delete rest[field];
  });
  if (record.audit?.facts.url === record.url) {
    const { url: _same, ...facts } = record.audit.facts;
    rest.audit = { ...record.audit, facts };
  }
  return Object.keys(rest).length > 0 ? [present, ...values, rest] : [present, ...values];
}

function unpackRecord(url: string, packed: PackedRecord): UrlRecord {
  const fields: Record<string, unknown> = { url };
  let at = 1;
  const present = packed[0] as number;
  RECORD_FIELDS.forEach((field, i) => {
    if (present & (1 << i)) fields[field] = packed[at++];
  });
  if (typeof fields.contentType === 'string')
    fields.contentType = sharedContentType(fields.contentType);
  const rest = packed[at] as Partial<UrlRecord> | undefined;
  if (rest) {
    const { audit, ...others } = rest;
    Object.assign(fields, others);
    if (audit) fields.audit = unpackedAudit(url, audit);
  }
  return fields as unknown as UrlRecord;
}

function unpackedAudit(url: string, audit: PageAuditFacts): PageAuditFacts {
  // Filled in where it lies (it was parsed for this record alone), not copied with spread
  // syntax: V8 gives each object spread at one place from sources of many shapes a hidden
  // class of its own. The 45,455 pages of a 50,000-URL generated site then had 39,392
  // hidden classes, 16 MB of the report's 73 MB checkpoint.
  // Most pages have no METAs, LINKs, refresh or X-Robots-Tag, and every record is unpacked for
  // the report: with the lists shared (and content types each kept once), the report's checkpoint
  // of the generated site's 200,000 URLs took 258 MB of heap instead of 288.
  audit.xRobotsTag = sharedIfEmpty(audit.xRobotsTag);
  const facts: Partial<PageAuditFacts['facts']> = audit.facts;
  facts.metas = sharedIfEmpty(facts.metas);
  facts.links = sharedIfEmpty(facts.links);
  facts.refresh = sharedIfEmpty(facts.refresh);
  // A page's facts name the URL they were read at: left out when it is the record's own.
  facts.url ??= url;
  return audit;
}

/** Content types seen, each kept once: a site serves a handful, read back a million times. */
const contentTypes = new Map<string, string>();
const CONTENT_TYPES_KEPT = 256;

function sharedContentType(contentType: string): string {
  const seen = contentTypes.get(contentType);
  if (seen !== undefined) return seen;
  if (contentTypes.size < CONTENT_TYPES_KEPT) contentTypes.set(contentType, contentType);
  return contentType;
}

/** A recorded URL's head: the six numbers after its mark. */
function recordedHead(packed: string): RecordedHead {
  const numbers: number[] = [];
  let at = RECORDED.length;
  for (let i = 0; i < 6; i++) {
    const comma = packed.indexOf(',', at);
    numbers.push(Number(packed.slice(at, comma)));
    at = comma + 1;
  }
  const [flags, count, kept, links, listed, recordLength] = numbers as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { flags, count, kept, links, listed, recordLength, end: at - 1 };
}

/** What an evicted recorded URL keeps in the heap: its flags, and whether it keeps more links. */
function evictedRecorded(head: RecordedHead): number {
  return (
    head.flags |
    (head.kept >= SOURCES_KEPT_WHEN_FINE ? SOURCES_FULL : 0) |
    (head.listed >= LINKING_PAGES_KEPT ? PAGES_FULL : 0)
  );
}

/**
 * A recorded URL's string with the counts appended to it (COUNTS_FACT, at
 * its end) and `more` added to its head. A waiting URL's is given back as it is.
 */
/**
 * Links counted to a URL between two saves, [sources, graph links], as one
 * number: sources × 2^26 + graph links. A small V8 integer (no allocation)
 * while fewer than 32 sources are counted, exact while the graph links stay
 * under 2^26 (67 million links to one URL between two saves) and the
 * sources under 2^27.
 */
const COUNT_PAIR_BASE = 2 ** 26;

function countPair(sources: number, graphLinks: number): number {
  return sources * COUNT_PAIR_BASE + graphLinks;
}

function sourcesIn(pair: number): number {
  return Math.floor(pair / COUNT_PAIR_BASE);
}

function graphLinksIn(pair: number): number {
  return pair % COUNT_PAIR_BASE;
}

function withCounts(packed: string, more?: readonly [number, number]): string {
  if (!packed.startsWith(RECORDED)) return packed;
  let [sources, links] = more ?? [0, 0];
  let end = packed.length;
  for (;;) {
    const at = packed.lastIndexOf(COUNTS_FACT, end - 1);
    // Only whole facts at the very end: a source's text may hold the same characters.
    const fact = at < 0 ? null : /^,\[6,(\d+),(\d+)\]$/.exec(packed.slice(at, end));
    if (!fact) break;
    sources += Number(fact[1]);
    links += Number(fact[2]);
    end = at;
  }
  if (sources === 0 && links === 0) return packed;
  const head = recordedHead(packed);
  const { flags, count, kept, listed, recordLength } = head;
  const numbers = [flags, count + sources, kept, head.links + links, listed, recordLength];
  return ['"r"', ...numbers.map(String), packed.slice(head.end + 1, end)].join(',');
}

/** The number an evicted waiting URL keeps: its flags and its depth (see DEPTH_UNIT). */
function evictedWaiting(flags: number, depth: number): number {
  return (flags | EVICTED_WAITING) + depth * DEPTH_UNIT;
}

/** A packed URL's depth when it is waiting (an evicted one's without reading it back), else null. */
function waitingDepthOf(packed: string | number): number | null {
  if (typeof packed === 'number')
    return (packed & EVICTED_WAITING) === 0 ? null : Math.floor(packed / DEPTH_UNIT);
  return packed.startsWith(RECORDED) ? null : waitingDepth(packed);
}

/** A waiting URL's depth: its first number. */
function waitingDepth(packed: string): number {
  return Number(packed.slice(0, packed.indexOf(',')));
}

/** A waiting URL's string with another depth and flags (its first two numbers), the rest as it was. */
function withWaitingHead(packed: string, depth: number, flags: number): string {
  const rest = packed.slice(packed.indexOf(',', packed.indexOf(',') + 1) + 1);
  // join makes one flat string; `+` would make a tree of string pieces, each with its own header.
  return [String(depth), String(flags), rest].join(',');
}

/** A waiting URL's flags: its second number. */
function waitingFlags(packed: string): number {
  const first = packed.indexOf(',');
  return Number(packed.slice(first + 1, packed.indexOf(',', first + 1)));
}

/** Where a recorded URL's facts start (a fact never matches inside its record). */
function factsStart(head: RecordedHead): number {
  return head.end + 1 + head.recordLength;
}

/**
 * A URL's link sources as facts that rebuild them: its kept sources in the
 * order kept (a page's first link is always kept, so the pages come back in
 * the order found), then each page's links beyond its kept sources.
 */
function factsOfSources(list: SourceList | null): PackedFact[] {
  if (list === null) return [];
  const facts: PackedFact[] = list.sources.map((source) => ({ kind: 'source', source }));
  const kept = new Map<string, number>();
  for (const source of list.sources) kept.set(source.page, (kept.get(source.page) ?? 0) + 1);
  for (const [page, links] of list.pages ?? []) {
    const more = links - (kept.get(page) ?? 0);
    if (more > 0) facts.push({ kind: 'count', page, links: more });
  }
  return facts;
}

/** A link graph entry as facts: each listed page once, then the links beyond them. */
function factsOfLinked(linked: LinkedFrom | null): PackedFact[] {
  if (linked === null) return [];
  const facts: PackedFact[] = linked.pages.map((page) => ({ kind: 'graph', page }));
  const more = linked.links - linked.pages.length;
  if (more > 0) facts.push({ kind: 'graph-count', links: more });
  return facts;
}

/**
 * Replays a packed URL's facts, in the order they were found, into link
 * sources and a link graph. A recorded URL is fine: it is settled so first,
 * so that its sources keep what a fine URL keeps.
 */
export function replayFacts(
  url: string,
  unpacked: Pick<UnpackedUrl, 'record' | 'followed' | 'facts'>,
  sources: LinkSources,
  graph: LinkGraph,
): void {
  if (unpacked.record) sources.settle(url, true);
  if (unpacked.followed) graph.noteFollowed(url);
  for (const fact of unpacked.facts) {
    if (fact.kind === 'source') sources.add(url, fact.source);
    else if (fact.kind === 'count') sources.addCount(url, fact.page, fact.links);
    else if (fact.kind === 'graph') graph.noteLink(fact.page, url);
    else graph.addCount(url, fact.links);
  }
}

/** The links to an unpacked URL, as LinkSources and LinkGraph give them (replayed into ones of their own). */
export function linksOfUnpacked(url: string, unpacked: UnpackedUrl): PackedLinks {
  const sources = new LinkSources();
  const graph = new LinkGraph();
  replayFacts(url, unpacked, sources, graph);
  return {
    sources: sources.has(url) ? sources.get(url) : null,
    linked: graph.linkedFromEntry(url),
    followed: unpacked.followed,
  };
}

/**
 * A packed URL left in the store when a crawl is read back to go on (see
 * storedPackedUrl): what the crawl holds of it until it is next needed.
 */
export interface StoredPackedUrl {
  url: string;
  /** Its queue entry's depth, or its record's. */
  depth: number;
  /** Its flags, as PackedUrls keeps an evicted URL's (see PackedUrls.adoptEvicted). */
  evicted: number;
}

/** Whether a checkpoint's queue item or record is a packed URL left in the store. */
export function isStoredPacked<T extends object>(
  item: T | StoredPackedUrl,
): item is StoredPackedUrl {
  return 'evicted' in item;
}

/**
 * A packed URL as a store kept it (its entry row's `packed`, without what
 * later saves appended: those add links only), left packed: its depth and
 * flags, and a recorded one's record, read once to be counted and let go.
 * `followed`: a links row of an older format says a followed link reaches
 * it; null when the string must be unpacked for that (it does not say so).
 */
export function storedPackedUrl(
  url: string,
  packed: string,
  followed = false,
): { stored: StoredPackedUrl; record: UrlRecord | null } | null {
  if (!packed.startsWith(RECORDED)) {
    const flags = waitingFlags(packed);
    if (followed && (flags & FOLLOWED) === 0) return null;
    const depth = waitingDepth(packed);
    return { stored: { url, depth, evicted: evictedWaiting(flags, depth) }, record: null };
  }
  const head = recordedHead(packed);
  if (followed && (head.flags & FOLLOWED) === 0) return null;
  const json = packed.slice(head.end + 1, head.end + 1 + head.recordLength);
  const record = unpackRecord(url, JSON.parse(json) as PackedRecord);
  return { stored: { url, depth: record.depth, evicted: evictedRecorded(head) }, record };
}

/** A packed URL as a store kept it, unpacked: its queue entry or record, and the links to it. */
export function unpackStored(
  url: string,
  packed: string,
  table: PackedUrls,
): Omit<UnpackedUrl, 'facts' | 'followed'> & PackedLinks {
  table.adopt(url, packed);
  const unpacked = table.unpack(url, new URL(url).origin, true);
  const links = linksOfUnpacked(url, unpacked);
  return unpacked.record
    ? { record: unpacked.record, ...links }
    : { entry: unpacked.entry, ...links };
}
