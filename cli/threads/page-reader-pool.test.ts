import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPageRequest, type PageReadRequest } from '../../lib/crawl/read-page.ts';
import { openPageReaderPool } from './page-reader-pool.ts';

const FIXTURES = [
  'tests/fixtures/crawl-site',
  'tests/fixtures/indexability',
  'tests/fixtures/site-audit',
];

/** Every HTML fixture page, read as Googlebot with the audit's facts: the fullest reading. */
const requests: PageReadRequest[] = FIXTURES.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({
      body: new Uint8Array(readFileSync(path.join(dir, file))),
      contentType: 'text/html',
      pageUrl: `http://site.test/${file}`,
      options: { robot: 'Googlebot', withFacts: true },
    })),
);

const pool = openPageReaderPool(2, 0)!;
afterAll(() => pool.close());

describe('the page reader pool', () => {
  it('reads every fixture page in a worker exactly as the crawl’s own thread does', async () => {
    expect(requests.length).toBeGreaterThan(40);
    const readings = await Promise.all(requests.map((request) => pool.readPage(request)));
    readings.forEach((reading, i) => expect(reading).toEqual(readPageRequest(requests[i]!)));
    // The crawl keeps its bytes: the worker got a copy.
    expect(requests.every((request) => request.body.byteLength > 0)).toBe(true);
  });

  it('reads a page of over a million characters too', async () => {
    const links = Array.from({ length: 40_000 }, (_, i) => `<a href="/p${i}.html">page ${i}</a>`);
    const body = new TextEncoder().encode(`<title>Big</title>${links.join('\n')}`);
    expect(body.byteLength).toBeGreaterThan(1_000_000);
    const request = {
      body,
      contentType: 'text/html',
      pageUrl: 'http://site.test/big',
      options: {},
    };
    expect(await pool.readPage(request)).toEqual(readPageRequest(request));
  });

  it('is no pool at all for 0 threads', () => {
    expect(openPageReaderPool(0)).toBeNull();
  });

  it('reads the first pages in the crawl’s own thread, starting threads only after them', async () => {
    const later = openPageReaderPool(2, requests.length)!;
    try {
      const readings = await Promise.all(requests.map((request) => later.readPage(request)));
      readings.forEach((reading, i) => expect(reading).toEqual(readPageRequest(requests[i]!)));
      expect(later.threads()).toBe(0);
      expect(await later.readPage(requests[0]!)).toEqual(readPageRequest(requests[0]!));
      expect(later.threads()).toBe(2);
    } finally {
      await later.close();
    }
  });
});
