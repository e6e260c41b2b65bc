import Database from 'better-sqlite3';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowsOfCheckpoint, type CheckpointChanges } from '../../lib/crawl/checkpoint-rows.ts';
import type { CrawlCheckpoint } from '../../lib/crawl/crawl-book.ts';
import type { FrontierEntry } from '../../lib/crawl/frontier.ts';
import { PackedUrls, unpackStored } from '../../lib/crawl/packed-urls.ts';
import type { LinkSource, UrlRecord } from '../../lib/crawl/types.ts';
import { packedString } from '../../tests/support/packed-string.ts';
import { SqliteCrawlStore } from './sqlite-crawl-store.ts';

const ORIGIN = 'http://127.0.0.1:8920';

function entry(p: string, depth = 1): FrontierEntry {
  return {
    url: `${ORIGIN}${p}`,
    origin: ORIGIN,
    depth,
    internal: true,
    method: 'GET',
    referrer: null,
  };
}

function record(p: string, depth = 1): UrlRecord {
  return {
    url: `${ORIGIN}${p}`,
    depth,
    internal: true,
    method: 'GET',
    status: 'ok',
    httpStatus: 200,
    contentType: 'text/html',
  } as UrlRecord;
}

/** A small checkpoint with every per-URL part and all three growing lists. */
function checkpoint(): CrawlCheckpoint {
  return {
    version: 1,
    options: { startUrls: [`${ORIGIN}/`] } as CrawlCheckpoint['options'],
    startedAtMs: 1_000,
    elapsedBeforeMs: 20,
    finished: false,
    stoppedBecause: null,
    queue: [entry('/b.html'), entry('/c.html', 2)],
    records: [record('/', 0), record('/a.html')],
    sources: {
      entries: [[`${ORIGIN}/b.html`, { count: 1, sources: [{ page: `${ORIGIN}/`, text: 'B' }] }]],
      fine: [`${ORIGIN}/a.html`],
    } as CrawlCheckpoint['sources'],
    querySpace: { maxQueriesPerPath: 50, queriesByPath: {} },
    robots: [],
    contentSeen: [['0123456789abcdef', `${ORIGIN}/`]],
    soft404: [[ORIGIN, null]],
    aliases: [{ raw: '/a.html?', url: `${ORIGIN}/a.html`, page: `${ORIGIN}/`, reasons: ['query'] }],
    notFollowed: [{ page: `${ORIGIN}/a.html`, links: [`${ORIGIN}/x.html`] }],
    sitemap: null,
    requests: 3,
    schemeLinks: [],
    linkGraph: {
      linkedFrom: [[`${ORIGIN}/a.html`, 2, [`${ORIGIN}/`]]],
      followed: [`${ORIGIN}/a.html`],
      nofollowLinks: [],
      nofollowLinkCount: 0,
    },
  };
}

const B_URL = `${ORIGIN}/b.html`;

async function freshFile(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-store-'));
  return path.join(dir, 'state.sqlite');
}

const whole = (cp: CrawlCheckpoint): CheckpointChanges => ({
  replace: true,
  ...rowsOfCheckpoint(cp),
});

/** A save of what changed: nothing but what is given. */
const changed = (
  cp: CrawlCheckpoint,
  parts: Partial<Omit<CheckpointChanges, 'replace'>>,
): CheckpointChanges => ({
  replace: false,
  head: rowsOfCheckpoint(cp).head,
  rows: [],
  links: [],
  tail: [],
  ...parts,
});

