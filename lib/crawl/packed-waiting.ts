/**
 * Waiting URLs kept packed: one string each instead of objects. Most URLs
 * a big crawl knows wait in its queue (on the generated million-URL site,
 * 94 % of the first 100,000), and a waiting URL held as objects costs ~1 KB
 * of heap: its queue entry, the links to it (link-sources.ts) and its link
 * graph entry, each with its arrays and a slot in a hash table. Packed, it
 * is its queue entry's few fields and the links to it as facts, in one
 * flat string, with each linking page as a number.
 *
 * A link found to a packed URL appends a fact. When the URL's turn comes,
 * its facts are replayed, in the order they were found, into the live
 * structures, which then hold exactly what they would have held had it
 * never been packed (crawl-book.ts; held to that by a test crawling the
 * same site both ways).
 *
 * A packed URL is a JSON array's items without the brackets:
 *   depth, flags (1: internal, 2: GET), referrer (page number, -1: none),
 *   then one array per fact:
 *     [0, page, element, attribute, line, raw, text]   a link's source
 *     [1, page, links]                                 links from a page, sources not kept
 *     [2, page]                                        a link graph link from a page
 *     [3, links]                                       link graph links, pages not listed
 */
import type { FrontierEntry } from './frontier.ts';
import { LinkGraph, type LinkedFrom } from './link-graph.ts';
import { LinkSources, type SourceList } from './link-sources.ts';
import type { LinkSource } from './types.ts';

/** A fact about the links to a packed URL, replayed into LinkSources and LinkGraph. */
export type PackedFact =
  | { kind: 'source'; source: LinkSource }
  | { kind: 'count'; page: string; links: number }
  | { kind: 'graph'; page: string }
  | { kind: 'graph-count'; links: number };

const INTERNAL = 1;
const GET = 2;

export class PackedWaiting {
  readonly #packed = new Map<string, string>();
  /** Linking page → its number in packed strings, and back. */
  readonly #pageNumbers = new Map<string, number>();
  readonly #pages: string[] = [];

  /**
   * `pages`: the numbered pages of packed URLs a store holds (a resumed
   * crawl's), so their numbers keep meaning the same pages.
   */
  constructor(pages: readonly string[] = []) {
    for (const page of pages) this.#numberOf(page);
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
    return this.#packed.get(url);
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

  /** Packs a waiting URL with the links to it so far (taken out of the live structures). */
  pack(entry: FrontierEntry, sources: SourceList | null, linked: LinkedFrom | null): void {
    const flags = (entry.internal ? INTERNAL : 0) | (entry.method === 'GET' ? GET : 0);
    const referrer = entry.referrer === null ? -1 : this.#numberOf(entry.referrer);
    const parts = [String(entry.depth), String(flags), String(referrer)];
    for (const fact of factsOfSources(sources)) parts.push(this.#encode(fact));
    for (const fact of factsOfLinked(linked)) parts.push(this.#encode(fact));
    // join makes one flat string; `+` would make a tree of string pieces, each with its own header.
    this.#packed.set(entry.url, parts.join(','));
  }

  /** Appends a fact; gives the packed URL's length in characters afterwards. */
  append(url: string, fact: PackedFact): number {
    const packed = [this.#packed.get(url)!, this.#encode(fact)].join(',');
    this.#packed.set(url, packed);
    return packed.length;
  }

  /** The packed URL's queue entry and facts, unpacked; `remove`: it is no longer packed. */
  unpack(
    url: string,
    origin: string,
    remove: boolean,
  ): { entry: FrontierEntry; facts: PackedFact[] } {
    const items = JSON.parse(`[${this.#packed.get(url)!}]`) as unknown[];
    if (remove) this.#packed.delete(url);
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
    return { entry, facts };
  }

  /** The packed URLs, in the order they were packed. */
  urls(): IterableIterator<string> {
    return this.#packed.keys();
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
        return JSON.stringify([1, this.#numberOf(fact.page), fact.links]);
      case 'graph':
        return JSON.stringify([2, this.#numberOf(fact.page)]);
      case 'graph-count':
        return JSON.stringify([3, fact.links]);
    }
  }

  #decode(item: unknown[]): PackedFact {
    const page = (at: number) => this.#pages[item[at] as number]!;
    switch (item[0]) {
      case 0: {
        const [, , element, attribute, line, raw, text] = item as [
          0,
          number,
          LinkSource['element'],
          LinkSource['attribute'],
          number | null,
          string,
          string,
        ];
        const source: LinkSource = { page: page(1), element, attribute, text, raw };
        if (line !== null) source.line = line;
        return { kind: 'source', source };
      }
      case 1:
        return { kind: 'count', page: page(1), links: item[2] as number };
      case 2:
        return { kind: 'graph', page: page(1) };
      default:
        return { kind: 'graph-count', links: item[1] as number };
    }
  }
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

/** Replays a packed URL's facts, in the order they were found, into link sources and a link graph. */
export function replayFacts(
  url: string,
  facts: readonly PackedFact[],
  sources: LinkSources,
  graph: LinkGraph,
): void {
  for (const fact of facts) {
    if (fact.kind === 'source') sources.add(url, fact.source);
    else if (fact.kind === 'count') sources.addCount(url, fact.page, fact.links);
    else if (fact.kind === 'graph') graph.noteLink(fact.page, url);
    else graph.addCount(url, fact.links);
  }
}

/** A packed URL as a store kept it, unpacked: its queue entry, link sources and link graph entry. */
export function unpackStored(
  url: string,
  packed: string,
  table: PackedWaiting,
): { entry: FrontierEntry; sources: SourceList | null; linked: LinkedFrom | null } {
  table.adopt(url, packed);
  const { entry, facts } = table.unpack(url, new URL(url).origin, true);
  const sources = new LinkSources();
  const graph = new LinkGraph();
  replayFacts(url, facts, sources, graph);
  return {
    entry,
    sources: sources.has(url) ? sources.get(url) : null,
    linked: graph.linkedFromEntry(url),
  };
}
