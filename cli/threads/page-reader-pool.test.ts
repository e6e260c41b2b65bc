import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPage, type PageReadRequest } from '../../lib/crawl/read-page.ts';
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
      html: readFileSync(path.join(dir, file), 'utf8'),
      pageUrl: `http://site.test/${file}`,
      options: { robot: 'Googlebot', withFacts: true },
    })),
);

const pool = openPageReaderPool(2)!;
afterAll(() => pool.close());

describe('the page reader pool', () => {
  it('reads every fixture page in a worker exactly as the crawl’s own thread does', async () => {
    expect(requests.length).toBeGreaterThan(40);
    const readings = await Promise.all(requests.map((request) => pool.readPage(request)));
    readings.forEach((reading, i) => {
      const { html, pageUrl, options } = requests[i]!;
      expect(reading).toEqual(readPage(html, pageUrl, options));
    });
  });

  it('reads a page of over a million characters too', async () => {
    const links = Array.from({ length: 40_000 }, (_, i) => `<a href="/p${i}.html">page ${i}</a>`);
    const html = `<title>Big</title>${links.join('\n')}`;
    expect(html.length).toBeGreaterThan(1_000_000);
    const request = { html, pageUrl: 'http://site.test/big.html', options: {} };
    expect(await pool.readPage(request)).toEqual(readPage(html, request.pageUrl, {}));
  });

  it('is no pool at all for 0 threads', () => {
    expect(openPageReaderPool(0)).toBeNull();
  });
});
