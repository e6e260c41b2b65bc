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
 *           not followed, pages numbered in packed rows), an item each:
 *           written once, when new
 *
 * A URL kept packed (packed-urls.ts) is one row: its packed state, queue
 * entry or record and links together, as the crawl keeps it, so a save
 * writes that string rather than building its links' objects (at 550,000
 * URLs known, 88 % of them changed between two saves, nearly all waiting).
 * A link to it changes that row only (whether a followed link reaches it
 * is in the string too), and no links row is written for it: one the
 * store holds from before it was packed is older, and read back, the
 * packed row's links win.
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
  ResumableCheckpoint,
  TailList,
} from './crawl-book.ts';
import type { FrontierEntry } from './frontier.ts';
import type { LinkedFrom } from './link-graph.ts';
import type { SourceList } from './link-sources.ts';
import { PackedUrls, storedPackedUrl, unpackStored, type StoredPackedUrl } from './packed-urls.ts';
import { RecordCounts } from './stats.ts';
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
  /** Packed: queue entry or record and links in one string (packed-urls.ts; pages numbered in `packedPages`). */
  packed?: string;
  /**
   * Packed text for the store to add at the end of the `packed` it holds for
   * the URL (facts found since it was saved, each after a comma); a later
   * `packed` or other state replaces both. Only to a store that reads
   * packed strings back (CrawlPorts.readPacked), and never read back as such.
   */
  appended?: string;
  record?: UrlRecord;
  sources?: SourceList;
  /** It answered well (or was skipped): only a few of its sources are kept. */
  fine?: true;
  /** Links to it from other pages (link-graph.ts). */
  linked?: LinkedFrom;
  /** At least one followed link reaches it. */
  followed?: true;
  /** Packed and waiting, left in the store (see LeftPacked); its links rows are not read. */
  storedQueued?: StoredPackedUrl;
  /** Packed and recorded, left in the store (see LeftPacked). */
  storedRecord?: StoredPackedUrl;
}

/** A URL's own state; a row with nothing but the URL is one to delete. */
export type EntryRow = Pick<UrlRow, 'url' | 'queued' | 'packed' | 'appended' | 'record'>;

/** The links to a URL; a row with nothing but the URL is one to delete. */
export type LinkRow = Pick<UrlRow, 'url' | 'sources' | 'fine' | 'linked' | 'followed'>;

