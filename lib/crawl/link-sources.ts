/**
 * Where each URL was linked from. A dead link is only useful to a webmaster
 * with every page that carries it, but keeping every link of every page
 * costs memory (a menu link appears on every page, a table of contents
 * links one page hundreds of times). So, per URL:
 *   - every page that links it, once, with how many links it holds;
 *   - the first few distinct links of each page (element, anchor text, line);
 * and once the URL is known to be fine, only a few sources and the count.
 */
import { ChangedUrls } from './changed-urls.ts';
import type { LinkSource } from './types.ts';
import { ownCopy } from '../text/own-copy.ts';
import { EMPTY_LIST } from '../empty-list.ts';

/** Sources kept for a URL that is fine. */
export const SOURCES_KEPT_WHEN_FINE = 3;
/** Distinct links kept per page for one URL (the page's count stays exact). */
export const SOURCES_KEPT_PER_PAGE = 3;

export interface SourceList {
  /** Every link to the URL, counted. */
  count: number;
  /** The first few distinct links of each page, pages in the order they were found. */
  sources: LinkSource[];
  /**
   * Links to the URL per page, every page, in the order found; absent once
   * the URL is fine (and in checkpoints from before it was kept).
   */
  pages?: [page: string, links: number][];
}

/**
 * A URL's links, as kept. Most of a crawl's URLs wait in the queue with one
 * or two linking pages, so the shape is tight: `pages` is one flat array of
 * (page, links, sources kept) triples rather than a Map and an object per
 * page, and arrays are made with their first items (an array made empty
 * and then pushed to reserves 17 slots). At 100,000 URLs known the Map per
 * URL and those half-empty arrays were ~50 % of the crawl's heap.
 */
interface UrlLinks {
  count: number;
  sources: LinkSource[] | null;
  /** Not (yet) fine: every page that links it, in the order found; null once fine. */
  pages: PageTriples | null;
}

/** [page, links (exact), sources kept (at most SOURCES_KEPT_PER_PAGE)], repeated. */
type PageTriples = (string | number)[];

/** The pages of a URL not linked from any yet, shared (replaced, never pushed to). */
const NO_PAGES: PageTriples = EMPTY_LIST;

/** Pages of one URL looked up through a Map beyond this many (a site-wide menu link). */
const PAGES_INDEXED_FROM = 16;

export class LinkSources {
  readonly #byUrl = new Map<string, UrlLinks>();
  /** page → its triple's offset in `pages`, only for URLs with many linking pages. */
  readonly #pageIndex = new Map<string, Map<string, number>>();
  readonly #fine = new Set<string>();
  /** URLs whose sources changed since the last take; null until asked for (see ChangedUrls). */
  readonly #changed = new ChangedUrls();

  add(url: string, source: LinkSource): void {
    this.#changed.mark(url);
    const list = this.#listOf(url);
    list.count++;
    const sources = list.sources ?? [];
    if (list.pages === null) {
      if (sources.length < SOURCES_KEPT_WHEN_FINE && !repeats(sources, source)) keep(list, source);
      return;
    }
    const at = this.#pageAt(url, list, source.page);
    (list.pages[at + 1] as number)++;
    const kept = list.pages[at + 2] as number;
    if (kept < SOURCES_KEPT_PER_PAGE && !repeats(keptOf(sources, source.page, kept), source)) {
      keep(list, source);
      list.pages[at + 2] = kept + 1;
    }
  }

  /** The URL's outcome is known: a fine one keeps only a few sources (and no pages) from now on. */
  settle(url: string, fine: boolean): void {
    if (!fine) return;
    this.#changed.mark(url);
    this.#fine.add(url);
    this.#pageIndex.delete(url);
    const list = this.#byUrl.get(url);
    if (!list) return;
    list.pages = null;
    if (list.sources && list.sources.length > SOURCES_KEPT_WHEN_FINE)
      list.sources = list.sources.slice(0, SOURCES_KEPT_WHEN_FINE);
  }

  /** From now on, keeps the URLs whose sources change, for an incremental save. */
  trackChanges(): void {
    this.#changed.start();
  }

  /**
   * The URL's links are to be saved again though they did not change here:
   * it was unpacked, and a store may hold a links row older than its packed one.
   */
  markChanged(url: string): void {
    this.#changed.mark(url);
  }

  /** The URLs whose sources changed since the last call (see trackChanges). */
  takeChanged(): string[] {
    return this.#changed.take();
  }

  /** Whether the URL keeps only a few sources (it answered well, or was skipped). */
  isFine(url: string): boolean {
    return this.#fine.has(url);
  }

  /** Whether any link to the URL was counted. */
  has(url: string): boolean {
    return this.#byUrl.has(url);
  }

  get(url: string): SourceList {
    const list = this.#byUrl.get(url);
    if (!list) return { count: 0, sources: [] };
    const { count, pages } = list;
    const sources = [...(list.sources ?? [])];
    if (pages === null) return { count, sources };
    const perPage: [string, number][] = [];
    for (let i = 0; i < pages.length; i += 3)
      perPage.push([pages[i] as string, pages[i + 1] as number]);
    return { count, sources, pages: perPage };
  }

  /**
   * Adds `links` links from `page` whose sources are not kept: a page's
   * count beyond its kept sources, when a URL's links are replayed
   * (packed-urls.ts). `page` is null for a fine URL (it keeps no pages).
   */
  addCount(url: string, page: string | null, links: number): void {
    this.#changed.mark(url);
    const list = this.#listOf(url);
    list.count += links;
    if (list.pages === null || page === null) return;
    const at = this.#pageAt(url, list, page);
    (list.pages[at + 1] as number) += links;
  }

