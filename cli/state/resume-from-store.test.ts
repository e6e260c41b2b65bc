/**
 * The engine saving to the SQLite store as it goes, stopped at several
 * points and each time resumed from nothing but the store (closed and
 * opened again, `storeHolds`, so every save after the first is only what
 * changed): it must end with the report of a crawl that was never stopped.
 * Run as a small crawl is, every waiting URL held as objects, and with
 * nearly all of them packed (packed-urls.ts), as a big crawl's are; packed
 * URLs are read back from the store at their turn, and last left there
 * when the crawl is read back to go on (loadToGoOn), as `--resume` does.
 */
import Database from 'better-sqlite3';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/crawl/clock.ts';
import type { CheckpointChanges } from '../../lib/crawl/checkpoint-rows.ts';
import { continuedCheckpoint, cutShortOf } from '../../lib/crawl/continue-crawl.ts';
import { Crawler, type CrawlPorts } from '../../lib/crawl/crawl.ts';
import { buildReport, type CrawlReport } from '../../lib/crawl/report.ts';
import { crawlNetwork } from '../http/crawl-network.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';
import { SqliteCrawlStore } from './sqlite-crawl-store.ts';

let external: SiteServer;
beforeAll(async () => {
  external = await startSiteServer(path.resolve('tests/fixtures/crawl-external'));
});
afterAll(() => external.close());

async function site(): Promise<SiteServer> {
  return startSiteServer(path.resolve('tests/fixtures/crawl-site'), {
    vars: { external: external.origin },
  });
}

function ports(
  origin: string,
  packAfter: number | undefined,
  saves?: (changes: CheckpointChanges) => void,
  readPacked?: (url: string) => string | undefined,
): CrawlPorts {
  const network = crawlNetwork(origin, { userAgent: 'RobotLens-test' });
  return {
    ...(packAfter !== undefined ? { packAfter } : {}),
    ...(readPacked ? { readPacked } : {}),
    http: network.http,
    addressGuard: network.addressGuard,
    clock: systemClock,
    ...(saves ? { saveChanges: (changes) => Promise.resolve(saves(changes)) } : {}),
  };
}

const OPTIONS = { delayMs: 0, timeoutMs: 1500, concurrencyPerOrigin: 2 };

/** What must not depend on stops: each page's outcome, each broken link and where it is. */
function essence(report: CrawlReport, origin: string) {
  const sorted = (lines: string[]) => lines.map((line) => line.replaceAll(origin, 'SITE')).sort();
  return {
    finished: report.finished,
    pages: sorted(report.pages.map((p) => `${p.url} ${p.status} ${p.outcome} ${p.fingerprint}`)),
    broken: sorted(
      report.broken.map(
        (b) => `${b.url} ${b.status} ${b.linkCount} ${b.foundOn.map((f) => f.page).sort()}`,
      ),
    ),
  };
}

/**
 * A crawl resumed with its packed URLs left in the store holds what one
 * resumed with every URL read back holds: counters, page budget, the queue
 * in the same order, the records in the same order, the links to each URL.
 * (Which packed URLs are fine is in their strings: read back whole, the
 * book also lists them in its link sources, where nothing reads them.)
 */
function expectSameBook(left: Crawler, whole: Crawler): void {
  expect(left.stats()).toEqual(whole.stats());
  expect(left.book.pagesTaken).toBe(whole.book.pagesTaken);
  expect(left.book.frontier.toJSON()).toEqual(whole.book.frontier.toJSON());
  const bySource = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : 1);
  const packed = (url: string) => left.book.isPacked(url) || whole.book.isPacked(url);
  const checkpoint = (crawler: Crawler) => {
    const { sources, linkGraph, ...rest } = crawler.book.toJSON();
    return {
      ...rest,
      sources: {
        entries: sources.entries.sort(bySource),
        fine: sources.fine.filter((url) => !packed(url)).sort(),
      },
      linkedFrom: linkGraph?.linkedFrom.sort((a, b) => (a[0] < b[0] ? -1 : 1)),
      followed: linkGraph?.followed.sort(),
    };
  };
  expect(checkpoint(left)).toEqual(checkpoint(whole));
}

/** Up to which save the store folded appends into their rows (see SqliteCrawlStore #fold). */
function savesFolded(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const value = db.prepare("SELECT value FROM head WHERE key = 'folded'").pluck().get();
    return Number(value ?? 0);
  } finally {
    db.close();
  }
}

