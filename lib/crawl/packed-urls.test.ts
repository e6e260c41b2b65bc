import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { checkpointContent } from '../../tests/support/checkpoint-content.ts';
import { fakeSite, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { RowStore } from '../../tests/support/row-store.ts';
import { packedString } from '../../tests/support/packed-string.ts';
import { auditFacts, pageRecord } from '../../tests/support/page-record.ts';
import type { Clock } from './clock.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';
import { Crawler, type CrawlPorts } from './crawl.ts';
import { LinkGraph } from './link-graph.ts';
import { LinkSources } from './link-sources.ts';
import { PackedUrls, replayFacts, storedPackedUrl } from './packed-urls.ts';
import { buildReport } from './report.ts';
import type { LinkSource, UrlRecord } from './types.ts';

const O = 'http://site.test';
const X = 'http://elsewhere.test';
const PAGES = 90;

/**
 * A site whose shape gives packed URLs every kind of link: the next page,
 * pages far away, a link written twice with two texts, one written four
 * times (more than the sources kept per page), broken links, an
 * image (checked with HEAD, never packed), external links, a page linked
 * only from late pages (so many links reach it while packed that it is
 * unpacked before its turn), a page that says nofollow, `rel=nofollow`,
 * texts that need escaping, and line numbers.
 */
function site(): Record<string, FakeAnswer> {
  const answers: Record<string, FakeAnswer> = {};
  for (let i = 0; i < PAGES; i++) {
    const far = (i * 7 + 3) % PAGES;
    const links = [
      `<a href="/p${i + 1}.html">Next: ${i + 1}</a>`,
      `<a href="/p${far}.html">Far "${far}" ✓</a>`,
      `<a href="/p${(i * 13 + 5) % PAGES}.html?a=1&amp;b=2">Once</a>`,
      `<a href="/p${(i * 13 + 5) % PAGES}.html?a=1&amp;b=2">Twice\tover</a>`,
      ...[1, 2, 3, 4].map((k) => `<a href="/p${(i * 17 + 11) % PAGES}.html">Again ${k}</a>`),
      `<a href="/gone${i % 11}.html">Gone ${i % 11}</a>`,
      `<img src="/img${i % 5}.png" alt="Picture ${i % 5}">`,
      `<a href="${X}/x${i % 4}">Out ${i % 4}</a>`,
      `<a href="/p${(i * 3) % PAGES}.html" rel="nofollow">Not followed</a>`,
      `<a href="mailto:me@site.test">Mail</a>`,
      ...(i >= 20
        ? [`<a href="/late.html">Late link from ${i} with a long text to grow it</a>`]
        : []),
    ];
    const head = i === 17 ? '<meta name="robots" content="nofollow">' : '';
    const body =
      i === 17 ? `${links.join('\n')}\n<a href="/nf-only.html">Only here</a>` : links.join('\n');
    answers[`${O}/p${i}.html`] = {
      html: `<!doctype html><title>P${i}</title>${head}<body>\n${body}\n</body>`,
    };
  }
  answers[`${O}/`] = { html: '<title>Home</title><a href="/p0.html">Start</a>' };
  answers[`${O}/late.html`] = { html: '<title>Late</title><a href="/">Home</a>' };
  for (let i = 0; i < 5; i++)
    answers[`${O}/img${i}.png`] = { body: 'png', headers: [['content-type', 'image/png']] };
  for (let i = 0; i < 4; i++) answers[`${X}/x${i}`] = { status: i === 3 ? 404 : 200, html: '' };
  return answers;
}

/** Time stands still, so that two runs record the same times. */
const clock: Clock = {
  nowMs: () => 1_800_000_000_000,
  sleep: (_ms, signal) => (signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve()),
};

const OPTIONS = { startUrls: [`${O}/`], delayMs: 0, maxPages: 1000, concurrency: 2 };

/**
 * The checkpoint with its clock set aside (two runs never take the same
 * time), and the pages a store numbered for its packed rows.
 */
function content(checkpoint: CrawlCheckpoint) {
  const {
    startedAtMs: _start,
    elapsedBeforeMs: _elapsed,
    packedPages: _pages,
    ...rest
  } = checkpointContent(checkpoint);
  return rest;
}

async function crawl(packAfter: number, ports: Partial<CrawlPorts> = {}, stopAfter = 0) {
  const stop = new AbortController();
  let results = 0;
  const crawler = Crawler.start(OPTIONS, {
    http: fakeSite(site()).http,
    clock,
    packAfter,
    onEvent: (event) => {
      if (event.type === 'result' && ++results === stopAfter) stop.abort();
    },
    ...ports,
  });
  const checkpoint = await crawler.run(stop.signal);
  return { checkpoint, report: buildReport(checkpoint, crawler.stats()), crawler };
}

describe('URLs kept packed', () => {
  it('crawls to exactly the same state and report as with every URL held as objects', async () => {
    const objects = await crawl(Infinity);
    expect(objects.report.broken.length).toBeGreaterThan(10);
    for (const after of [0, 1, 4]) {
      const packed = await crawl(after);
      expect(content(packed.checkpoint)).toEqual(content(objects.checkpoint));
      expect(packed.report).toEqual({ ...objects.report, stats: packed.report.stats });
    }
  });

  it('crawls to the same state with packed URLs read back from the store once saved', async () => {
    const objects = await crawl(Infinity);
    const store = new RowStore();
    let evicted = 0;
    let readBack = 0;
    const crawler = Crawler.start(OPTIONS, {
      http: fakeSite(site()).http,
      clock,
      packAfter: 0,
      saveChanges: store.save,
      checkpointEveryMs: 0,
      readPacked: (url) => {
        readBack++;
        return store.rows.get(url)?.packed;
      },
      onEvent: () => (evicted = Math.max(evicted, crawler.book.evictedCount)),
    });
    const checkpoint = await crawler.run();
    const evicting = { checkpoint, report: buildReport(checkpoint, crawler.stats()) };
    expect(content(evicting.checkpoint)).toEqual(content(objects.checkpoint));
    expect(evicting.report).toEqual({ ...objects.report, stats: evicting.report.stats });
    expect(content(store.checkpoint())).toEqual(content(objects.checkpoint));
    expect(evicted).toBeGreaterThan(50);
    expect(readBack).toBeGreaterThan(100);
    // Links found to evicted waiting URLs were saved as facts appended to their strings.
    const rows = store.saves.flatMap((save) => save.rows);
    const appended = rows.flatMap((row) => (row.appended !== undefined ? [row.appended] : []));
    expect(appended.filter((text) => !text.startsWith(',[6,')).length).toBeGreaterThan(20);
    // And links counted to records that keep no more of them, as counts appended.
    expect(appended.filter((text) => text.startsWith(',[6,')).length).toBeGreaterThan(5);
  });

  it('saves the same rows, and a crawl stopped midway holds packed URLs that resume alike', async () => {
    const stores = { objects: new RowStore(), packed: new RowStore() };
    const stopped = {
      objects: await crawl(
        Infinity,
        { saveChanges: stores.objects.save, checkpointEveryMs: 0 },
        60,
      ),
      packed: await crawl(0, { saveChanges: stores.packed.save, checkpointEveryMs: 0 }, 60),
    };
    // Stopped with URLs still waiting, most of them packed.
    expect(stopped.packed.checkpoint.queue.length).toBeGreaterThan(20);
    expect(packedRows(stores.packed)).toBeGreaterThan(10);
    expect(packedRows(stores.objects)).toBe(0);
    expect(content(stopped.packed.checkpoint)).toEqual(content(stopped.objects.checkpoint));
    const saved = content(stores.packed.checkpoint());
    expect(saved).toEqual(content(stores.objects.checkpoint()));
    expect(saved).toEqual(content(stopped.packed.checkpoint));

    const resumed = async (packAfter: number) => {
      const store = new RowStore();
      const crawler = Crawler.resume(stores.packed.checkpoint(), {
        http: fakeSite(site()).http,
        clock,
        packAfter,
        saveChanges: store.save,
        checkpointEveryMs: 0,
      });
      const checkpoint = await crawler.run();
      return { checkpoint, stored: store.checkpoint() };
    };
    // Resumed, the waiting URLs beyond the first two are packed with the links the store held,
    // some with more links from a page than the sources kept.
    const stored = stores.packed.checkpoint();
    const waiting = new Set(stored.queue.map((entry) => entry.url));
    const linksBeyondKept = stored.sources.entries.filter(
      ([url, list]) => waiting.has(url) && list.count > list.sources.length,
    );
    expect(linksBeyondKept.length).toBeGreaterThan(3);
    const resumedBook = (packAfter: number) =>
      Crawler.resume(stores.packed.checkpoint(), {
        http: fakeSite(site()).http,
        clock,
        packAfter,
      });
    expect(content(resumedBook(2).checkpoint())).toEqual(
      content(resumedBook(Infinity).checkpoint()),
    );
    const objects = await resumed(Infinity);
    const packed = await resumed(2);
    expect(content(packed.checkpoint)).toEqual(content(objects.checkpoint));
    expect(content(packed.stored)).toEqual(content(packed.checkpoint));
    expect(packed.stored.packedPages?.length).toBeGreaterThan(10);
    expect(packed.checkpoint.finished).toBe(true);
  });
});

describe('PackedUrls', () => {
  const source = (page: string, text: string, line?: number): LinkSource => ({
    page,
    element: 'a',
    attribute: 'href',
    text,
    raw: `/to?x="${text}"`,
    ...(line !== undefined ? { line } : {}),
  });

  it('gives back the entry and the links it was packed with, then those appended', () => {
    const live = { sources: new LinkSources(), graph: new LinkGraph() };
    const url = `${O}/target`;
    const links: [string, LinkSource][] = [
      [`${O}/a`, source(`${O}/a`, 'one', 3)],
      [`${O}/a`, source(`${O}/a`, 'one', 3)],
      [`${O}/b`, source(`${O}/b`, 'two, "quoted"\n', 9)],
      [`${O}/a`, source(`${O}/a`, 'three ✓')],
      [`${O}/a`, source(`${O}/a`, 'four')],
      [`${O}/a`, source(`${O}/a`, 'five')],
    ];
    for (const [page, link] of links) {
      live.sources.add(url, link);
      live.graph.noteLink(page, url);
    }
    const packed = new PackedUrls();
    const entry = {
      url,
      origin: O,
      depth: 4,
      internal: true,
      method: 'GET' as const,
      referrer: `${O}/a`,
    };
    const sourcesBefore = live.sources.get(url);
    packed.pack(entry, {
      sources: live.sources.take(url),
      linked: live.graph.take(url),
      followed: false,
    });
    expect(live.sources.has(url)).toBe(false);
    packed.addSource(url, source(`${O}/c`, 'later'));
    packed.noteLink(url, `${O}/c`);
    expect(packed.isFollowed(url)).toBe(false);
    expect(packed.noteFollowed(url)).toBe(true);
    expect(packed.noteFollowed(url)).toBe(false);
    expect(packed.isFollowed(url)).toBe(true);

    const unpacked = packed.unpack(url, O, true);
    expect(unpacked.entry).toEqual(entry);
    expect(unpacked.followed).toBe(true);
    expect(packed.has(url)).toBe(false);
    const rebuilt = { sources: new LinkSources(), graph: new LinkGraph() };
    replayFacts(url, unpacked, rebuilt.sources, rebuilt.graph);
    const expected = { sources: new LinkSources(), graph: new LinkGraph() };
    for (const [page, link] of [...links, [`${O}/c`, source(`${O}/c`, 'later')] as const]) {
      expected.sources.add(url, link);
      expected.graph.noteLink(page, url);
    }
    expect(rebuilt.sources.get(url)).toEqual(expected.sources.get(url));
    expect(rebuilt.graph.linkedFromEntry(url)).toEqual(expected.graph.linkedFromEntry(url));
    expect(sourcesBefore.count).toBe(6);
  });

  it('gives back a record and the links to it as a fine URL keeps them, then those added', () => {
    const url = `${O}/done`;
    const page = (i: number) => `${O}/p${i}`;
    // The record names what look like packed facts, which must not be taken for ones.
    const record: UrlRecord = {
      url,
      depth: 2,
      internal: true,
      status: 'ok',
      httpStatus: 200,
      method: 'GET',
      etag: '"[2,1]"',
      links: [page(1), `${X}/[2,0]`, page(0)],
      audit: {
        facts: {
          url,
          title: 'x=[4,0,"a","href"',
          metas: [],
          links: [],
          refresh: [],
          anchorCount: 3,
          nofollowAnchorCount: 0,
        },
        xRobotsTag: [],
      },
    };
    // Before it is packed: two links from one page (one a repeat but for its line).
    const before: [string, LinkSource][] = [
      [page(0), source(page(0), 'zero', 1)],
      [page(0), source(page(0), 'zero', 2)],
    ];
    // Packed: repeats, a link with the text of the first but from another page,
    // more sources than a fine URL keeps, more pages than the graph lists.
    const after: [string, LinkSource][] = [
      [page(1), source(page(1), 'zero', 1)],
      [page(0), source(page(0), 'zero', 7)],
      [page(2), source(page(2), 'two "quoted",\n')],
      [page(2), source(page(2), 'two again')],
      ...[3, 4, 5, 6, 7, 3].map((i): [string, LinkSource] => [page(i), source(page(i), `n${i}`)]),
    ];
    const expected = { sources: new LinkSources(), graph: new LinkGraph() };
    const live = { sources: new LinkSources(), graph: new LinkGraph() };
    for (const [target, links] of [
      [live, before],
      [expected, before],
    ] as const)
      for (const [from, link] of links) {
        target.sources.add(url, link);
        target.graph.noteLink(from, url);
      }
    live.sources.settle(url, true);
    expected.sources.settle(url, true);
    const packed = new PackedUrls();
    packed.packRecorded(record, {
      sources: live.sources.take(url),
      linked: live.graph.take(url),
      followed: true,
    });
    expect(packed.isRecorded(url)).toBe(true);
    expect(packed.noteFollowed(url)).toBe(false);
    for (const [from, link] of after) {
      packed.addSource(url, link);
      packed.noteLink(url, from);
      expected.sources.add(url, link);
      expected.graph.noteLink(from, url);
    }

    const unpacked = packed.unpack(url, O, false);
    expect(unpacked).toMatchObject({ record });
    expect(unpacked.record).toEqual(record);
    const rebuilt = { sources: new LinkSources(), graph: new LinkGraph() };
    replayFacts(url, unpacked, rebuilt.sources, rebuilt.graph);
    expect(rebuilt.sources.get(url)).toEqual(expected.sources.get(url));
    expect(rebuilt.sources.isFine(url)).toBe(true);
    expect(rebuilt.graph.isFollowed(url)).toBe(true);
    expect(rebuilt.graph.linkedFromEntry(url)).toEqual(expected.graph.linkedFromEntry(url));
    expect(expected.sources.get(url).count).toBe(12);
    expect(expected.sources.get(url).sources).toHaveLength(3);
    expect(expected.graph.linkedFromEntry(url)!.pages).toHaveLength(5);
    // Kept sources and listed pages only: the string stops growing with each link.
    const length = packedString(packed, url).length;
    packed.addSource(url, source(page(9), 'more'));
    packed.noteLink(url, page(9));
    expect(packedString(packed, url).length).toBeLessThanOrEqual(length + 2);
  });

  it('gives a waiting URL a shorter depth, evicted or not, reading it back only then', () => {
    const stored = new Map<string, string>();
    let reads = 0;
    const packed = new PackedUrls([], (url) => {
      reads++;
      return stored.get(url);
    });
    const save = (url: string) => {
      const change = packed.changeOf(url) as { packed: string };
      stored.set(url, change.packed);
      packed.evict(url, change.packed);
    };
    const [held, evicted] = [`${O}/held`, `${O}/evicted`];
    for (const url of [held, evicted])
      packed.pack(
        { url, origin: O, depth: 5, internal: true, method: 'GET', referrer: `${O}/` },
        { sources: null, linked: null, followed: false },
      );
    save(evicted);
    // Found after the save: a fact the next save appends.
    packed.addSource(evicted, source(`${O}/p1`, 'one'));
    for (const url of [held, evicted]) {
      expect(packed.lowerDepth(url, 5)).toBe(false);
      expect(packed.lowerDepth(url, 6)).toBe(false);
    }
    expect(reads).toBe(0);
    expect(packed.lowerDepth(evicted, 3)).toBe(true);
    expect(reads).toBe(1);
    // Held whole again, the fact with it, for the next save to write whole.
    expect(packed.changeOf(evicted)).toEqual({ packed: expect.stringMatching(/^3,/) });
    save(evicted);
    expect(packed.lowerDepth(evicted, 3)).toBe(false);
    expect(packed.lowerDepth(evicted, 2)).toBe(true);
    expect(packed.lowerDepth(held, 1)).toBe(true);
    expect(packed.unpack(held, O, false).entry?.depth).toBe(1);
    const back = packed.unpack(evicted, O, false);
    expect(back.entry?.depth).toBe(2);
    expect(back.facts).toEqual([expect.objectContaining({ kind: 'source' })]);
    // A URL checked already keeps its depth.
    const done = pageRecord({ url: `${O}/done`, depth: 4 });
    packed.packRecorded(done, { sources: null, linked: null, followed: false });
    expect(packed.lowerDepth(done.url, 1)).toBe(false);
  });

  it('saved and evicted, a URL takes later links without being read back, and reads back whole', () => {
    const page = (i: number) => `${O}/p${i}`;
    const stored = new Map<string, string>();
    let reads = 0;
    const packed = new PackedUrls([], (url) => {
      reads++;
      return stored.get(url);
    });
    const expected = { sources: new LinkSources(), graph: new LinkGraph() };
    /** A save: what changed is written (appended or whole), then leaves the heap. */
    const save = (url: string) => {
      const change = packed.changeOf(url);
      if (!change) return change;
      if ('packed' in change) {
        stored.set(url, change.packed);
        packed.evict(url, change.packed);
      } else {
        stored.set(url, stored.get(url)! + change.appended);
        packed.evictAppended(url, change.appended);
      }
      return change;
    };
    const link = (url: string, i: number, text: string) => {
      const found = source(page(i), text);
      packed.addSource(url, found);
      packed.noteLink(url, page(i));
      expected.sources.add(url, found);
      expected.graph.noteLink(page(i), url);
    };
    const rebuilt = (url: string) => {
      const into = { sources: new LinkSources(), graph: new LinkGraph() };
      replayFacts(url, packed.unpack(url, O, false), into.sources, into.graph);
      return into;
    };

    // A waiting URL: its links after the save are facts appended.
    const waiting = `${O}/waiting`;
    packed.pack(
      { url: waiting, origin: O, depth: 2, internal: true, method: 'GET', referrer: page(0) },
      { sources: null, linked: null, followed: true },
    );
    link(waiting, 1, 'one');
    expect(save(waiting)).toHaveProperty('packed');
    link(waiting, 2, 'two');
    link(waiting, 3, 'three, "quoted"');
    expect(save(waiting)).toEqual({ appended: expect.stringMatching(/^,\[0,/) });
    expect(packed.changeOf(waiting)).toBeNull();
    link(waiting, 4, 'four');
    expect(reads).toBe(0);
    expect(packed.isRecorded(waiting)).toBe(false);
    let again = rebuilt(waiting);
    expect(reads).toBe(1);
    expect(again.sources.get(waiting)).toEqual(expected.sources.get(waiting));
    expect(again.graph.linkedFromEntry(waiting)).toEqual(expected.graph.linkedFromEntry(waiting));

    // A record that keeps all the sources and pages it keeps: later links are counts appended.
    const done = `${O}/done`;
    for (let i = 0; i < 8; i++) {
      const found = source(page(i), `s${i}`);
      expected.sources.add(done, found);
      expected.graph.noteLink(page(i), done);
    }
    const live = { sources: new LinkSources(), graph: new LinkGraph() };
    for (let i = 0; i < 8; i++) {
      live.sources.add(done, source(page(i), `s${i}`));
      live.graph.noteLink(page(i), done);
    }
    live.sources.settle(done, true);
    expected.sources.settle(done, true);
    const record: UrlRecord = {
      url: done,
      depth: 1,
      internal: true,
      status: 'ok',
      httpStatus: 200,
      method: 'GET',
    };
    packed.packRecorded(record, {
      sources: live.sources.take(done),
      linked: live.graph.take(done),
      followed: false,
    });
    expect(save(done)).toHaveProperty('packed');
    reads = 0;
    for (let i = 8; i < 11; i++) link(done, i, `s${i}`);
    expect(reads).toBe(0);
    expect(save(done)).toEqual({ appended: ',[6,3,3]' });
    link(done, 11, 's11');
    expect(packed.changeOf(done)).toEqual({ appended: ',[6,1,1]' });
    again = rebuilt(done);
    expect(again.sources.get(done)).toEqual(expected.sources.get(done));
    expect(again.sources.get(done).count).toBe(12);
    expect(again.graph.linkedFromEntry(done)).toEqual(expected.graph.linkedFromEntry(done));
    // Read back by a crawl resumed from the store: the counts appended are in its head.
    const resumed = new PackedUrls(packed.pagesFrom(0));
    resumed.adopt(done, stored.get(done)!);
    expect(packedString(resumed, done)).not.toContain(',[6,');
    const fromStore = { sources: new LinkSources(), graph: new LinkGraph() };
    replayFacts(done, resumed.unpack(done, O, true), fromStore.sources, fromStore.graph);
    expect(fromStore.sources.get(done).count).toBe(11);
    // A link it still keeps (a page it does not list yet is not one: it lists five) reads it back.
    const fresh = `${O}/fresh`;
    packed.packRecorded(
      { ...record, url: fresh },
      { sources: null, linked: null, followed: false },
    );
    save(fresh);
    reads = 0;
    link(fresh, 1, 'first');
    expect(reads).toBeGreaterThan(0);
    expect(packed.changeOf(fresh)).toHaveProperty('packed');
  });

  it('gives back records of every shape as they were', () => {
    const url = `${O}/r`;
    const records: UrlRecord[] = [
      { url, depth: 0, internal: false, status: 'ok', httpStatus: null, method: 'HEAD' },
      {
        url,
        depth: 1,
        internal: true,
        status: 'ok',
        httpStatus: 200,
        method: 'GET',
        redirects: [{ url, status: 301 }],
        finalUrl: `${O}/final`,
        noindex: true,
        duplicateOf: `${O}/first`,
        audit: {
          facts: {
            url: `${O}/final`,
            title: '',
            metas: [],
            links: [],
            refresh: [],
            anchorCount: 0,
            nofollowAnchorCount: 0,
          },
          xRobotsTag: ['noindex'],
        },
      },
      {
        url,
        depth: 2,
        internal: true,
        status: 'skipped',
        httpStatus: null,
        trap: 'blocked-pattern',
      },
    ];
    const packed = new PackedUrls();
    for (const record of records) {
      packed.packRecorded(record, { sources: null, linked: null, followed: false });
      const unpacked = packed.unpack(url, O, true);
      expect(unpacked.record).toStrictEqual(record);
      expect(unpacked.facts).toEqual([]);
    }
  });

  it('gives back records that share one empty list, frozen so that nothing adds to it', () => {
    const page = (i: number): UrlRecord =>
      pageRecord({
        url: `${O}/p${i}`,
        audit: auditFacts(`${O}/p${i}`, {
          title: `P${i}`,
          refresh: i === 1 ? ['0; url=/p0'] : [],
        }),
      });
    const packed = new PackedUrls();
    for (const i of [0, 1]) {
      packed.packRecorded(page(i), { sources: null, linked: null, followed: false });
    }
    const [a, b] = [0, 1].map((i) => packed.unpack(`${O}/p${i}`, O, false).record!);
    expect([a, b]).toStrictEqual([page(0), page(1)]);
    const lists = [a!.audit!.facts.metas, a!.audit!.facts.links, a!.audit!.xRobotsTag];
    expect(new Set([...lists, b!.audit!.facts.metas, a!.audit!.facts.refresh]).size).toBe(1);
    expect(Object.isFrozen(lists[0])).toBe(true);
    expect(b!.audit!.facts.refresh).toEqual(['0; url=/p0']);
  });

  it('gives back pages that share their hidden classes, whatever else other pages have', () => {
    // A hidden class per page took 16 MB of a 50,000-URL site's 73 MB report checkpoint.
    setFlagsFromString('--allow-natives-syntax');
    // V8's own test of hidden classes parses only in code compiled after that flag is set.
    // eslint-disable-next-line no-new-func
    const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
      a: object,
      b: object,
    ) => boolean;
    const page = (i: number): UrlRecord =>
      pageRecord({
        url: `${O}/p${i}`,
        audit: auditFacts(`${O}/p${i}`, {
          ...(i % 7 === 1
            ? { cut: { metasDropped: 1, linksDropped: 0, refreshDropped: 0, valuesShortened: 0 } }
            : {}),
          ...(i % 7 === 2 ? { url: `${O}/elsewhere` } : {}),
          ...(i % 7 === 3 ? { baseHref: '/' } : {}),
          title: i % 7 === 4 ? null : `P${i}`,
          metas: i % 7 === 5 ? [{ name: 'description', content: 'd', inHead: true }] : [],
          refresh: i % 7 === 6 ? ['5'] : [],
        }),
      });
    const packed = new PackedUrls();
    const pages = Array.from({ length: 70 }, (_, i) => page(i));
    for (const record of pages)
      packed.packRecorded(record, { sources: null, linked: null, followed: false });
    const unpacked = pages.map((p) => packed.unpack(p.url, O, false).record!);
    expect(unpacked).toStrictEqual(pages);
    for (const kind of [0, 1, 2, 3, 4, 5, 6]) {
      const [first, ...others] = unpacked.filter((_, i) => i % 7 === kind);
      for (const other of others) {
        expect(sameShape(other.audit!.facts, first!.audit!.facts)).toBe(true);
        expect(sameShape(other.audit!, first!.audit!)).toBe(true);
      }
    }
  });

  it('keeps a URL with no links and no referrer (a start URL)', () => {
    const packed = new PackedUrls();
    const entry = {
      url: `${X}/`,
      origin: X,
      depth: 0,
      internal: false,
      method: 'HEAD' as const,
      referrer: null,
    };
    packed.pack(entry, { sources: null, linked: null, followed: false });
    expect(packed.unpack(entry.url, X, false)).toEqual({ entry, followed: false, facts: [] });
    expect(packed.size).toBe(1);
  });
});

describe('storedPackedUrl: a packed URL left in the store', () => {
  const entry = (url: string, depth: number) => ({
    url,
    origin: O,
    depth,
    internal: true,
    method: 'GET' as const,
    referrer: `${O}/a`,
  });
  const record: UrlRecord = {
    url: `${O}/done`,
    depth: 3,
    internal: true,
    status: 'ok',
    httpStatus: 200,
    method: 'GET',
    contentType: 'text/html',
  };
  const links = (followed: boolean) => ({ sources: null, linked: null, followed });

  it('holds a waiting or recorded URL by its depth and flags, and reads it back whole at its turn', () => {
    const saved = new PackedUrls();
    saved.pack(entry(`${O}/wait`, 5), links(true));
    saved.packRecorded(record, links(false));
    saved.addSource(record.url, {
      page: `${O}/a`,
      element: 'a',
      attribute: 'href',
      text: 'Done',
      raw: '/done',
    });
    const stored = new Map([`${O}/wait`, record.url].map((url) => [url, packedString(saved, url)]));

    const waiting = storedPackedUrl(`${O}/wait`, stored.get(`${O}/wait`)!);
    expect(waiting?.record).toBeNull();
    expect(waiting?.stored).toMatchObject({ url: `${O}/wait`, depth: 5 });
    const recorded = storedPackedUrl(record.url, stored.get(record.url)!);
    expect(recorded?.record).toEqual(record);
    expect(recorded?.stored.depth).toBe(3);

    // Adopted as evicted: flags only, the strings read back from the store when needed.
    const resumed = new PackedUrls([...saved.pagesFrom(0)], (url) => stored.get(url));
    resumed.adoptEvicted(`${O}/wait`, waiting!.stored.evicted);
    resumed.adoptEvicted(record.url, recorded!.stored.evicted);
    expect(resumed.evictedCount).toBe(2);
    expect(resumed.isFollowed(`${O}/wait`)).toBe(true);
    expect(resumed.isRecorded(`${O}/wait`)).toBe(false);
    expect(resumed.isRecorded(record.url)).toBe(true);
    expect(resumed.changeOf(record.url)).toBeNull();
    expect(resumed.unpack(`${O}/wait`, O, true)).toEqual(saved.unpack(`${O}/wait`, O, false));
    expect(resumed.unpack(record.url, O, true)).toEqual(saved.unpack(record.url, O, false));
  });

  it('is unpacked instead when an older links row says a followed link reaches it and it does not', () => {
    const saved = new PackedUrls();
    saved.pack(entry(`${O}/old`, 1), links(false));
    saved.packRecorded(record, links(true));
    expect(storedPackedUrl(`${O}/old`, packedString(saved, `${O}/old`), true)).toBeNull();
    expect(storedPackedUrl(record.url, packedString(saved, record.url), true)).not.toBeNull();
  });

  it('needs a store to read from', () => {
    expect(() => new PackedUrls().adoptEvicted(`${O}/x`, 8)).toThrow(/needs a store/);
  });
});

/** URLs a store holds packed (one row: queue entry and links). */
function packedRows(store: RowStore): number {
  return [...store.rows.values()].filter((row) => row.packed !== undefined).length;
}
