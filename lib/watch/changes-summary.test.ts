import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { noChanges } from '../../tests/support/watch-snapshots.ts';
import { robotsEffectPhrase, worseSummary } from './changes-summary.ts';
import type { RobotsLineEffect, WorseCounts } from './types.ts';

const none: WorseCounts = noChanges().worse;

describe('worseSummary', () => {
  it.each<[Partial<WorseCounts>, string]>([
    [{}, 'nothing got worse'],
    [{ newBroken: 1 }, '1 new broken link'],
    [
      { newBroken: 1, lostIndexable: 1, robotsChanged: 1, robotsBlocked: 2 },
      '1 new broken link; 1 page no longer indexable; robots.txt changed',
    ],
    [
      {
        newBroken: 2,
        lostIndexable: 3,
        newRedirects: 4,
        newTraps: 5,
        robotsChanged: 2,
        sitemapUrlsRemoved: 6,
      },
      '2 new broken links; 3 pages no longer indexable; 4 new redirects; 5 new traps; robots.txt changed on 2 sites; 6 URLs gone from the sitemaps',
    ],
    [{ newTraps: 1, sitemapUrlsRemoved: 1 }, '1 new trap; 1 URL gone from the sitemaps'],
    [{ robotsBlocked: 4 }, 'nothing got worse'],
  ])('%j → %s', (counts, text) => {
    expect(english(worseSummary(noChanges({ worse: { ...none, ...counts } })))).toBe(text);
  });
});

const effect = (fields: Partial<RobotsLineEffect>): RobotsLineEffect => ({
  robot: 'googlebot',
  line: 3,
  text: 'Disallow: /archive/',
  nowBlocked: 0,
  nowAllowed: 0,
  examples: [],
  ...fields,
});

describe('robotsEffectPhrase', () => {
  it.each<[Partial<RobotsLineEffect>, string]>([
    [{ nowBlocked: 2 }, 'Line 3 (Disallow: /archive/) now blocks 2 crawled pages for googlebot'],
    [{ nowBlocked: 1 }, 'Line 3 (Disallow: /archive/) now blocks 1 crawled page for googlebot'],
    [
      { text: 'Allow: /a/', nowAllowed: 2 },
      'Line 3 (Allow: /a/) now allows 2 crawled pages for googlebot',
    ],
    [
      { line: null, text: null, nowBlocked: 212 },
      'The whole file now blocks 212 crawled pages for googlebot',
    ],
    [
      { line: null, text: null, nowAllowed: 1 },
      'No rule matches any more: 1 crawled page now allowed for googlebot',
    ],
    [
      { line: null, text: null, nowBlocked: 1, nowAllowed: 2 },
      'The whole file now blocks 1 crawled page for googlebot; No rule matches any more: 2 crawled pages now allowed for googlebot',
    ],
  ])('%j → %s', (fields, text) => {
    expect(english(robotsEffectPhrase(effect(fields)))).toBe(text);
  });
});