describe('a crawl resumed from the SQLite store', () => {
  it.each([
    { urls: 'held as objects', packAfter: undefined, evict: false },
    { urls: 'packed', packAfter: 1, evict: false },
    { urls: 'packed, and read back from the store once saved', packAfter: 1, evict: true },
    {
      urls: 'packed, left in the store when it is read back to go on, appends folded',
      packAfter: 1,
      evict: true,
      leave: true,
    },
  ])(
    'ends as the crawl that was never stopped, saving only what changed after each resume (URLs $urls)',
    async ({ packAfter, evict, leave = false }) => {
      const whole = await site();
      const uninterrupted = Crawler.start(
        { startUrls: [`${whole.origin}/`], ...OPTIONS },
        ports(whole.origin, undefined),
      );
      const expected = buildReport(await uninterrupted.run(), uninterrupted.stats());
      await whole.close();

      const fresh = await site();
      const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'robotlens-resume-')), 'state');
      const replaces: boolean[] = [];
      let rowsWritten = 0;
      let packedRows = 0;
      let appendedRows = 0;
      const saveTo = (store: SqliteCrawlStore) => (changes: CheckpointChanges) => {
        replaces.push(changes.replace);
        rowsWritten += changes.rows.length;
        packedRows += changes.rows.filter((row) => row.packed !== undefined).length;
        appendedRows += changes.rows.filter((row) => row.appended !== undefined).length;
        store.save(changes);
      };
      // Left packed, the appends of all but the last save are also folded into their rows.
      const storeOptions = leave ? { foldAfterSaves: 1 } : {};
      let store = SqliteCrawlStore.open(file, storeOptions);
      const reader = (from: SqliteCrawlStore) => (evict ? from.readPacked : undefined);
      let evicted = 0;
      let leftPacked = 0;
      let crawler = Crawler.start(
        { startUrls: [`${fresh.origin}/`], ...OPTIONS },
        {
          ...ports(fresh.origin, packAfter, saveTo(store), reader(store)),
          checkpointEveryMs: 0,
          onEvent: () => (evicted = Math.max(evicted, crawler.book.evictedCount)),
        },
      );
      const stops = [8, 20, 35];
      try {
        for (;;) {
          // Stopped once the site has answered `at` requests in all (the last run is not stopped).
          const stop = new AbortController();
          const at = stops.shift();
          const timer =
            at === undefined
              ? null
              : setInterval(() => {
                  if (fresh.log.length >= at) stop.abort(new Error('stopped by the test'));
                }, 5);
          await crawler.run(stop.signal);
          if (timer) clearInterval(timer);
          if (at !== undefined) expect(crawler.book.stoppedBecause).toBe('cancelled');
          store.close();
          store = SqliteCrawlStore.open(file, storeOptions);
          const loaded = leave ? store.loadToGoOn()! : store.load()!;
          if (loaded.finished) break;
          crawler = Crawler.resume(loaded, {
            ...ports(fresh.origin, packAfter, saveTo(store), reader(store)),
            checkpointEveryMs: 0,
            storeHolds: true,
            onEvent: () => (evicted = Math.max(evicted, crawler.book.evictedCount)),
          });
          if (leave) {
            leftPacked += crawler.book.evictedCount;
            expectSameBook(crawler, Crawler.resume(store.load()!, ports(fresh.origin, packAfter)));
          }
        }
        const resumed = store.load()!;
        expect(essence(buildReport(resumed, crawler.stats()), fresh.origin)).toEqual(
          essence(expected, whole.origin),
        );
        // Only the very first save wrote every row.
        expect(replaces[0]).toBe(true);
        expect(replaces.slice(1).every((replace) => !replace)).toBe(true);
        expect(stops).toEqual([]);
        expect(rowsWritten).toBeGreaterThan(0);
        if (packAfter === undefined) expect(packedRows).toBe(0);
        else expect(packedRows).toBeGreaterThan(5);
        // Links found to a waiting URL once its string was saved are appended to it.
        if (evict) expect(evicted).toBeGreaterThan(5);
        else expect(evicted).toBe(0);
        if (evict) expect(appendedRows).toBeGreaterThan(0);
        else expect(appendedRows).toBe(0);
        if (leave) expect(leftPacked).toBeGreaterThan(10);
        if (leave) expect(savesFolded(file)).toBeGreaterThan(5);
      } finally {
        store.close();
        await fresh.close();
      }
    },
    60_000,
  );
});

describe('a crawl cut by its page limit, read back with its packed URLs left in the store', () => {
  it('is cut short and carried on as the same crawl read back whole', async () => {
    const fresh = await site();
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'robotlens-left-')), 'state');
    const store = SqliteCrawlStore.open(file);
    try {
      const crawler = Crawler.start(
        { startUrls: [`${fresh.origin}/`], ...OPTIONS, maxPages: 12 },
        {
          ...ports(fresh.origin, 1, (changes) => store.save(changes), store.readPacked),
          checkpointEveryMs: 0,
        },
      );
      await crawler.run();
      const left = store.loadToGoOn()!;
      const whole = store.load()!;
      expect(left.leftPacked?.pagesTaken).toBeGreaterThan(0);
      expect(left.queue.length + left.records.length).toBe(
        whole.queue.length + whole.records.length,
      );
      expect(cutShortOf(left)).toEqual(cutShortOf(whole));
      expect(cutShortOf(left)).toMatchObject({ reason: 'max-pages' });
      const limits = { runMs: 60_000 };
      const [carried, carriedWhole] = [
        continuedCheckpoint(left, limits),
        continuedCheckpoint(whole, limits),
      ];
      expect(carried.options).toEqual(carriedWhole.options);
      expect(carried.queue.map((item) => item.url)).toEqual(carriedWhole.queue.map((e) => e.url));
      expect(carried.records.map((item) => item.url)).toEqual(
        carriedWhole.records.map((r) => r.url),
      );
    } finally {
      store.close();
      await fresh.close();
    }
  });
});
