/**
 * A checkpoint as rows, for a store that writes what changed (the
 * extension's IndexedDB) instead of the whole state each time:
 *
 *   head   everything not kept per URL (options, clock, counters, robots.txt
 *          answers, fingerprints, …): small, written whole on every save
 *   rows   one per URL: its queue entry, record, link sources and link graph
 *          entry — the bulk (on Debian's django docs, 95 % of a 0.6–4 MB
 *          checkpoint), written only for the URLs that changed
 *
 * A save is a CheckpointChanges: the head and the changed rows, or (after a
 * start, or a resume from anything but the store itself) every row, with
 * `replace` so the store first drops the rows of the crawl it held before.
 */
import type { CheckpointHead, CrawlBook, CrawlCheckpoint } from './crawl-book.ts';
import type { FrontierEntry } from './frontier.ts';
import type { SourceList } from './link-sources.ts';
import type { UrlRecord } from './types.ts';

/** Everything the crawl keeps about one URL; a row with nothing but the URL is one to delete. */
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

export interface CheckpointChanges {
  /** Drop every row held for this crawl before writing these (they are all of them). */
  replace: boolean;
  head: CheckpointHead;
  rows: UrlRow[];
}

/** The URL's row as the book holds it now. */
export function rowOf(book: CrawlBook, url: string): UrlRow {
  const queued = book.queued(url);
  const record = book.records.get(url);
  const linked = book.linkGraph.linkedFromEntry(url);
  return {
    url,
    ...(queued ? { queued } : {}),
    ...(record ? { record } : {}),
    ...(book.sources.has(url) ? { sources: book.sources.get(url) } : {}),
    ...(book.sources.isFine(url) ? { fine: true as const } : {}),
    ...(linked ? { linked } : {}),
    ...(book.linkGraph.isFollowed(url) ? { followed: true as const } : {}),
  };
}

/** Whether a row holds nothing (the store deletes it rather than keeping an empty one). */
export function isEmptyRow(row: UrlRow): boolean {
  return Object.keys(row).length === 1;
}

/** A whole checkpoint as a head and rows (a first save, or a crawl stored the old way). */
export function rowsOfCheckpoint(checkpoint: CrawlCheckpoint): {
  head: CheckpointHead;
  rows: UrlRow[];
} {
  const { queue, records, sources, linkGraph, ...rest } = checkpoint;
  const rows = new Map<string, UrlRow>();
  const row = (url: string): UrlRow => {
    let found = rows.get(url);
    if (!found) rows.set(url, (found = { url }));
    return found;
  };
  for (const entry of queue) row(entry.url).queued = entry;
  for (const record of records) row(record.url).record = record;
  for (const [url, list] of sources.entries) row(url).sources = list;
  for (const url of sources.fine) row(url).fine = true;
  for (const [url, links, pages] of linkGraph?.linkedFrom ?? []) row(url).linked = { links, pages };
  for (const url of linkGraph?.followed ?? []) row(url).followed = true;
  const head: CheckpointHead = linkGraph
    ? {
        ...rest,
        linkGraphNotes: {
          nofollowLinks: linkGraph.nofollowLinks,
          nofollowLinkCount: linkGraph.nofollowLinkCount,
        },
      }
    : rest;
  return { head, rows: [...rows.values()] };
}

/**
 * The checkpoint a head and its rows stand for. Rows come back in key
 * (URL) order, not crawl order: the queue is taken shallowest first, as the
 * breadth-first crawl took it, and records follow the same order.
 */
export function checkpointOfRows(head: CheckpointHead, rows: readonly UrlRow[]): CrawlCheckpoint {
  const { linkGraphNotes, ...rest } = head;
  const byDepth = <T extends { depth: number }>(items: T[]) =>
    items.sort((a, b) => a.depth - b.depth);
  const queue = byDepth(rows.flatMap((r) => (r.queued ? [r.queued] : [])));
  const records = byDepth(rows.flatMap((r) => (r.record ? [r.record] : [])));
  return {
    ...rest,
    queue,
    records,
    sources: {
      entries: rows.flatMap((r) => (r.sources ? [[r.url, r.sources] as [string, SourceList]] : [])),
      fine: rows.flatMap((r) => (r.fine ? [r.url] : [])),
    },
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