/** One item of a growing list, at its place in the list. */
export type TailItem = {
  [L in TailList]: { list: L; index: number; item: NonNullable<CrawlCheckpoint[L]>[number] };
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

export const TAIL_LISTS: readonly TailList[] = [
  'contentSeen',
  'aliases',
  'notFollowed',
  'packedPages',
];

/** The URL's own state as the book holds it now, or null when the store holds that already. */
export function entryRowOf(book: CrawlBook, url: string): EntryRow | null {
  const packed = book.packedChangeOf(url);
  if (packed === null) return null;
  if (packed !== undefined) return { url, ...packed };
  const queued = book.queued(url);
  const record = book.recordOf(url);
  return { url, ...(queued ? { queued } : {}), ...(record ? { record } : {}) };
}

/**
 * The links to the URL as the book holds them now, or null when it is
 * packed: the same save writes its entry row, which holds them (a URL
 * marked when it is packed, and whenever a link to it is found).
 */
export function linkRowOf(book: CrawlBook, url: string): LinkRow | null {
  // Written as well, they were half a million-URL crawl's state file, and of each save.
  if (book.isPacked(url)) return null;
  const followed = book.isFollowed(url) ? { followed: true as const } : {};
  const { sources, linked } = book.linksOf(url);
  return {
    url,
    ...(sources ? { sources } : {}),
    ...(book.sources.isFine(url) ? { fine: true as const } : {}),
    ...(linked ? { linked } : {}),
    ...followed,
  };
}

/** Whether a row holds nothing (the store deletes it rather than keeping an empty one). */
export function isEmptyRow(row: EntryRow | LinkRow): boolean {
  return Object.keys(row).length === 1;
}

/** The growing lists' items from `from` (per list) on, as the book holds them now. */
export function tailOf(book: CrawlBook, from: Record<TailList, number>): TailItem[] {
  // `items` are those from `from[list]` on.
  const tailItems = (list: TailList, items: readonly TailItem['item'][]) =>
    items.map((item, i) => ({ list, index: from[list] + i, item }) as TailItem);
  return [
    ...tailItems('contentSeen', [...book.contentSeen].slice(from.contentSeen)),
    ...tailItems('aliases', book.aliases.slice(from.aliases)),
    ...tailItems('notFollowed', book.notFollowed.slice(from.notFollowed)),
    ...tailItems('packedPages', book.packedPages(from.packedPages)),
  ];
}

/** How long each growing list of the book is (what a save has written of them, once written). */
export function tailLengths(book: CrawlBook): Record<TailList, number> {
  return {
    contentSeen: book.contentSeen.size,
    aliases: book.aliases.length,
    notFollowed: book.notFollowed.length,
    packedPages: book.packedPageCount,
  };
}

/** A whole checkpoint as a head, rows, links and tail (a first save, or a crawl stored the old way). */
export function rowsOfCheckpoint(checkpoint: CrawlCheckpoint): Omit<CheckpointChanges, 'replace'> {
  // Every URL of a whole checkpoint is unpacked: the numbered pages are not needed.
  const {
    queue,
    records,
    sources,
    linkGraph,
    contentSeen,
    aliases,
    notFollowed,
    packedPages: _pages,
    ...rest
  } = checkpoint;
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
 * `rows` is taken: each packed row in it is replaced by its unpacked one, so
 * that the packed string can go as soon as it is read (a big state file's
 * packed strings are most of what it holds).
 */
export function checkpointOfRows(
  stored: StoredHead,
  rows: UrlRow[],
  tail: readonly TailItem[] = [],
): CrawlCheckpoint {
  // No row is left packed: every queue item and record is an object.
  return checkpointOf(stored, rows, tail) as CrawlCheckpoint;
}

/**
 * The crawl a head and its rows stand for, to go on from, with the packed
 * URLs `left` kept in the store as they are (rows with `storedQueued` or
 * `storedRecord`); a row still `packed` is unpacked, as checkpointOfRows does.
 */
export function resumableOfRows(
  stored: StoredHead,
  rows: UrlRow[],
  tail: readonly TailItem[],
  left: LeftPacked,
): ResumableCheckpoint {
  const checkpoint = checkpointOf(stored, rows, tail);
  return left.count > 0
    ? { ...checkpoint, leftPacked: { counts: left.counts, pagesTaken: left.pagesTaken } }
    : checkpoint;
}

function checkpointOf(
  stored: StoredHead,
  rows: UrlRow[],
  tail: readonly TailItem[],
): ResumableCheckpoint {
  const { linkGraphNotes, contentSeen = [], aliases = [], notFollowed = [], ...rest } = stored;
  const items = <L extends TailList>(list: L, before: NonNullable<CrawlCheckpoint[L]>) => [
    ...before,
    ...tail
      .filter((t) => t.list === list)
      .sort((a, b) => a.index - b.index)
      .map((t) => t.item as NonNullable<CrawlCheckpoint[L]>[number]),
  ];
  const packedPages = items('packedPages', []);
  unpackRows(rows, packedPages);
  const byDepth = <T extends { depth: number }>(items: T[]) =>
    items.sort((a, b) => a.depth - b.depth);
  const queue = byDepth(rows.flatMap((r) => r.queued ?? r.storedQueued ?? []));
  const records = byDepth(rows.flatMap((r) => r.record ?? r.storedRecord ?? []));
  return {
    ...rest,
    ...(packedPages.length > 0 ? { packedPages } : {}),
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

/**
 * Packed URLs a store holds, left there as a crawl is read back to go on
 * (see ResumableCheckpoint): each becomes a row holding its depth and flags
 * only, and a recorded one's record is counted and let go; each is read
 * back from the store at its turn. Unpacked, the state of the generated
 * million-URL crawl cut at 12 minutes (958,100 URLs known) took 156 s and
 * 3.6 GB to read back; left packed, 25 s and 842 MB.
 */
export class LeftPacked {
  readonly counts = new RecordCounts();
  /** Internal pages fetched with GET among the records (the page limit's count). */
  pagesTaken = 0;
  /** URLs left packed. */
  count = 0;

  /**
   * The row of the URL left packed: `packed` is its entry row's (without
   * what later saves appended: those add links only), `followed` whether
   * its links row, of an older format, says a followed link reaches it.
   * Null when it must be unpacked instead (its string does not say so).
   */
  rowOf(url: string, packed: string, followed: boolean): UrlRow | null {
    const left = storedPackedUrl(url, packed, followed);
    if (left === null) return null;
    this.count++;
    const { stored, record } = left;
    if (!record) return { url, storedQueued: stored };
    this.counts.add(record, 1);
    if (record.internal && record.method === 'GET') this.pagesTaken++;
    return { url, storedRecord: stored };
  }
}

/** Rows of packed URLs unpacked, in place: a queue entry or record, link sources and a link graph entry each. */
function unpackRows(rows: UrlRow[], pages: readonly string[]): void {
  let table: PackedUrls | null = null;
  rows.forEach((row, i) => {
    if (row.packed === undefined) return;
    table ??= new PackedUrls(pages);
    // The packed state holds the URL's links: a links row saved before it was packed is older.
    const { packed, sources: _older, linked: _olderLinked, ...rest } = row;
    const { entry, record, sources, linked, followed } = unpackStored(row.url, packed, table);
    rows[i] = {
      ...rest,
      // A row packed before packed URLs kept it has it in its links row (in `rest`).
      ...(followed ? { followed: true as const } : {}),
      // Only URLs recorded as fine are packed once recorded.
      ...(record ? { record, fine: true as const } : { queued: entry }),
      ...(sources ? { sources } : {}),
      ...(linked ? { linked } : {}),
    };
  });
}

/** A URL's two rows as one (the order of `rows` and `links` does not matter). */
export function joinRows(rows: readonly EntryRow[], links: readonly LinkRow[]): UrlRow[] {
  const joined = new Map<string, UrlRow>();
  for (const row of [...rows, ...links]) joined.set(row.url, { ...joined.get(row.url), ...row });
  return [...joined.values()];
}
