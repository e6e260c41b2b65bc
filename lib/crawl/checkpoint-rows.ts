/**
 * A checkpoint as rows, for a store that writes what changed (the
 * extension's IndexedDB) instead of the whole state each time:
 *
 *   head    everything not kept per URL nor growing (options, clock,
 *           counters, robots.txt answers, …): small, written whole on every save
 *   rows    one per URL, its own state: queue entry and record — written
 *           when it is queued, taken or recorded
 *   links   one per URL, the links to it: its sources and link graph entry —
 *           written when a page linking to it is read
 *   tail    the lists that only grow (content fingerprints, aliases, pages
 *           not followed), an item each: written once, when new
 *
 * The bulk of a checkpoint (on Debian's django docs, 95 % of 0.6–4 MB) is
 * per URL; a URL's record and the links to it change at different times
 * (a page linked from every other one is read once and linked hundreds of
 * times), so they are written apart: as one row, each save rewrote the
 * records of the URLs newly linked to, 9 of the 17 MB a crawl wrote. The
 * fingerprints, written whole in the head, were another 2.7 MB.
 *
 * A save is a CheckpointChanges: the head and what changed, or (after a
 * start, or a resume from anything but the store itself) everything, with
 * `replace` so the store first drops what it held for the crawl before.
 */
import type {
  AliasNote,
  CheckpointHead,
  CrawlBook,
  CrawlCheckpoint,
  TailList,
} from './crawl-book.ts';
import type { FrontierEntry } from './frontier.ts';
import type { SourceList } from './link-sources.ts';
import type { UrlRecord } from './types.ts';

/**
 * Everything the crawl keeps about one URL. A store keeps its own state
 * (EntryRow) and the links to it (LinkRow) apart; a row stored before they
 * were (one per URL) holds both.
 */
export interface UrlRow {
  url: string;
  /** Waiting or in flight. */
  queued?: FrontierEntry;
  record?: UrlRecord;
  sources?: SourceList;
  /** It answered well (or was skipped): only a few of its sources are kept. */
  fine?: true;
  /** Links to it from other pages (link-graph.ts). */
  linked?: { links: number; pages: string[] };
  /** At least one followed link reaches it. */
  followed?: true;
}

/** A URL's own state; a row with nothing but the URL is one to delete. */
export type EntryRow = Pick<UrlRow, 'url' | 'queued' | 'record'>;

/** The links to a URL; a row with nothing but the URL is one to delete. */
export type LinkRow = Pick<UrlRow, 'url' | 'sources' | 'fine' | 'linked' | 'followed'>;

/** One item of a growing list, at its place in the list. */
export type TailItem = {
  [L in TailList]: { list: L; index: number; item: CrawlCheckpoint[L][number] };
}[TailList];

export interface CheckpointChanges {
  /** Drop everything held for this crawl before writing these (they are all of it). */
  replace: boolean;
  head: CheckpointHead;
  rows: EntryRow[];
  links: LinkRow[];
  /** Items added to the growing lists since the last save. */
  tail: TailItem[];
}

/** A head as stored: one written before the growing lists were kept apart holds them. */
export type StoredHead = CheckpointHead & Partial<Pick<CrawlCheckpoint, TailList>>;

export const TAIL_LISTS: readonly TailList[] = ['contentSeen', 'aliases', 'notFollowed'];

/** The URL's own state as the book holds it now. */
export function entryRowOf(book: CrawlBook, url: string): EntryRow {
  const queued = book.queued(url);
  const record = book.records.get(url);
  return { url, ...(queued ? { queued } : {}), ...(record ? { record } : {}) };
}

/** The links to the URL as the book holds them now. */
export function linkRowOf(book: CrawlBook, url: string): LinkRow {
  const linked = book.linkGraph.linkedFromEntry(url);
  return {
    url,
    ...(book.sources.has(url) ? { sources: book.sources.get(url) } : {}),
    ...(book.sources.isFine(url) ? { fine: true as const } : {}),
    ...(linked ? { linked } : {}),
    ...(book.linkGraph.isFollowed(url) ? { followed: true as const } : {}),
  };
}

/** Whether a row holds nothing (the store deletes it rather than keeping an empty one). */
export function isEmptyRow(row: EntryRow | LinkRow): boolean {
  return Object.keys(row).length === 1;
}

/** The growing lists' items from `from` (per list) on, as the book holds them now. */
export function tailOf(book: CrawlBook, from: Record<TailList, number>): TailItem[] {
  const items = (list: TailList, all: readonly TailItem['item'][]) =>
    all.slice(from[list]).map((item, i) => ({ list, index: from[list] + i, item }) as TailItem);
  return [
    ...items('contentSeen', [...book.contentSeen]),
    ...items('aliases', book.aliases),
    ...items('notFollowed', book.notFollowed),
  ];
}

