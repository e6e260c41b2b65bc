/**
 * A crawl whose pages are read by the environment's reader (a pool of
 * worker threads in the command line) gives the report of a crawl that
 * reads them itself, whatever order the readings come back in.
 */
import { describe, expect, it } from 'vitest';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { systemClock } from './clock.ts';
import { Crawler, type CrawlPorts } from './crawl.ts';
import { readPageRequest, type PageReader, type PageReading } from './read-page.ts';
import { buildReport } from './report.ts';

const O = 'http://site.test';

/** 30 pages: a chain of sections, same-content pairs, a noindex page, broken and redirected links. */
function site(): Record<string, FakeAnswer> {
  const answers: Record<string, FakeAnswer> = {};
  for (let i = 0; i < 30; i++) {
    const links: [string, string][] = [
      [`/p${i + 1}.html`, `next ${i + 1}`],
      [`/p${(i * 7) % 30}.html`, `jump ${i}`],
      [`/gone-${i % 4}.html`, `gone ${i % 4}`],
      [`/copy-${i % 3}-b.html`, 'copy b'],
      [`/copy-${i % 3}-a.html`, 'copy a'],
    ];
    answers[`${O}/p${i}.html`] = { html: page(`Page ${i}`, links) };
  }
  for (const n of [0, 1, 2]) {
    const same = page(`Copy ${n}`, [['/p0.html', 'home']]);
    answers[`${O}/copy-${n}-a.html`] = { html: same };
    answers[`${O}/copy-${n}-b.html`] = { html: same };
  }
  answers[`${O}/`] = { html: page('Home', [['/p0.html', 'start']]) };
  answers[`${O}/p5.html`] = {
    html: page('Hidden', [['/p6.html', 'on']], '<meta name="robots" content="noindex">'),
  };
  answers[`${O}/p9.html`] = { status: 301, headers: [['location', `${O}/p10.html`]] };
  return answers;
}

async function reportWith(ports: Partial<CrawlPorts>, concurrencyPerOrigin = 4) {
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, concurrencyPerOrigin, concurrency: 16 },
    { http: fakeSite(site()).http, clock: systemClock, ...ports },
  );
  const checkpoint = await crawler.run();
  const report = buildReport(checkpoint, crawler.stats());
  return canonical({ pages: report.pages, broken: report.broken, redirects: report.redirects });
}

/**
 * What may differ between two crawls of one site at concurrency > 1: the
 * order things finished in (so the order of rows and of a link's pages), the
 * depth a URL was first found at, and timing. Nothing else.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value))
    return value
      .map(canonical)
      .map((item) => JSON.stringify(item))
      .sort()
      .map((item) => JSON.parse(item) as unknown);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([key]) => key !== 'depth' && key !== 'responseMs');
  return Object.fromEntries(entries.map(([key, item]) => [key, canonical(item)]));
}

/** A reader elsewhere: a copy of the reading (as between threads), after a delay that varies by page. */
function slowReader(delayMsOf: (url: string) => number): PageReader & { calls: number } {
  const reader = async (request: Parameters<PageReader>[0]) => {
    reader.calls++;
    const reading: PageReading = structuredClone(readPageRequest(request));
    await new Promise((resolve) => setTimeout(resolve, delayMsOf(request.pageUrl)));
    return reading;
  };
  reader.calls = 0;
  return reader;
}

describe('a crawl with a page reader elsewhere', () => {
  it('gives the report of a crawl that reads its pages itself, readings coming back in any order', async () => {
    const itself = await reportWith({});
    // The page that arrives first of each same-content pair (b) is read slowest.
    const reader = slowReader((url) => (url.endsWith('-b.html') ? 25 : (url.length * 7919) % 7));
    const elsewhere = await reportWith({ readPage: reader });
    expect(reader.calls).toBeGreaterThanOrEqual(30);
    expect(elsewhere).toEqual(itself);
    // The first of two same-content pages to arrive is the original, as when read here.
    const { pages } = elsewhere as { pages: { url: string; duplicateOf: string | null }[] };
    const copies = pages.filter((p) => p.url.includes('/copy-'));
    expect(copies.filter((p) => p.duplicateOf !== null)).toHaveLength(3);
  });

  it('reads a page itself when the reader fails', async () => {
    const itself = await reportWith({});
    const failing: PageReader = () => Promise.reject(new Error('worker exited'));
    expect(await reportWith({ readPage: failing })).toEqual(itself);
  });

  it('starts no more visits than its concurrency while pages wait for a reader', async () => {
    let waiting = 0;
    let mostWaiting = 0;
    const held: PageReader = async (request) => {
      waiting++;
      mostWaiting = Math.max(mostWaiting, waiting);
      await new Promise((resolve) => setTimeout(resolve, 5));
      waiting--;
      return readPageRequest(request);
    };
    const crawler = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, concurrencyPerOrigin: 8, concurrency: 3 },
      { http: fakeSite(site()).http, clock: systemClock, readPage: held },
    );
    await crawler.run();
    expect(mostWaiting).toBeGreaterThan(0);
    expect(mostWaiting).toBeLessThanOrEqual(3);
  });
});
