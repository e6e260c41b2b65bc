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

/** Sources kept for a URL that is fine. */
const SOURCES_KEPT_WHEN_FINE = 3;
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

interface PageTally {
  links: number;
  /** This page's sources among the URL's kept ones (the same objects). */
  kept: LinkSource[];
}

export class LinkSources {
  readonly #byUrl = new Map<string, { count: number; sources: LinkSource[] }>();
  /** Per URL that is not (yet) fine: page → its links to the URL. */
  readonly #pages = new Map<string, Map<string, PageTally>>();
  readonly #fine = new Set<string>();
  /** URLs whose sources changed since the last take; null until asked for (see ChangedUrls). */
  readonly #changed = new ChangedUrls();

  add(url: string, source: LinkSource): void {
    this.#changed.mark(url);
    let list = this.#byUrl.get(url);
    if (!list) {
      list = { count: 0, sources: [] };
      this.#byUrl.set(url, list);
    }
    list.count++;
    if (this.#fine.has(url)) {
      if (list.sources.length < SOURCES_KEPT_WHEN_FINE && !repeats(list.sources, source))
        list.sources.push(detachSource(source));
      return;
    }
    const tally = this.#tallyOf(url, source.page);
    tally.links++;
    if (tally.kept.length < SOURCES_KEPT_PER_PAGE && !repeats(tally.kept, source)) {
      const kept = detachSource(source);
      list.sources.push(kept);
      tally.kept.push(kept);
    }
  }

  /** The URL's outcome is known: a fine one keeps only a few sources (and no pages) from now on. */
  settle(url: string, fine: boolean): void {
    if (!fine) return;
    this.#changed.mark(url);
    this.#fine.add(url);
    this.#pages.delete(url);
    const list = this.#byUrl.get(url);
    if (list && list.sources.length > SOURCES_KEPT_WHEN_FINE)
      list.sources.length = SOURCES_KEPT_WHEN_FINE;
  }

  /** From now on, keeps the URLs whose sources change, for an incremental save. */
  trackChanges(): void {
    this.#changed.start();
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
    const pages = this.#pages.get(url);
    return pages
      ? { ...list, pages: [...pages].map(([page, tally]) => [page, tally.links]) }
      : { ...list };
  }

  toJSON(): { entries: [string, SourceList][]; fine: string[] } {
    return {
      entries: [...this.#byUrl.keys()].map((url) => [url, this.get(url)]),
      fine: [...this.#fine],
    };
  }

  static fromJSON(data: { entries: [string, SourceList][]; fine: string[] }): LinkSources {
    const sources = new LinkSources();
    for (const url of data.fine) sources.#fine.add(url);
    for (const [url, list] of data.entries) {
      sources.#byUrl.set(url, { count: list.count, sources: list.sources });
      if (sources.#fine.has(url)) continue;
      for (const [page, links] of list.pages ?? pagesOfSources(list.sources))
        sources.#tallyOf(url, page).links += links;
      for (const source of list.sources) sources.#tallyOf(url, source.page).kept.push(source);
    }
    return sources;
  }

  #tallyOf(url: string, page: string): PageTally {
    let pages = this.#pages.get(url);
    if (!pages) {
      pages = new Map();
      this.#pages.set(url, pages);
    }
    let tally = pages.get(page);
    if (!tally) {
      tally = { links: 0, kept: [] };
      pages.set(page, tally);
    }
    return tally;
  }
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
  return { ...source, text: detachString(source.text), raw: detachString(source.raw) };
}

function detachString(text: string): string {
  // Concatenating forces a flat copy; slicing off the extra character keeps only that copy.
  return text.length < 13 ? text : ` ${text}`.slice(1);
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
