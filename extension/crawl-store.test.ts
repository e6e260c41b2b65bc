/**
 * The crawl store on fake-indexeddb, an in-memory IndexedDB that follows
 * the specification's rules for transactions and key ranges (its own
 * tests are the Web Platform Tests'). A stopped worker is a fresh module:
 * its own connection, the same database.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSite, page, type FakeAnswer } from '../tests/support/fake-site.ts';
import { joinRows, rowsOfCheckpoint } from '../lib/crawl/checkpoint-rows.ts';
import { systemClock } from '../lib/crawl/clock.ts';
import type { CrawlCheckpoint } from '../lib/crawl/crawl-book.ts';
import { Crawler } from '../lib/crawl/crawl.ts';
import { checkpointContent } from '../tests/support/checkpoint-content.ts';

const O = 'http://site.test';
/** An origin that sorts right after O: its rows must stay apart from O's. */
const O_PORT = 'http://site.test:8080';

type Store = typeof import('./crawl-store.ts');

/** The store as a newly started worker has it. */
async function workerStore(): Promise<Store> {
  vi.resetModules();
  return import('./crawl-store.ts');
}

beforeEach(() => {
  Object.assign(globalThis, { indexedDB: new IDBFactory() });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function site(): Record<string, FakeAnswer> {
  const links = Array.from({ length: 20 }, (_, i) => [`/p${i}.html`, `p${i}`] as [string, string]);
  const answers: Record<string, FakeAnswer> = {
    [`${O}/`]: { html: page('Home', [...links, ['/gone', 'gone']]) },
  };
  for (let i = 0; i < 20; i++)
    answers[`${O}/p${i}.html`] = { html: page(`P${i}`, [[`/q${i}.html`, 'q']]) };
  return answers;
}

/** A crawl of the fake site saved to `store` as it changes; stopped after `results` results if given. */
async function crawl(store: Store, results = Infinity): Promise<CrawlCheckpoint> {
  const stop = new AbortController();
  let seen = 0;
  return Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, concurrency: 2 },
    {
      http: fakeSite(site()).http,
      clock: systemClock,
      checkpointEveryMs: 0,
      saveChanges: (changes) => store.saveCrawlChanges(O, changes),
      onEvent: (event) => {
        if (event.type === 'result' && ++seen === results) stop.abort();
      },
    },
  ).run(stop.signal);
}

/** A stored crawl resumed to its end, saving to `store` (which holds it when `current`). */
function resumeFrom(store: Store, stored: { checkpoint: CrawlCheckpoint; current: boolean }) {
  return Crawler.resume(stored.checkpoint, {
    http: fakeSite(site()).http,
    clock: systemClock,
    checkpointEveryMs: 0,
    storeHolds: stored.current,
    saveChanges: (changes) => store.saveCrawlChanges(O, changes),
  }).run();
}

/** What a crawl found, URL by URL, in URL order. */
const results = (c: CrawlCheckpoint) => c.records.map((r) => `${r.url} ${r.status}`).sort();

/** The site's stored checkpoint, as a new worker loads it. */
async function loaded(store: Store, origin = O): Promise<CrawlCheckpoint> {
  return (await store.loadCrawl(origin))!.checkpoint;
}

/** A small checkpoint of its own, saved whole (`replace`). */
async function saveWhole(store: Store, origin: string, urls: string[]): Promise<CrawlCheckpoint> {
  const crawler = Crawler.start(
    { startUrls: urls.map((path) => `${origin}${path}`) },
    { http: fakeSite({}).http, clock: systemClock },
  );
  const checkpoint = crawler.checkpoint();
  await store.saveCrawlChanges(origin, { replace: true, ...rowsOfCheckpoint(checkpoint) });
  return checkpoint;
}