/** How long each growing list of the book is (what a save has written of them, once written). */
export function tailLengths(book: CrawlBook): Record<TailList, number> {
  return {
    contentSeen: book.contentSeen.size,
    aliases: book.aliases.length,
    notFollowed: book.notFollowed.length,
  };
}

/** A whole checkpoint as a head, rows, links and tail (a first save, or a crawl stored the old way). */
export function rowsOfCheckpoint(checkpoint: CrawlCheckpoint): Omit<CheckpointChanges, 'replace'> {
  const { queue, records, sources, linkGraph, contentSeen, aliases, notFollowed, ...rest } =
    checkpoint;
  const byUrl = <T extends { url: string }>() => {
    const rows = new Map<string, T>();
    const row = (url: string): T => {
      let found = rows.get(url);
      if (!found) rows.set(url, (found = { url } as T));
      return found;
    };
    return { rows, row };
  };
  const entries = byUrl<EntryRow>();
  for (const entry of queue) entries.row(entry.url).queued = entry;
  for (const record of records) entries.row(record.url).record = record;
  const links = byUrl<LinkRow>();
  for (const [url, list] of sources.entries) links.row(url).sources = list;
  for (const url of sources.fine) links.row(url).fine = true;
  for (const [url, count, pages] of linkGraph?.linkedFrom ?? [])
    links.row(url).linked = { links: count, pages };
  for (const url of linkGraph?.followed ?? []) links.row(url).followed = true;
  const tail: TailItem[] = [
    ...contentSeen.map((item, index) => ({ list: 'contentSeen' as const, index, item })),
    ...aliases.map((item: AliasNote, index) => ({ list: 'aliases' as const, index, item })),
    ...notFollowed.map((item, index) => ({ list: 'notFollowed' as const, index, item })),
  ];
  const head: CheckpointHead = linkGraph
    ? {
        ...rest,
        linkGraphNotes: {
          nofollowLinks: linkGraph.nofollowLinks,
          nofollowLinkCount: linkGraph.nofollowLinkCount,
        },
      }
    : rest;
  return { head, rows: [...entries.rows.values()], links: [...links.rows.values()], tail };
}

/**
 * The checkpoint a head and its rows stand for. `rows` may hold rows of
 * both kinds, or both in one (stored before they were kept apart); a head
 * stored then holds the growing lists, and no tail goes with it. Rows come
 * back in key (URL) order, not crawl order: the queue is taken shallowest
 * first, as the breadth-first crawl took it, and records follow the same order.
 */
export function checkpointOfRows(
  stored: StoredHead,
  rows: readonly UrlRow[],
  tail: readonly TailItem[] = [],
): CrawlCheckpoint {
  const { linkGraphNotes, contentSeen = [], aliases = [], notFollowed = [], ...rest } = stored;
  const byDepth = <T extends { depth: number }>(items: T[]) =>
    items.sort((a, b) => a.depth - b.depth);
  const queue = byDepth(rows.flatMap((r) => (r.queued ? [r.queued] : [])));
  const records = byDepth(rows.flatMap((r) => (r.record ? [r.record] : [])));
  const items = <L extends TailList>(list: L, before: CrawlCheckpoint[L]) => [
    ...before,
    ...tail
      .filter((t) => t.list === list)
      .sort((a, b) => a.index - b.index)
      .map((t) => t.item as CrawlCheckpoint[L][number]),
  ];
  return {
    ...rest,
    queue,
    records,
    sources: {
      entries: rows.flatMap((r) => (r.sources ? [[r.url, r.sources] as [string, SourceList]] : [])),
      fine: rows.flatMap((r) => (r.fine ? [r.url] : [])),
    },
    contentSeen: items('contentSeen', contentSeen),
    aliases: items('aliases', aliases),
    notFollowed: items('notFollowed', notFollowed),
    ...(linkGraphNotes
      ? {
          linkGraph: {
            linkedFrom: rows.flatMap((r) =>
              r.linked
                ? [[r.url, r.linked.links, r.linked.pages] as [string, number, string[]]]
                : [],
            ),
            followed: rows.flatMap((r) => (r.followed ? [r.url] : [])),
            ...linkGraphNotes,
          },
        }
      : {}),
  };
}

/** A URL's two rows as one (the order of `rows` and `links` does not matter). */
export function joinRows(rows: readonly EntryRow[], links: readonly LinkRow[]): UrlRow[] {
  const joined = new Map<string, UrlRow>();
  for (const row of [...rows, ...links]) joined.set(row.url, { ...joined.get(row.url), ...row });
  return [...joined.values()];
}
