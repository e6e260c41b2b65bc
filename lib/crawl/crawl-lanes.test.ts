import { describe, expect, it } from 'vitest';
import { fakeSite, page } from '../../tests/support/fake-site.ts';
import { HttpError, type HttpFetch } from '../http/types.ts';
import { systemClock } from './clock.ts';
import { Crawler } from './crawl.ts';

const O = 'http://site.test';
const DEAD_HOST_MS = 600;

describe('off-site checks and the site’s own crawl', () => {
  it('never holds up the site’s pages while other sites’ DNS fails slowly', async () => {
    const dead = Array.from({ length: 6 }, (_, i) => [`http://dead${i}.test/`, `dead ${i}`]);
    const own = Array.from({ length: 12 }, (_, i) => [`/p${i}.html`, `page ${i}`]);
    const answers = Object.fromEntries(own.map(([href]) => [`${O}${href}`, { html: page('P') }]));
    const site = fakeSite({
      ...answers,
      [`${O}/`]: { html: page('Home', [...dead, ...own] as [string, string][]) },
    });
    // Every other site fails as an unknown host does here: after a while, not at once.
    const http: HttpFetch = async (request) => {
      if (request.url.startsWith(O)) return site.http(request);
      await new Promise((resolve) => setTimeout(resolve, DEAD_HOST_MS));
      throw new HttpError('dns', 'getaddrinfo ENOTFOUND');
    };
    const startedMs = performance.now();
    const pageDoneMs: number[] = [];
    const crawler = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, concurrency: 2, concurrencyPerOrigin: 2 },
      {
        http,
        clock: systemClock,
        onEvent: (e) => {
          if (e.type === 'result' && e.record.url.startsWith(`${O}/p`))
            pageDoneMs.push(performance.now() - startedMs);
        },
      },
    );
    const checkpoint = await crawler.run();
    expect(pageDoneMs).toHaveLength(12);
    // All twelve pages are done before the first dead host has even answered.
    expect(Math.max(...pageDoneMs)).toBeLessThan(DEAD_HOST_MS);
    const deadRecords = checkpoint.records.filter((r) => r.url.startsWith('http://dead'));
    expect(deadRecords).toHaveLength(6);
    expect(deadRecords.every((r) => r.status === 'broken' && r.brokenReason === 'dns')).toBe(true);
  });
});
