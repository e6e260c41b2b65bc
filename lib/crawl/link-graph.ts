/**
 * The link graph notes the site audit needs, taken as each page is read (the
 * link sources keep only a few links per URL once it is fine, so they cannot
 * answer these afterwards):
 *   - per URL, how many links come from OTHER pages, and the first few of
 *     those pages (a page's link to itself, its own canonical say, makes no
 *     page less of an orphan);
 *   - the URLs with at least one followed link: from a page the audit robot
 *     may fetch, index and follow, through a link without `rel=nofollow`;
 *   - the site's `rel=nofollow` links, the first ones kept, all counted.
 * Plain data, checkpointed with the crawl.
 */
import type { NofollowLink } from '../audit/types.ts';
import { ChangedUrls } from './changed-urls.ts';

/** Linking pages listed per URL (the count is exact). */
export const LINKING_PAGES_KEPT = 5;
/** `rel=nofollow` links kept (the count is exact). */
export const NOFOLLOW_LINKS_KEPT = 1_000;

/** One URL's entry: links from other pages, and the first few of those pages. */
export interface LinkedFrom {
  links: number;
  pages: string[];
}

export interface LinkGraphJson {
  /** URL → links from other pages, and the first few of those pages. */
  linkedFrom: [url: string, links: number, pages: string[]][];
  /** URLs with at least one followed link (see above); empty when the audit is off. */
  followed: string[];
  nofollowLinks: NofollowLink[];
  nofollowLinkCount: number;
}

export class LinkGraph {
  readonly #linkedFrom = new Map<string, LinkedFrom>();
  readonly #followed = new Set<string>();
  readonly #nofollowLinks: NofollowLink[] = [];
  #nofollowLinkCount = 0;
  /** URLs whose entries changed since the last take (see ChangedUrls). */
  readonly #changed = new ChangedUrls();

  /** A link from `page` to `url` (both normalized); a page's link to itself is not counted. */
  noteLink(page: string, url: string): void {
    if (page === url) return;
    this.#changed.mark(url);
    const entry = this.#linkedFrom.get(url);
    if (!entry) {
      // Made with its first page: an array made empty and then pushed to reserves 17 slots.
      this.#linkedFrom.set(url, { links: 1, pages: [page] });
      return;
    }
    entry.links++;
    if (entry.pages.length < LINKING_PAGES_KEPT && !entry.pages.includes(page))
      entry.pages.push(page);
  }

  /** Adds `links` links from other pages whose pages are not listed (a replay, see packed-urls.ts). */
  addCount(url: string, links: number): void {
    this.#changed.mark(url);
    const entry = this.#linkedFrom.get(url);
    if (entry) entry.links += links;
    else this.#linkedFrom.set(url, { links, pages: [] });
  }

  /** Removes the URL's entry and gives it, or null when no other page links to it (followed stays). */
  take(url: string): LinkedFrom | null {
    const entry = this.#linkedFrom.get(url);
    if (!entry) return null;
    this.#linkedFrom.delete(url);
    return entry;
  }

  /** Removes the URL from those a followed link reaches, and gives whether it was (a URL packed with it). */
  takeFollowed(url: string): boolean {
    return this.#followed.delete(url);
  }

  noteFollowed(url: string): void {
    if (!this.#followed.has(url)) this.#changed.mark(url);
    this.#followed.add(url);
  }

  isFollowed(url: string): boolean {
    return this.#followed.has(url);
  }

  noteNofollow(link: NofollowLink): void {
    this.#nofollowLinkCount++;
    if (this.#nofollowLinks.length < NOFOLLOW_LINKS_KEPT) this.#nofollowLinks.push(link);
  }

  /** From now on, keeps the URLs whose entries change, for an incremental save. */
  trackChanges(): void {
    this.#changed.start();
  }

  /** The URLs whose entries changed since the last call (see trackChanges). */
  takeChanged(): string[] {
    return this.#changed.take();
  }

  /** The URL's entry in toJSON's `linkedFrom`, or null when no other page links to it. */
  linkedFromEntry(url: string): LinkedFrom | null {
    const entry = this.#linkedFrom.get(url);
    return entry ? { links: entry.links, pages: [...entry.pages] } : null;
  }

  linkedFrom(url: string): { count: number; pages: string[] } {
    const entry = this.#linkedFrom.get(url);
    return entry ? { count: entry.links, pages: [...entry.pages] } : { count: 0, pages: [] };
  }

  get nofollowLinks(): readonly NofollowLink[] {
    return this.#nofollowLinks;
  }

  get nofollowLinkCount(): number {
    return this.#nofollowLinkCount;
  }

  toJSON(): LinkGraphJson {
    return {
      linkedFrom: [...this.#linkedFrom].map(([url, { links, pages }]) => [url, links, pages]),
      followed: [...this.#followed],
      nofollowLinks: this.#nofollowLinks,
      nofollowLinkCount: this.#nofollowLinkCount,
    };
  }

  /** Forgets the links from other pages and the followed URLs (see CrawlBook.takeForReport). */
  clear(): void {
    this.#linkedFrom.clear();
    this.#followed.clear();
  }

  /**
   * The graph from notes the caller has no more use for: their lists of pages
   * become the graph's, and each note is let go as soon as it is read, so
   * notes and graph are never both whole. For the generated million-URL
   * site's report the notes took 166 MB of heap and the graph built beside
   * them 167 MB more; built from them this way, 2 MB more.
   */
  static fromUsedUpJSON(data: LinkGraphJson): LinkGraph {
    const graph = new LinkGraph();
    const notes: (LinkGraphJson['linkedFrom'][number] | undefined)[] = data.linkedFrom;
    for (let i = 0; i < notes.length; i++) {
      const [url, links, pages] = notes[i]!;
      graph.#linkedFrom.set(url, { links, pages });
      notes[i] = undefined;
    }
    data.linkedFrom = [];
    graph.#takeFollowedAndNofollow(data, (url) => url);
    data.followed = [];
    return graph;
  }

  /** `kept`: as for LinkSources.fromJSON, the string each URL is kept by elsewhere. */
  static fromJSON(data: LinkGraphJson, kept: (url: string) => string = (url) => url): LinkGraph {
    const graph = new LinkGraph();
    for (const [url, links, pages] of data.linkedFrom)
      graph.#linkedFrom.set(kept(url), { links, pages: pages.map(kept) });
    graph.#takeFollowedAndNofollow(data, kept);
    return graph;
  }

  /** The notes' followed URLs and `rel=nofollow` links, for both ways of reading them. */
  #takeFollowedAndNofollow(data: LinkGraphJson, kept: (url: string) => string): void {
    for (const url of data.followed) this.#followed.add(kept(url));
    this.#nofollowLinks.push(...data.nofollowLinks);
    this.#nofollowLinkCount = data.nofollowLinkCount;
  }
}