describe('crawl store', () => {
  it('holds nothing for a site never saved', async () => {
    expect(await (await workerStore()).loadCrawl(O)).toBeUndefined();
  });

  it('a crawl saved as it changes loads back, in a new worker, as its checkpoint', async () => {
    const final = await crawl(await workerStore());
    expect(final.finished).toBe(true);
    expect(checkpointContent(await loaded(await workerStore()))).toEqual(checkpointContent(final));
  });

  it('a crawl stopped mid-run resumes from the store to the same end as an uninterrupted one', async () => {
    const whole = await crawl(await workerStore());
    Object.assign(globalThis, { indexedDB: new IDBFactory() });
    const stopped = await crawl(await workerStore(), 8);
    expect(stopped.finished).toBe(false);

    const store = await workerStore();
    const stored = (await store.loadCrawl(O))!;
    expect(stored.current).toBe(true);
    expect(checkpointContent(stored.checkpoint)).toEqual(checkpointContent(stopped));
    const final = await resumeFrom(store, stored);
    expect(results(final)).toEqual(results(whole));
    expect(checkpointContent(await loaded(await workerStore()))).toEqual(checkpointContent(final));
  });

  it('a crawl stored by version 1 (whole rows, a head with the growing lists) loads, and a resumed one is written again the new way', async () => {
    const whole = await crawl(await workerStore());
    Object.assign(globalThis, { indexedDB: new IDBFactory() });
    const stopped = await crawl(await workerStore(), 8);
    stopped.aliases.push({
      raw: '/./p1.html',
      url: `${O}/p1.html`,
      page: `${O}/`,
      reasons: ['dot'],
    });
    Object.assign(globalThis, { indexedDB: new IDBFactory() });
    // As version 1 wrote it: one row per URL with its links, and the lists in the head.
    const old = await openDB('robotlens-crawl', 1, {
      upgrade(database) {
        database.createObjectStore('heads');
        database.createObjectStore('rows');
      },
    });
    const { head, rows, links } = rowsOfCheckpoint(stopped);
    const { contentSeen, aliases, notFollowed } = stopped;
    for (const row of joinRows(rows, links)) await old.put('rows', row, [O, row.url]);
    await old.put('heads', JSON.stringify({ ...head, contentSeen, aliases, notFollowed }), O);
    old.close();

    const store = await workerStore();
    const stored = (await store.loadCrawl(O))!;
    expect(stored.current).toBe(false);
    expect(checkpointContent(stored.checkpoint)).toEqual(checkpointContent(stopped));
    const final = await resumeFrom(store, stored);
    expect(results(final)).toEqual(results(whole));
    const again = (await (await workerStore()).loadCrawl(O))!;
    expect(again.current).toBe(true);
    expect(checkpointContent(again.checkpoint)).toEqual(checkpointContent(final));
  });

  it('loads a crawl kept in more saves than one read takes, every save applied', async () => {
    const store = await workerStore();
    const paths = Array.from({ length: 11 }, (_, i) => `/p${i}`);
    await saveWhole(store, O, [paths[0]!]);
    for (const path of paths.slice(1)) {
      const crawler = Crawler.start(
        { startUrls: [`${O}${path}`] },
        { http: fakeSite({}).http, clock: systemClock },
      );
      await store.saveCrawlChanges(O, {
        replace: false,
        ...rowsOfCheckpoint(crawler.checkpoint()),
      });
    }
    const queued = (await loaded(await workerStore())).queue.map((entry) => entry.url);
    expect(queued.sort()).toEqual(paths.map((path) => `${O}${path}`).sort());
  });

  it('a replace drops the rows stored before for its site, and only for its site', async () => {
    const store = await workerStore();
    await saveWhole(store, O, ['/a', '/b', '/c']);
    const neighbour = await saveWhole(store, O_PORT, ['/x', '/y']);
    const replaced = await saveWhole(store, O, ['/d']);
    expect(checkpointContent(await loaded(store))).toEqual(checkpointContent(replaced));
    expect(checkpointContent(await loaded(store, O_PORT))).toEqual(checkpointContent(neighbour));
  });

  it('an empty row deletes its URL; other rows stay', async () => {
    const store = await workerStore();
    const saved = await saveWhole(store, O, ['/a', '/b']);
    const { head } = rowsOfCheckpoint(saved);
    const empty = [{ url: `${O}/a` }];
    await store.saveCrawlChanges(O, { replace: false, head, rows: empty, links: [], tail: [] });
    expect((await loaded(store)).queue.map((entry) => entry.url)).toEqual([`${O}/b`]);
    // In a new worker too (which reads where its next save goes from the store).
    const again = await workerStore();
    await again.saveCrawlChanges(O, {
      replace: false,
      head,
      rows: [{ url: `${O}/b` }],
      links: [],
      tail: [],
    });
    expect((await loaded(await workerStore())).queue).toEqual([]);
  });

  it('a save is one stored value, however many rows; a crawl written whole is cut into a few', async () => {
    const store = await workerStore();
    const paths = Array.from({ length: 6_001 }, (_, i) => `/u${i}`);
    const whole = await saveWhole(store, O, paths);
    const { head } = rowsOfCheckpoint(whole);
    const rows = [{ url: `${O}/u1` }, { url: `${O}/u2` }];
    await store.saveCrawlChanges(O, { replace: false, head, rows, links: [], tail: [] });
    const database = await openDB('robotlens-crawl');
    expect(await database.getAllKeys('saves')).toEqual([0, 1, 2, 3].map((n) => [O, n]));
    database.close();
    const urls = (await loaded(await workerStore())).queue.map((entry) => entry.url);
    expect(urls).toHaveLength(5_999);
    expect(urls).not.toContain(`${O}/u1`);
  });

  it('a crawl written whole again now and then keeps few saves, and loads the same', async () => {
    const store = await workerStore();
    let wholeSaves = 0;
    const final = await Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, concurrency: 2 },
      {
        http: fakeSite(site()).http,
        clock: systemClock,
        checkpointEveryMs: 0,
        rewriteAfterRowsPerUrl: 1,
        saveChanges: async (changes) => {
          if (changes.replace) wholeSaves++;
          await store.saveCrawlChanges(O, changes);
        },
      },
    ).run();
    expect(wholeSaves).toBeGreaterThan(1);
    expect(checkpointContent(await loaded(await workerStore()))).toEqual(checkpointContent(final));
    const database = await openDB('robotlens-crawl');
    const saves = (await database.getAllKeys('saves')).length;
    database.close();
    expect(saves).toBeLessThan(final.records.length);
  });

  it('a save the disk refuses fails with its error and leaves the previous save whole', async () => {
    const store = await workerStore();
    const before = await saveWhole(store, O, ['/a', '/b']);
    // A full disk: the second row's write is refused, after a replace's delete and the first row.
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (++puts === 2) throw new DOMException('Quota exceeded', 'QuotaExceededError');
      return put.apply(this, args);
    });
    const after = Crawler.start(
      { startUrls: [`${O}/c`, `${O}/d`, `${O}/e`] },
      { http: fakeSite({}).http, clock: systemClock },
    ).checkpoint();
    const changes = { replace: true, ...rowsOfCheckpoint(after) };
    await expect(store.saveCrawlChanges(O, changes)).rejects.toThrow('Quota exceeded');
    expect(checkpointContent(await loaded(store))).toEqual(checkpointContent(before));
    // Once there is room again, the next save goes through on the same connection.
    vi.restoreAllMocks();
    await store.saveCrawlChanges(O, changes);
    expect(checkpointContent(await loaded(store))).toEqual(checkpointContent(after));
  });
});
