import { describe, expect, it, vi } from 'vitest';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { RowStore } from '../../tests/support/row-store.ts';
import { auditPages } from '../audit/audit-pages.ts';
import type { Clock } from './clock.ts';
import { Crawler, type CrawlPorts } from './crawl.ts';
import { LinkGraph } from './link-graph.ts';
import { buildReport, pageRowsOf, reportListsSources } from './report.ts';

const O = 'http://site.test';
const X = 'http://elsewhere.test';
const PAGES = 40;

/**
 * A site with every problem the report lists with the pages that carry it
 * (broken on and off the site, forbidden, a redirect to a page and one to a
 * missing page, a repeating path, a query space, robots.txt blocks), a
 * sitemap with a page no other page links, and fine pages linked many times.
 */
function site(): Record<string, FakeAnswer> {
  const answers: Record<string, FakeAnswer> = {
    [`${O}/robots.txt`]: {
      body: `User-agent: *\nDisallow: /private/\nSitemap: ${O}/sitemap.xml`,
      headers: [['content-type', 'text/plain']],
    },
    [`${O}/sitemap.xml`]: {
      body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${O}/p1.html</loc></url><url><loc>${O}/orphan.html</loc></url></urlset>`,
      headers: [['content-type', 'application/xml']],
    },
    [`${O}/`]: { html: page('Home', [['/p0.html', 'Start']]) },
    [`${O}/orphan.html`]: { html: page('Orphan', [['/p2.html', 'In']]) },
    [`${O}/members.html`]: { status: 403 },
    [`${O}/a/`]: { html: page('A', [['a/', 'deeper']]) },
    [`${O}/a/a/`]: { html: page('A again', [['a/', 'deeper']]) },
    [`${O}/search`]: { html: page('Search') },
    // Old pages moved: to a page, to a page that is gone, off the site.
    [`${O}/old0.html`]: moved(`${O}/p0.html`),
    [`${O}/old1.html`]: moved('/p1.html'),
    [`${O}/old2.html`]: moved('/gone0.html'),
    [`${O}/moved-away.html`]: moved(`${X}/x0`),
  };
  for (let i = 0; i < PAGES; i++) {
    const links: [string, string][] = [
      [`/p${(i + 1) % PAGES}.html`, `Next ${(i + 1) % PAGES}`],
      [`/p${(i * 7 + 3) % PAGES}.html`, `Far ${i}`],
      [`/gone${i % 5}.html`, `Gone ${i % 5}`],
      [`/old${i % 3}.html`, `Old ${i % 3}`],
      ['/moved-away.html', 'Moved'],
      ['/members.html', 'Members'],
      [`/private/k${i % 4}.html`, 'Private'],
      [`/search?q=${i}`, `Search ${i}`],
      [`${X}/x${i % 3}`, `Out ${i % 3}`],
      ...(i === 5 ? ([['/a/', 'Loop']] as [string, string][]) : []),
    ];
    answers[`${O}/p${i}.html`] = { html: page(`P${i}`, links) };
  }
  for (let i = 0; i < 3; i++) answers[`${X}/x${i}`] = { status: i === 2 ? 404 : 200, html: '' };
  return answers;
}

function moved(location: string): FakeAnswer {
  return { status: 301, headers: [['location', location]] };
}

const clock: Clock = {
  nowMs: () => 1_800_000_000_000,
  sleep: (_ms, signal) => (signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve()),
};

async function finishedCrawl(ports: Partial<CrawlPorts>) {
  const crawler = Crawler.start(
    {
      startUrls: [`${O}/`],
      delayMs: 0,
      maxPages: 1_000,
      concurrency: 2,
      useSitemaps: true,
      maxQueriesPerPath: 5,
    },
    { http: fakeSite(site()).http, clock, ...ports },
  );
  const whole = await crawler.run();
  return { crawler, whole };
}

describe('a checkpoint for the report (reportListsSources)', () => {
  const store = new RowStore();
  const ways: [string, Partial<CrawlPorts>][] = [
    ['held as objects', { packAfter: Infinity }],
    ['packed', { packAfter: 0 }],
    [
      'packed and read back from the store',
      {
        packAfter: 0,
        saveChanges: store.save,
        checkpointEveryMs: 0,
        readPacked: (url) => store.rows.get(url)?.packed,
      },
    ],
  ];

  it.each(ways)(
    'gives the same report as the whole checkpoint, with only the problems’ sources (%s)',
    async (_way, ports) => {
      const { crawler, whole } = await finishedCrawl(ports);
      const forReport = crawler.book.toJSON(reportListsSources);
      const report = buildReport(whole, crawler.stats());
      expect(buildReport(forReport, crawler.stats())).toEqual(report);
      const withFacts = whole.records.filter((r) => r.audit).length;
      // Used up as it is read (the command line's way), it gives the same report.
      const usedUp = crawler.book.toJSON(reportListsSources);
      expect(buildReport(usedUp, crawler.stats(), { usesUpCheckpoint: true })).toEqual(report);
      expect(usedUp.linkGraph).toBeUndefined();
      // Each record's page facts went once its page was judged: the audit holds what is read later.
      expect(withFacts).toBeGreaterThan(PAGES);
      expect(usedUp.records.filter((r) => r.audit)).toEqual([]);
      // Every kind of problem the report lists with its pages was there to be listed.
      expect(report.broken.filter((b) => b.internal).length).toBeGreaterThan(4);
      expect(report.broken.some((b) => !b.internal)).toBe(true);
      expect(report.forbidden).toHaveLength(1);
      expect(report.redirects.length).toBeGreaterThanOrEqual(4);
      expect(new Set(report.traps.map((t) => t.kind))).toEqual(
        new Set(['repeating-path', 'query-space']),
      );
      expect(report.blocked.length).toBeGreaterThan(0);
      expect(report.sitemap?.notLinked).toEqual([`${O}/orphan.html`]);
      expect(report.findings.length).toBeGreaterThan(0);
      // And the sources of the fine URLs were left out.
      const urls = (checkpoint: typeof whole) => checkpoint.sources.entries.map(([url]) => url);
      const pages = (list: string[]) => list.filter((url) => /\/p\d+\.html$/.test(url));
      expect(pages(urls(whole)).length).toBeGreaterThanOrEqual(PAGES);
      expect(pages(urls(forReport))).toEqual([]);
      expect(urls(forReport)).toContain(`${O}/gone0.html`);
      // Nor what text was seen where: only a crawl going on reads it.
      expect(whole.contentSeen.length).toBeGreaterThan(PAGES);
      expect(forReport.contentSeen).toEqual([]);
    },
  );

  it('ends the crawl: the book lets go of every URL as it gives the report’s checkpoint, and a crawl cut short runs on no more', async () => {
    const rows = new RowStore();
    const { crawler } = await finishedCrawl({
      packAfter: 0,
      saveChanges: rows.save,
      checkpointEveryMs: 0,
      readPacked: (url) => rows.rows.get(url)?.packed,
    });
    const { book } = crawler;
    expect(book.contentSeen.size).toBeGreaterThan(PAGES);
    expect([book.sources.has(`${O}/gone0.html`), book.isPacked(`${O}/p1.html`)]).toEqual([
      true,
      true,
    ]);
    const readOnly = book.toJSON(reportListsSources);
    const stats = crawler.stats();
    expect(await crawler.run(undefined, reportListsSources)).toEqual(readOnly);
    expect(crawler.stats()).toEqual(stats);
    // The checkpoint holds what the report reads: the book, its maps of every URL no more.
    expect([book.contentSeen.size, book.known.size, book.recordCount]).toEqual([0, 0, 0]);
    expect(book.sources.has(`${O}/gone0.html`)).toBe(false);
    expect(book.isPacked(`${O}/p1.html`)).toBe(false);
    // Used up, it gives no other checkpoint, not even the same one again.
    await expect(crawler.run(undefined, reportListsSources)).rejects.toThrow(/gave its report/);
    expect(() => book.toJSON()).toThrow(/gave its report/);

    const stop = new AbortController();
    const cut = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, maxPages: 1_000, concurrency: 2 },
      {
        http: fakeSite(site()).http,
        clock,
        onEvent: (event) => event.type === 'result' && stop.abort(new Error('stopped')),
      },
    );
    const partial = await cut.run(stop.signal, reportListsSources);
    expect(partial.finished).toBe(false);
    await expect(cut.run()).rejects.toThrow(/ended with a report/);
  });

  it('gives a crawl cut short, its waiting URLs packed in the store, the same report’s checkpoint from a used-up book', async () => {
    /** The same crawl each time (one request at a time), stopped after its 30th result. */
    const cutCrawl = async (sourcesKept?: typeof reportListsSources) => {
      const rows = new RowStore();
      const stop = new AbortController();
      let results = 0;
      const crawler = Crawler.start(
        { startUrls: [`${O}/`], delayMs: 0, maxPages: 1_000, concurrency: 1, useSitemaps: true },
        {
          http: fakeSite(site()).http,
          clock,
          packAfter: 0,
          saveChanges: rows.save,
          checkpointEveryMs: 0,
          readPacked: (url) => rows.rows.get(url)?.packed,
          onEvent: (event) => {
            if (event.type === 'result' && ++results === 30) stop.abort(new Error('stopped'));
          },
        },
      );
      const checkpoint = await crawler.run(stop.signal, sourcesKept);
      return { crawler, checkpoint };
    };
    const readOnly = await cutCrawl();
    const expected = readOnly.crawler.book.toJSON(reportListsSources);
    const usedUp = await cutCrawl(reportListsSources);
    expect(usedUp.checkpoint.finished).toBe(false);
    expect(expected.queue.length).toBeGreaterThan(10);
    expect(usedUp.checkpoint).toEqual(expected);
    expect(usedUp.crawler.book.known.size).toBe(0);
  });

  it('reads the packed records back from the store in the order of their URLs, its key', async () => {
    const rows = new RowStore();
    const reads: string[] = [];
    const { crawler, whole } = await finishedCrawl({
      packAfter: 0,
      saveChanges: rows.save,
      checkpointEveryMs: 0,
      readPacked: (url) => {
        reads.push(url);
        return rows.rows.get(url)?.packed;
      },
    });
    reads.length = 0;
    const again = crawler.book.toJSON();
    // Read in the order recorded, each read lands elsewhere in the file: 58 against 20 µs a URL.
    expect(reads.length).toBeGreaterThan(PAGES);
    expect(reads).toEqual([...reads].sort());
    // The checkpoint itself keeps the order recorded.
    expect(again.records.map((record) => record.url)).toEqual(whole.records.map((r) => r.url));
    expect(again).toEqual(whole);
  });

  it('lets go of each page record and audit once its row is made, when the report uses them up', async () => {
    const { whole } = await finishedCrawl({});
    const pages = whole.records.filter((r) => r.internal && r.method === 'GET');
    const audits = auditPages(whole);
    expect(audits.length).toBeGreaterThan(PAGES);
    const rows = pageRowsOf(pages, [...audits], false);
    expect(rows.filter((row) => row.indexable !== null).length).toBeGreaterThan(PAGES);
    const [usedUpPages, usedUpAudits] = [[...pages], [...audits]];
    expect(pageRowsOf(usedUpPages, usedUpAudits, true)).toEqual(rows);
    expect(usedUpAudits).toEqual([]);
    expect(usedUpPages.filter((record) => record !== undefined)).toEqual([]);
  });

  it('builds the link graph once for the site audit and the sitemap', async () => {
    const { whole, crawler } = await finishedCrawl({});
    const built = vi.spyOn(LinkGraph, 'fromJSON');
    try {
      const report = buildReport(whole, crawler.stats());
      expect(report.sitemap?.notLinked).toEqual([`${O}/orphan.html`]);
      expect(report.findings.length).toBeGreaterThan(0);
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });

  it('keeps every source when no link graph counts the links (a checkpoint from before it)', async () => {
    const { whole } = await finishedCrawl({});
    const { linkGraph: _graph, ...older } = structuredClone(whole);
    const resumed = Crawler.resume(older, { http: fakeSite({}).http, clock });
    const forReport = await resumed.run(undefined, reportListsSources);
    expect(forReport.sources.entries).toEqual(whole.sources.entries);
  });
});
