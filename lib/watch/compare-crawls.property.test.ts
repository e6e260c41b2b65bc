import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProperty } from '../../tests/support/properties.ts';
import { WATCH_SITE, at, snapshot } from '../../tests/support/watch-snapshots.ts';
import { compareCrawls } from './compare-crawls.ts';
import type { CrawlSnapshot, SnapshotLinkPage } from './types.ts';

const path = fc.constantFrom('/', '/a', '/a/b', '/b', '/c?x=1', '/%41', '/ü', '/tmp/x');
const url = path.map(at);
const robotsText = fc.oneof(
  fc.constant(null),
  fc.constantFrom(
    '',
    'User-agent: *\nDisallow: /a',
    'User-agent: googlebot\r\nDisallow: /\r\nAllow: /b',
  ),
  fc.string({ maxLength: 60 }),
);

/** Random snapshots of one site, for one robot (so swapping the two crawls swaps the robot too). */
const anySnapshot: fc.Arbitrary<CrawlSnapshot> = fc
  .record({
    pages: fc.uniqueArray(
      fc.record({
        url,
        status: fc.constantFrom(null, 200, 301, 404, 500),
        indexable: fc.constantFrom(null, true, false),
        blocking: fc.subarray(['robots-txt', 'meta-robots', 'x-robots-tag'] as const),
      }),
      { selector: (p) => p.url, maxLength: 8 },
    ),
    broken: fc.uniqueArray(
      fc.record({
        url,
        status: fc.constantFrom(null, 404),
        kind: fc.constant('http-404'),
        internal: fc.boolean(),
        pageCount: fc.nat(3),
        pages: fc.constant<SnapshotLinkPage[]>([]),
      }),
      { selector: (b) => b.url, maxLength: 4 },
    ),
    redirects: fc.uniqueArray(
      fc.record({ from: url, to: url, hops: fc.nat(4), finalStatus: fc.constantFrom(null, 200) }),
      { selector: (r) => r.from, maxLength: 4 },
    ),
    traps: fc.uniqueArray(fc.record({ url, kind: fc.constant('calendar') }), {
      selector: (t) => t.url,
      maxLength: 3,
    }),
    robots: fc.option(
      fc.record({
        status: fc.constantFrom(null, 200, 404, 503),
        text: robotsText,
      }),
    ),
    sitemap: fc.option(
      fc.record({
        sitemaps: fc.uniqueArray(url, { maxLength: 2 }),
        urls: fc.uniqueArray(url, { maxLength: 5 }),
      }),
    ),
  })
  .map(({ robots, ...rest }) =>
    snapshot({
      ...rest,
      robots: robots ? [{ origin: WATCH_SITE, url: at('/robots.txt'), ...robots }] : [],
    }),
  );

describe('compareCrawls properties', () => {
  it('a crawl compared with itself has no changes', () => {
    checkProperty(
      fc.property(anySnapshot, (crawl) => {
        const changes = compareCrawls(crawl, crawl);
        expect(changes.broken).toEqual({ added: [], fixed: [] });
        expect(changes.indexability).toEqual({ lost: [], regained: [] });
        expect(changes.redirects.added).toEqual([]);
        expect(changes.traps.added).toEqual([]);
        expect(changes.robots).toEqual([]);
        expect(changes.sitemap).toBeNull();
        expect(changes.worse.total).toBe(0);
      }),
      200,
    );
  });

  it('swapping the crawls swaps added and fixed (as far as reached), lost and regained', () => {
    checkProperty(
      fc.property(anySnapshot, anySnapshot, (before, after) => {
        const forward = compareCrawls(before, after);
        const back = compareCrawls(after, before);
        // A fixed link is one that broke the other way; not every link gone was reached again.
        expect(back.broken.added).toEqual(expect.arrayContaining(forward.broken.fixed));
        expect(forward.broken.added).toEqual(expect.arrayContaining(back.broken.fixed));
        const swapped = (list: typeof forward.indexability.lost) =>
          list.map(({ url: page, before: was, now }) => ({ url: page, before: now, now: was }));
        expect(back.indexability.lost).toEqual(swapped(forward.indexability.regained));
        expect(back.indexability.regained).toEqual(swapped(forward.indexability.lost));
        expect(back.robots.length).toBe(forward.robots.length);
        for (const [i, change] of forward.robots.entries()) {
          const blocked = change.effects.reduce((n, e) => n + e.nowBlocked, 0);
          const allowed = back.robots[i]!.effects.reduce((n, e) => n + e.nowAllowed, 0);
          expect(allowed).toBe(blocked);
        }
      }),
      200,
    );
  });

  it('never throws, and the worse total is the sum of its parts', () => {
    checkProperty(
      fc.property(anySnapshot, anySnapshot, (before, after) => {
        const { worse } = compareCrawls(before, after);
        expect(worse.total).toBe(
          worse.newBroken +
            worse.lostIndexable +
            worse.newRedirects +
            worse.newTraps +
            worse.robotsChanged +
            worse.sitemapUrlsRemoved,
        );
      }),
      300,
    );
  });
});
