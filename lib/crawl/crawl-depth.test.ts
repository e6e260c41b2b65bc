/**
 * A URL's depth is the fewest links from the start page, whatever order the
 * answers come in: with several requests at once, a deeper page can answer
 * before a shallower one that links the same URL.
 */
import { describe, expect, it } from 'vitest';
import { checkpointContent } from '../../tests/support/checkpoint-content.ts';
import { fakeSite, page } from '../../tests/support/fake-site.ts';
import { RowStore } from '../../tests/support/row-store.ts';
import type { HttpFetch } from '../http/types.ts';
import { systemClock } from './clock.ts';
import { Crawler, type CrawlPorts } from './crawl.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';

const O = 'http://site.test';

/** The site's answers, those to the paths in `slowMs` after that many milliseconds. */
function slowed(answers: HttpFetch, slowMs: Record<string, number>): HttpFetch {
  return async (request) => {
    const ms = slowMs[new URL(request.url).pathname] ?? 0;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    return answers(request);
  };
}

/**
 * `/` links /r.html and /q.html; /r.html links /p.html, which links
 * /x.html; /q.html links /x.html too. So /x.html is 2 links from the start
 * (through /q.html), 3 through /p.html. /q.html answers after /p.html,
 * and /x.html after /q.html (it is still in flight when /q.html answers).
 */
function site(): { http: HttpFetch; requested: string[] } {
  const answers = fakeSite({
    [`${O}/`]: {
      html: page('Home', [
        ['/r.html', 'R'],
        ['/q.html', 'Q'],
      ]),
    },
    [`${O}/r.html`]: { html: page('R', [['/p.html', 'P']]) },
    [`${O}/p.html`]: { html: page('P', [['/x.html', 'X from P']]) },
    [`${O}/q.html`]: { html: page('Q', [['/x.html', 'X from Q']]) },
    [`${O}/x.html`]: { html: page('X', [['/y.html', 'Y']]) },
    [`${O}/y.html`]: { html: page('Y') },
  });
  const requested: string[] = [];
  const slow = slowed(answers.http, { '/q.html': 100, '/x.html': 200 });
  const http: HttpFetch = (request) => {
    requested.push(request.url);
    return slow(request);
  };
  return { http, requested };
}

async function crawl(
  maxDepth: number,
  ports: Partial<CrawlPorts> = {},
): Promise<{ done: CrawlCheckpoint; requested: string[] }> {
  const { http, requested } = site();
  const done = await Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, concurrencyPerOrigin: 4, maxDepth },
    { http, clock: systemClock, ...ports },
  ).run();
  return { done, requested };
}

const recordOf = (done: CrawlCheckpoint, path: string) =>
  done.records.find((r) => r.url === `${O}${path}`);

describe('a URL found again by a shorter way', () => {
  it('is crawled when the shorter way is within the depth limit', async () => {
    const { done, requested } = await crawl(2);
    // /p.html answered first and put /x.html at depth 3, past the limit of 2.
    expect(recordOf(done, '/x.html')).toMatchObject({ status: 'ok', depth: 2 });
    expect(requested).toContain(`${O}/x.html`);
    // Its own links are one deeper: /y.html, at 3, is past the limit.
    expect(recordOf(done, '/y.html')).toMatchObject({ status: 'skipped', trap: 'too-deep' });
  });

  it('takes the shorter depth while it waits', async () => {
    const { done } = await crawl(20);
    expect(recordOf(done, '/x.html')?.depth).toBe(2);
    expect(recordOf(done, '/y.html')?.depth).toBe(3);
  });

  it('is saved as waiting, then as checked: the store holds the crawl as it ended', async () => {
    const store = new RowStore();
    const { done } = await crawl(2, {
      saveChanges: store.save,
      checkpointEveryMs: 0,
      packAfter: 0,
      readPacked: (url) => store.rows.get(url)?.packed,
    });
    expect(recordOf(done, '/x.html')).toMatchObject({ status: 'ok', depth: 2 });
    // The pages numbered for packed rows are the store's own (see CrawlBook.packedPages).
    const { packedPages: _pages, ...stored } = checkpointContent(store.checkpoint());
    expect(stored).toEqual(checkpointContent(done));
  });
});

/**
 * `/` links /a.html (slow) and /b.html; /b.html leads by /c.html to
 * /d.html, which links /slow.html, then /x.html (4 links from the start);
 * /a.html links /x.html too (2 links). With two requests at once, /x.html
 * waits behind /slow.html and three more when /a.html answers: the shorter
 * way is found while it waits, packed when the crawl packs what waits (the
 * next to go is held as an object, read for its turn).
 */
function waitingSite(): HttpFetch {
  const answers = fakeSite({
    [`${O}/`]: {
      html: page('Home', [
        ['/a.html', 'A'],
        ['/b.html', 'B'],
      ]),
    },
    [`${O}/a.html`]: { html: page('A', [['/x.html', 'X from A']]) },
    [`${O}/b.html`]: { html: page('B', [['/c.html', 'C']]) },
    [`${O}/c.html`]: { html: page('C', [['/d.html', 'D']]) },
    [`${O}/d.html`]: {
      html: page('D', [
        ['/slow.html', 'Slow'],
        ['/f1.html', 'F1'],
        ['/f2.html', 'F2'],
        ['/f3.html', 'F3'],
        ['/x.html', 'X from D'],
      ]),
    },
    [`${O}/slow.html`]: { html: page('Slow') },
    [`${O}/f1.html`]: { html: page('F1') },
    [`${O}/f2.html`]: { html: page('F2') },
    [`${O}/f3.html`]: { html: page('F3') },
    [`${O}/x.html`]: { html: page('X', [['/y.html', 'Y']]) },
    [`${O}/y.html`]: { html: page('Y') },
  });
  return slowed(answers.http, { '/a.html': 150, '/slow.html': 400 });
}

describe('a URL waiting packed, found again by a shorter way', () => {
  const waitingCrawler = (ports: Partial<CrawlPorts>) =>
    Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, concurrencyPerOrigin: 2, maxDepth: 20 },
      { http: waitingSite(), clock: systemClock, ...ports },
    );

  it.each([
    ['held as objects', {}],
    ['packed', { packAfter: 0 }],
  ])('takes the shorter depth (%s)', async (_how, ports) => {
    const done = await waitingCrawler(ports).run();
    expect(recordOf(done, '/x.html')?.depth).toBe(2);
    expect(recordOf(done, '/y.html')?.depth).toBe(3);
  });

  it('takes it when its string is in the store only, and the store holds it so', async () => {
    const store = new RowStore();
    let evicted = 0;
    const crawler = waitingCrawler({
      saveChanges: store.save,
      checkpointEveryMs: 0,
      packAfter: 0,
      readPacked: (url) => store.rows.get(url)?.packed,
      onEvent: () => (evicted = Math.max(evicted, crawler.book.evictedCount)),
    });
    const done = await crawler.run();
    expect(evicted).toBeGreaterThan(0);
    expect(recordOf(done, '/x.html')?.depth).toBe(2);
    expect(recordOf(done, '/y.html')?.depth).toBe(3);
    const { packedPages: _pages, ...stored } = checkpointContent(store.checkpoint());
    expect(stored).toEqual(checkpointContent(done));
  });
});
