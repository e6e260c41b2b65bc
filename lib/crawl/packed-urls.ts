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
 */
import type { FrontierEntry } from './frontier.ts';
import { LINKING_PAGES_KEPT, LinkGraph, type LinkedFrom } from './link-graph.ts';
import { LinkSources, SOURCES_KEPT_WHEN_FINE, type SourceList } from './link-sources.ts';
import type { PageAuditFacts } from '../audit/types.ts';
import type { LinkSource, UrlRecord } from './types.ts';

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
 * last saved (see PackedUrls.evict), or undefined when it holds none.
 */
export type ReadPacked = (url: string) => string | undefined;

export class PackedUrls {
  /** URL → its packed string, or, once evicted (recorded ones only), its flags. */
  readonly #packed = new Map<string, string | number>();
  /** Linking page → its number in packed strings, and back. */
  readonly #pageNumbers = new Map<string, number>();
  readonly #pages: string[] = [];
  readonly #read: ReadPacked | null;

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

  /** A packed URL as it is kept (for a store: its numbers need the pages, see pagesFrom). */
  packedOf(url: string): string | undefined {
    return this.#packed.has(url) ? this.#string(url) : undefined;
  }

  /**
   * The store holds `saved` for the URL now (a save that wrote it is done):
   * when that is still its packed string and it is recorded, the string
   * leaves the heap, to be read back from the store when the URL is next
   * needed; its flags stay. A waiting URL's stays: most links to a URL come
   * before its turn in a breadth-first crawl, and each would read it back
   * and write it again (evicted too, the generated million-URL site took
   * 110 s instead of 62–75 s to reach 700,000 URLs known).
   */
  evict(url: string, saved: string): void {
    if (this.#read === null || !saved.startsWith(RECORDED)) return;
    if (this.#packed.get(url) === saved) this.#packed.set(url, recordedHead(saved).flags);
  }

  /** How many packed URLs have their string in the store only. */
  get evictedCount(): number {
    let count = 0;
    for (const value of this.#packed.values()) if (typeof value === 'number') count++;
    return count;
  }

  /** Takes a packed URL as a store kept it (see packedOf). */
  adopt(url: string, packed: string): void {
    this.#packed.set(url, packed);
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
    if (typeof packed === 'number') return true;
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

  /** A link's source to a packed URL; gives the packed URL's length in characters afterwards. */
  addSource(url: string, source: LinkSource): number {
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
    const packed = this.#string(url);
    if (!packed.startsWith(RECORDED)) return this.#append(url, packed, { kind: 'graph', page });
    const head = recordedHead(packed);
    head.links++;
    return this.#keep(url, packed, head, 'listed', LINKING_PAGES_KEPT, () => {
      const fact = this.#graphFact(page);
      return { fact, repeat: fact };
    });
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
    if (packed.startsWith(RECORDED)) {
      const head = recordedHead(packed);
      head.flags |= FOLLOWED;
      this.#rewrite(url, packed, head);
      return true;
    }
    const [depth, flags] = packed.split(',', 2) as [string, string];
    const rest = packed.slice(depth.length + flags.length + 2);
    this.#packed.set(url, [depth, String(Number(flags) | FOLLOWED), rest].join(','));
    return true;
  }

  /** The packed URL unpacked; `remove`: it is no longer packed. */
  unpack(url: string, origin: string, remove: boolean): UnpackedUrl {
    const items = JSON.parse(`[${this.#string(url)}]`) as unknown[];
    if (remove) this.#packed.delete(url);
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
    return stored;
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
    return rewritten.length;
  }

  #keptSource(source: LinkSource): string {
    const { page, element, attribute, line, raw, text } = source;
    return JSON.stringify([4, this.#numberOf(page), element, attribute, raw, text, line ?? null]);
  }

  #graphFact(page: string): string {
    return `[2,${this.#numberOf(page)}]`;
  }

  #numberOf(page: string): number {
    let number = this.#pageNumbers.get(page);
    if (number === undefined) {
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
  const rest = packed[at] as Partial<UrlRecord> | undefined;
  if (rest) {
    const { audit, ...others } = rest;
    Object.assign(fields, others);
    // A page's facts name the URL they were read at: left out when it is the record's own.
    if (audit) {
      const facts: Partial<PageAuditFacts['facts']> = audit.facts;
      fields.audit = { ...audit, facts: { ...facts, url: facts.url ?? url } };
    }
  }
  return fields as unknown as UrlRecord;
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