  /** Removes the URL's links and gives them (as `get` does), or null when it has none. */
  take(url: string): SourceList | null {
    if (!this.#byUrl.has(url)) return null;
    const list = this.get(url);
    this.#byUrl.delete(url);
    this.#pageIndex.delete(url);
    return list;
  }

  /** `keeps`: the URLs whose lists are written (all when absent). */
  toJSON(keeps?: (url: string) => boolean): { entries: [string, SourceList][]; fine: string[] } {
    const entries: [string, SourceList][] = [];
    for (const url of this.#byUrl.keys())
      if (!keeps || keeps(url)) entries.push([url, this.get(url)]);
    return {
      entries,
      fine: [...this.#fine],
    };
  }

  /** Forgets every URL's links (a book used up for its report, see CrawlBook.takeForReport). */
  clear(): void {
    this.#byUrl.clear();
    this.#pageIndex.clear();
    this.#fine.clear();
  }

  /**
   * `kept` gives the string a URL is kept by elsewhere (KnownUrls.kept):
   * read back from a checkpoint, every URL in it is a string of its own.
   */
  static fromJSON(
    data: { entries: [string, SourceList][]; fine: string[] },
    kept: (url: string) => string = (url) => url,
  ): LinkSources {
    const sources = new LinkSources();
    for (const url of data.fine) sources.#fine.add(kept(url));
    for (const [savedUrl, saved] of data.entries) {
      const url = kept(savedUrl);
      const list = sources.#listOf(url);
      list.count = saved.count;
      for (const source of saved.sources) source.page = kept(source.page);
      list.sources = saved.sources.length > 0 ? saved.sources : null;
      if (list.pages === null) continue;
      for (const [page, links] of saved.pages ?? pagesOfSources(saved.sources)) {
        const at = sources.#pageAt(url, list, kept(page));
        (list.pages[at + 1] as number) += links;
      }
      for (const source of saved.sources) {
        const at = sources.#pageAt(url, list, source.page);
        (list.pages[at + 2] as number)++;
      }
    }
    return sources;
  }

  #listOf(url: string): UrlLinks {
    let list = this.#byUrl.get(url);
    if (!list) {
      list = { count: 0, sources: null, pages: this.#fine.has(url) ? null : NO_PAGES };
      this.#byUrl.set(url, list);
    }
    return list;
  }

  /** The offset of the page's triple among the URL's pages (not fine), added (no links yet) when new. */
  #pageAt(url: string, list: UrlLinks, page: string): number {
    if (list.pages === NO_PAGES) {
      list.pages = [page, 0, 0];
      return 0;
    }
    const pages = list.pages!;
    // A page's links are read one after another: the page asked for is nearly always the last.
    const last = pages.length - 3;
    if (last >= 0 && pages[last] === page) return last;
    const index = this.#pageIndex.get(url);
    let at = index ? (index.get(page) ?? -1) : findPage(pages, page);
    if (at < 0) {
      at = pages.length;
      pages.push(page, 0, 0);
      index?.set(page, at);
    }
    if (!index && pages.length > PAGES_INDEXED_FROM * 3) {
      const built = new Map<string, number>();
      for (let i = 0; i < pages.length; i += 3) built.set(pages[i] as string, i);
      this.#pageIndex.set(url, built);
    }
    return at;
  }
}

function findPage(pages: PageTriples, page: string): number {
  for (let i = 0; i < pages.length; i += 3) if (pages[i] === page) return i;
  return -1;
}

/** Keeps a copy of the source (an array made with its first item: see UrlLinks). */
function keep(list: UrlLinks, source: LinkSource): void {
  const kept = detachSource(source);
  if (list.sources) list.sources.push(kept);
  else list.sources = [kept];
}

/**
 * The sources kept for one page: `count` of them among the URL's, nearly
 * always the last ones (a page's links are added together), so the search
 * from the end stops early.
 */
function keptOf(sources: readonly LinkSource[], page: string, count: number): LinkSource[] {
  const kept: LinkSource[] = [];
  for (let i = sources.length - 1; i >= 0 && kept.length < count; i--)
    if (sources[i]!.page === page) kept.push(sources[i]!);
  return kept;
}

/** A checkpoint from before pages were counted: each kept source counts once. */
function pagesOfSources(sources: readonly LinkSource[]): [string, number][] {
  const pages = new Map<string, number>();
  for (const source of sources) pages.set(source.page, (pages.get(source.page) ?? 0) + 1);
  return [...pages];
}

/** Whether the same link was kept already (among a few: one page's, or a fine URL's). */
function repeats(kept: readonly LinkSource[], source: LinkSource): boolean {
  return kept.some((s) => sameSource(s, source));
}

/**
 * A source's strings copied out of the page they were read from. The HTML
 * parser's strings are views into the whole page (V8 "sliced strings"): one
 * kept anchor text would otherwise keep its 30 KB page alive, and a crawl
 * keeps sources from nearly every page.
 */
function detachSource(source: LinkSource): LinkSource {
  return { ...source, text: ownCopy(source.text), raw: ownCopy(source.raw) };
}

function sameSource(a: LinkSource, b: LinkSource): boolean {
  return (
    a.page === b.page &&
    a.element === b.element &&
    a.attribute === b.attribute &&
    a.raw === b.raw &&
    a.text === b.text
  );
}