describe('SqliteCrawlStore', () => {
  it('gives back the checkpoint it saved, after closing and opening again', async () => {
    const file = await freshFile();
    const store = SqliteCrawlStore.open(file);
    expect(store.load()).toBeNull();
    store.save(whole(checkpoint()));
    store.close();
    const again = SqliteCrawlStore.open(file);
    expect(again.load()).toEqual(checkpoint());
    again.close();
  });

  it('writes only the changed rows and appends to the growing lists', async () => {
    const file = await freshFile();
    const store = SqliteCrawlStore.open(file);
    const first = checkpoint();
    store.save(whole(first));
    const b = record('/b.html');
    const { head } = rowsOfCheckpoint(first);
    store.save(
      changed(first, {
        head: { ...head, requests: 4 },
        // /b.html answered; /c.html dropped (a row with only its URL is deleted).
        rows: [{ url: b.url, record: b }, { url: `${ORIGIN}/c.html` }],
        tail: [{ list: 'contentSeen', index: 1, item: ['fedcba9876543210', b.url] }],
      }),
    );
    const loaded = store.load()!;
    expect(loaded.requests).toBe(4);
    expect(loaded.queue).toEqual([]);
    // Depth first, then the order each URL was first saved in (b.html was queued before a.html was recorded).
    expect(loaded.records.map((r) => r.url)).toEqual([`${ORIGIN}/`, b.url, `${ORIGIN}/a.html`]);
    expect(loaded.contentSeen).toEqual([...first.contentSeen, ['fedcba9876543210', b.url]]);
    expect(loaded.aliases).toEqual(first.aliases);
    expect(loaded.notFollowed).toEqual(first.notFollowed);
    // The links to b.html were not in the save: kept as they were.
    expect(loaded.sources).toEqual(first.sources);
    expect(store.rowCount()).toBe(3);
    store.close();
  });

  it('copies the WAL into the file only once it outgrows the file, losing nothing to a kill meanwhile', async () => {
    const file = await freshFile();
    const store = SqliteCrawlStore.open(file);
    // Big enough that a save of one URL is a small part of it.
    const first = checkpoint();
    for (let i = 0; i < 500; i++) first.records.push(record(`/old${i}.html`));
    store.save(whole(first));
    const walAfter: number[] = [];
    const records: UrlRecord[] = [];
    const { head } = rowsOfCheckpoint(first);
    for (let i = 0; walAfter.every((bytes) => bytes > 0) && i < 200; i++) {
      const r = record(`/p${i}.html`);
      records.push(r);
      store.save(changed(first, { head, rows: [{ url: r.url, record: r }] }));
      walAfter.push(store.walBytes());
    }
    // Small saves pile up in the WAL (SQLite alone would copy after each), until it passes the file.
    expect(walAfter.length).toBeGreaterThan(2);
    expect(walAfter.slice(0, -1).every((bytes, i) => i === 0 || bytes > walAfter[i - 1]!)).toBe(
      true,
    );
    // Not before it passed the file's size.
    expect(walAfter.at(-2)).toBeLessThanOrEqual(store.sizeBytes());
    expect(walAfter.at(-1)).toBe(0);
    const last = record('/last.html');
    store.save(changed(first, { head, rows: [{ url: last.url, record: last }] }));
    expect(store.walBytes()).toBeGreaterThan(0);
    // Read as a killed process leaves it (not closed, the WAL not copied): every save is there.
    const reader = SqliteCrawlStore.open(file, { readonly: true });
    const urls = reader.load()!.records.map((r) => r.url);
    for (const r of [...records, last]) expect(urls).toContain(r.url);
    reader.close();
    store.close();
    expect(store.walBytes()).toBe(0);
  });

  it('keeps a URL’s own state and the links to it apart', async () => {
    const file = await freshFile();
    const store = SqliteCrawlStore.open(file);
    const first = checkpoint();
    store.save(whole(first));
    const a = `${ORIGIN}/a.html`;
    // Linked from one more page: only its links row is written, its record is kept.
    store.save(
      changed(first, {
        links: [{ url: a, fine: true, linked: { links: 3, pages: [`${ORIGIN}/`, B_URL] } }],
      }),
    );
    let loaded = store.load()!;
    expect(loaded.records.map((r) => r.url)).toContain(a);
    expect(loaded.linkGraph!.linkedFrom).toEqual([[a, 3, [`${ORIGIN}/`, B_URL]]]);
    expect(loaded.linkGraph!.followed).toEqual([]);
    // Its links emptied: the row is deleted, the record still kept.
    store.save(changed(first, { links: [{ url: a }] }));
    loaded = store.load()!;
    expect(loaded.records.map((r) => r.url)).toContain(a);
    expect(loaded.linkGraph!.linkedFrom).toEqual([]);
    expect(loaded.sources.fine).toEqual([]);
    // Its record dropped: the links to b.html stay.
    store.save(changed(first, { rows: [{ url: B_URL }] }));
    loaded = store.load()!;
    expect(loaded.queue.map((e) => e.url)).toEqual([`${ORIGIN}/c.html`]);
    expect(loaded.sources.entries).toEqual(first.sources.entries);
    store.close();
  });

  it('gives the queue back in the order it was found, not in URL order', async () => {
    const file = await freshFile();
    const store = SqliteCrawlStore.open(file);
    const first = checkpoint();
    store.save(whole({ ...first, queue: [entry('/z.html')] }));
    for (const p of ['/q.html', '/e.html'])
      store.save(changed(first, { rows: [{ url: `${ORIGIN}${p}`, queued: entry(p) }] }));
    // Saved again (now in flight as a GET): it keeps its place.
    store.save(changed(first, { rows: [{ url: `${ORIGIN}/z.html`, queued: entry('/z.html') }] }));
    store.close();
    const again = SqliteCrawlStore.open(file);
    expect(again.load()!.queue.map((e) => new URL(e.url).pathname)).toEqual([
      '/z.html',
      '/q.html',
      '/e.html',
    ]);
    again.close();
  });

  it('on a replace drops every row of the crawl it held', async () => {
    const file = await freshFile();
    const store = SqliteCrawlStore.open(file);
    store.save(whole(checkpoint()));
    const other: CrawlCheckpoint = {
      ...checkpoint(),
      queue: [entry('/only.html')],
      records: [],
      sources: { entries: [], fine: [] },
      contentSeen: [],
      aliases: [],
      notFollowed: [],
      linkGraph: { linkedFrom: [], followed: [], nofollowLinks: [], nofollowLinkCount: 0 },
    };
    store.save(whole(other));
    expect(store.load()).toEqual(other);
    expect(store.rowCount()).toBe(1);
    // Its growing lists start again from their first item.
    store.save(
      changed(other, { tail: [{ list: 'contentSeen', index: 0, item: ['aa', `${ORIGIN}/`] }] }),
    );
    expect(store.load()!.contentSeen).toEqual([['aa', `${ORIGIN}/`]]);
    store.close();
  });

  it('leaves the previous save whole when a save fails half way', async () => {
    const file = await freshFile();
    const store = SqliteCrawlStore.open(file);
    store.save(whole(checkpoint()));
    const { head } = rowsOfCheckpoint(checkpoint());
    // A BigInt cannot be written as JSON: the tail item throws after the rows were written.
    const broken = { page: `${ORIGIN}/d.html`, links: [1n] as unknown as string[] };
    expect(() =>
      store.save({
        replace: true,
        head: { ...head, requests: 99 },
        rows: [{ url: `${ORIGIN}/z.html`, queued: entry('/z.html') }],
        links: [{ url: `${ORIGIN}/z.html`, fine: true }],
        tail: [{ list: 'notFollowed', index: 0, item: broken }],
      }),
    ).toThrow();
    expect(store.load()).toEqual(checkpoint());
    store.close();
  });

  it('folds old saves’ appends into their rows: every read and load gives the same', async () => {
    const file = await freshFile();
    let store = SqliteCrawlStore.open(file, { foldAfterSaves: 2 });
    const first = checkpoint();
    store.save(whole(first));
    const table = new PackedUrls();
    const urls = ['/p.html', '/q.html'].map((p) => `${ORIGIN}${p}`);
    let pageCount = 0;
    const held = new Map<string, string>();
    for (const url of urls) {
      table.pack(entry(new URL(url).pathname, 2), { sources: null, linked: null, followed: false });
      held.set(url, packedString(table, url));
    }
    store.save(changed(first, { rows: urls.map((url) => ({ url, packed: held.get(url)! })) }));
    const appends = () => {
      const reader = new Database(file, { readonly: true });
      try {
        return reader.prepare('SELECT count(*) FROM appends').pluck().get() as number;
      } finally {
        reader.close();
      }
    };
    for (let i = 0; i < 20; i++) {
      // p.html gains a link at every save, q.html at every third; some saves append nothing.
      const rows = urls.flatMap((url, k) => {
        if (k === 1 && i % 3 !== 0) return [];
        const before = held.get(url)!.length;
        table.noteLink(url, `${ORIGIN}/from${i}.html`);
        held.set(url, packedString(table, url));
        return [{ url, appended: held.get(url)!.slice(before) }];
      });
      const pages = table.pagesFrom(pageCount).map((item, n) => ({
        list: 'packedPages' as const,
        index: pageCount + n,
        item,
      }));
      pageCount = table.pageCount;
      store.save(changed(first, { rows, tail: pages }));
      for (const url of urls) expect(store.readPacked(url)).toBe(held.get(url));
    }
    // Only the saves not folded keep appends (at most 2 + 8 saves' worth): 27 were made.
    expect(appends()).toBeLessThanOrEqual(2 * 10);
    expect(appends()).toBeGreaterThan(0);
    store.close();
    store = SqliteCrawlStore.open(file);
    for (const url of urls) expect(store.readPacked(url)).toBe(held.get(url));
    const expected = unpackStored(
      urls[0]!,
      held.get(urls[0]!)!,
      new PackedUrls(table.pagesFrom(0)),
    );
    const loaded = store.load()!;
    expect(loaded.linkGraph!.linkedFrom.find(([u]) => u === urls[0])).toEqual([
      urls[0],
      expected.linked!.links,
      expected.linked!.pages,
    ]);
    expect(expected.linked!.links).toBe(20);
    store.close();
  });

  it('appends facts to a packed URL’s string, until its row is written again', async () => {
    const file = await freshFile();
    let store = SqliteCrawlStore.open(file);
    const first = checkpoint();
    store.save(whole(first));
    const url = `${ORIGIN}/p.html`;
    const table = new PackedUrls();
    table.pack(entry('/p.html', 2), { sources: null, linked: null, followed: true });
    let held = packedString(table, url);
    store.save(changed(first, { rows: [{ url, packed: held }] }));
    // Two later saves append a link each, and the pages they number.
    for (const from of ['/a.html', '/b.html']) {
      const link: LinkSource = {
        page: `${ORIGIN}${from}`,
        element: 'a',
        attribute: 'href',
        text: 'P',
        raw: 'p.html',
        line: 3,
      };
      const before = held.length;
      table.addSource(url, link);
      table.noteLink(url, link.page);
      held = packedString(table, url);
      const pages = table.pagesFrom(0).map((item, index) => ({
        list: 'packedPages' as const,
        index,
        item,
      }));
      store.save(changed(first, { rows: [{ url, appended: held.slice(before) }], tail: pages }));
      // A save that appends nothing to it, between two that do.
      store.save(changed(first, {}));
    }
    store.close();
    store = SqliteCrawlStore.open(file);
    expect(store.readPacked(url)).toBe(held);
    const expected = unpackStored(url, held, new PackedUrls(table.pagesFrom(0)));
    let loaded = store.load()!;
    expect(loaded.queue.find((e) => e.url === url)).toEqual(expected.entry);
    expect(loaded.sources.entries.find(([u]) => u === url)?.[1]).toEqual(expected.sources);
    expect(expected.sources!.sources).toHaveLength(2);
    expect(loaded.linkGraph!.linkedFrom.find(([u]) => u === url)).toEqual([
      url,
      2,
      [`${ORIGIN}/a.html`, `${ORIGIN}/b.html`],
    ]);
    // Its turn came: its row is a queue entry, and what was appended to the packed one is left out.
    store.save(changed(first, { rows: [{ url, queued: entry('/p.html', 2) }] }));
    expect(store.readPacked(url)).toBeUndefined();
    loaded = store.load()!;
    expect(loaded.queue.find((e) => e.url === url)).toEqual(entry('/p.html', 2));
    // Packed again, whole: the appends of the saves before do not count, those after do.
    const again = new PackedUrls(table.pagesFrom(0));
    again.pack(entry('/p.html', 2), { sources: null, linked: null, followed: false });
    const repacked = packedString(again, url);
    store.save(changed(first, { rows: [{ url, packed: repacked }] }));
    expect(store.readPacked(url)).toBe(repacked);
    store.save(changed(first, { rows: [{ url, appended: ',[3,4]' }] }));
    store.close();
    store = SqliteCrawlStore.open(file);
    expect(store.readPacked(url)).toBe(`${repacked},[3,4]`);
    const links = store.load()!.linkGraph!.linkedFrom.find(([u]) => u === url);
    expect(links).toEqual([url, 4, []]);
    store.close();
  });

  it('reads a state file of schema 1, and adds what schema 2 keeps once opened to write', async () => {
    const file = await freshFile();
    const store = SqliteCrawlStore.open(file);
    store.save(whole(checkpoint()));
    store.close();
    const raw = new Database(file);
    raw.exec('DROP TABLE appends');
    raw.exec('ALTER TABLE entries DROP COLUMN saved');
    raw.exec("DELETE FROM head WHERE key = 'saves'");
    raw.pragma('user_version = 1');
    raw.close();
    const reader = SqliteCrawlStore.open(file, { readonly: true });
    expect(reader.load()).toEqual(checkpoint());
    expect(reader.readPacked(B_URL)).toBeUndefined();
    reader.close();
    const writer = SqliteCrawlStore.open(file);
    expect(writer.load()).toEqual(checkpoint());
    const table = new PackedUrls();
    table.pack(entry('/b.html'), { sources: null, linked: null, followed: false });
    const packed = packedString(table, B_URL);
    writer.save(changed(checkpoint(), { rows: [{ url: B_URL, packed }] }));
    writer.save(changed(checkpoint(), { rows: [{ url: B_URL, appended: ',[3,2]' }] }));
    expect(writer.readPacked(B_URL)).toBe(`${packed},[3,2]`);
    writer.close();
    const upgraded = new Database(file, { readonly: true });
    expect(upgraded.pragma('user_version', { simple: true })).toBe(2);
    upgraded.close();
  });

  it('refuses another SQLite database and writes nothing to it', async () => {
    const file = await freshFile();
    const other = new Database(file);
    other.exec('CREATE TABLE notes (text TEXT)');
    other.close();
    const before = await readFile(file);
    expect(() => SqliteCrawlStore.open(file)).toThrow(/no RobotLens crawl state/);
    expect(await readFile(file)).toEqual(before);
  });

  it('opened to read only, it reads and refuses to save', async () => {
    const file = await freshFile();
    const store = SqliteCrawlStore.open(file);
    store.save(whole(checkpoint()));
    store.close();
    const reader = SqliteCrawlStore.open(file, { readonly: true });
    expect(reader.load()).toEqual(checkpoint());
    expect(() => reader.save(whole(checkpoint()))).toThrow(/read only/);
    reader.close();
  });

  it('refuses a file that is not SQLite at all', async () => {
    const file = await freshFile();
    await writeFile(file, 'x'.repeat(200));
    expect(() => SqliteCrawlStore.open(file)).toThrow();
  });
});
