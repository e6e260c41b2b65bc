/**
 * Crawl memory: peak RSS and checkpoint (stored state) size of the crawl
 * engine with 10,000 and 50,000 URLs known (queued or visited). The crawl
 * runs in a child process (`node --import tsx bench/crawl-memory.ts <urls>`)
 * over an in-memory fake site: no sockets, so the figures are the engine's.
 */
import { systemClock } from '../lib/crawl/clock.ts';
import { Crawler } from '../lib/crawl/crawl.ts';
import type { HttpFetch } from '../lib/http/types.ts';
import { inMemoryWeb } from './in-memory-web.ts';
import { runMeasured } from './measure-child.ts';

export interface MemoryFigures {
  urls: number;
  pagesCrawled: number;
  seconds: number;
  peakRssMb: number | null;
  heapUsedMb: number;
  checkpointMb: number;
}

const ORIGIN = 'http://bench.test';
const LINKS_PER_PAGE = 100;

export async function measureCrawlMemory(sizes = [10_000, 50_000]): Promise<MemoryFigures[]> {
  const figures: MemoryFigures[] = [];
  for (const urls of sizes) {
    const run = await runMeasured(
      process.execPath,
      ['--import', 'tsx', 'bench/crawl-memory.ts', String(urls)],
      {
        timeoutMs: 180_000,
      },
    );
    if (run.timedOut || run.exitCode !== 0)
      throw new Error(`crawl-memory ${urls}: ${run.stderr.slice(-500)}`);
    const child = JSON.parse(run.stdout) as Omit<MemoryFigures, 'peakRssMb'>;
    figures.push({ ...child, peakRssMb: run.peakRssMb });
  }
  return figures;
}

/** Page i links to the next page and to seeded random pages; every tenth page has a broken link. */
function fakeWeb(pages: number): HttpFetch {
  return inMemoryWeb((pathname) => {
    const match = /^\/p\/(\d+)\.html$/.exec(pathname);
    const isIndex = pathname === '/';
    const i = match ? Number(match[1]) : -1;
    if (isIndex) return { status: 200, html: '<title>Home</title><a href="/p/0.html">start</a>' };
    if (i < 0 || i >= pages) return { status: 404, html: '<title>Not found</title>' };
    let seed = i + 1;
    const links = [`<a href="/p/${(i + 1) % pages}.html">next</a>`];
    for (let j = 1; j < LINKS_PER_PAGE; j++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const target = j === 1 && i % 10 === 0 ? `missing-${i}` : String(seed % pages);
      links.push(`<a href="/p/${target}.html">Link ${j} of page ${i}</a>`);
    }
    return {
      status: 200,
      html: `<!doctype html><title>Page ${i}</title><p>${'Lorem ipsum dolor sit amet. '.repeat(100)}</p>${links.join(' ')}`,
    };
  });
}

async function crawlInMemory(urls: number): Promise<Omit<MemoryFigures, 'peakRssMb'>> {
  // One broken link per ten pages, so `pages` pages make about `urls` URLs.
  const pages = Math.round(urls / 1.1);
  const started = performance.now();
  const crawler = Crawler.start(
    {
      startUrls: [`${ORIGIN}/`],
      delayMs: 0,
      maxPages: urls * 2,
      maxDepth: 100_000,
      concurrencyPerOrigin: 8,
    },
    { http: fakeWeb(pages), clock: systemClock },
  );
  const checkpoint = await crawler.run();
  const seconds = (performance.now() - started) / 1000;
  const stats = crawler.stats();
  return {
    urls: checkpoint.records.length + checkpoint.queue.length,
    pagesCrawled: stats.pagesCrawled,
    seconds,
    heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
    checkpointMb: Buffer.byteLength(JSON.stringify(checkpoint)) / 2 ** 20,
  };
}

if (process.argv[1]?.endsWith('crawl-memory.ts')) {
  process.stdout.write(`${JSON.stringify(await crawlInMemory(Number(process.argv[2])))}\n`);
}
