/**
 * Where each URL was linked from. A dead link is only useful to a webmaster
 * with every page and anchor text that carry it, but keeping every source of
 * every link costs memory (a menu link appears on every page). So sources
 * are kept in full while a URL's outcome is unknown or a problem, and cut
 * to a few (with a count) once it is known to be fine.
 */
import type { LinkSource } from './types.ts';

/** Sources kept for a URL that is fine. */
const SOURCES_KEPT_WHEN_FINE = 3;
/** Sources kept for one URL at most, even when it is broken (the count stays exact). */
const MAX_SOURCES = 500;

export interface SourceList {
  /** Every link to the URL, counted. */
  count: number;
  sources: LinkSource[];
}

export class LinkSources {
  readonly #byUrl = new Map<string, SourceList>();
  readonly #fine = new Set<string>();

  add(url: string, source: LinkSource): void {
    let list = this.#byUrl.get(url);
    if (!list) {
      list = { count: 0, sources: [] };
      this.#byUrl.set(url, list);
    }
    list.count++;
    const room = this.#fine.has(url) ? SOURCES_KEPT_WHEN_FINE : MAX_SOURCES;
    if (list.sources.length < room && !list.sources.some((s) => sameSource(s, source)))
      list.sources.push(detachSource(source));
  }

  /** The URL's outcome is known: a fine one keeps only a few sources from now on. */
  settle(url: string, fine: boolean): void {
    if (!fine) return;
    this.#fine.add(url);
    const list = this.#byUrl.get(url);
    if (list && list.sources.length > SOURCES_KEPT_WHEN_FINE)
      list.sources.length = SOURCES_KEPT_WHEN_FINE;
  }

  get(url: string): SourceList {
    return this.#byUrl.get(url) ?? { count: 0, sources: [] };
  }

  toJSON(): { entries: [string, SourceList][]; fine: string[] } {
    return { entries: [...this.#byUrl], fine: [...this.#fine] };
  }

  static fromJSON(data: { entries: [string, SourceList][]; fine: string[] }): LinkSources {
    const sources = new LinkSources();
    for (const [url, list] of data.entries) sources.#byUrl.set(url, list);
    for (const url of data.fine) sources.#fine.add(url);
    return sources;
  }
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
