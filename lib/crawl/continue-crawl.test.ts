/** A crawl carried on run after run: each run gets the budget one run was given, not the sum so far. */
import { describe, expect, it } from 'vitest';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { systemClock } from './clock.ts';
import { continuedCheckpoint, cutShortOf, recrawlOptions } from './continue-crawl.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';
import { Crawler } from './crawl.ts';
import { DEFAULT_CRAWL_OPTIONS } from './types.ts';

const O = 'http://site.test';
const PAGES = Array.from({ length: 12 }, (_, i) => `/p${i + 1}.html`);
const SITE: Record<string, FakeAnswer> = {
  [`${O}/`]: {
    html: page(
      'Home',
      PAGES.map((p) => [p, p] as [string, string]),
    ),
  },
  ...Object.fromEntries(PAGES.map((p) => [`${O}${p}`, { html: page(p) }])),
};
const MINUTES = 60_000;

const pagesFetched = (checkpoint: CrawlCheckpoint) =>
  checkpoint.records.filter((r) => r.internal && r.method === 'GET' && r.httpStatus !== null)
    .length;

async function carriedOn(checkpoint: CrawlCheckpoint): Promise<CrawlCheckpoint> {
  const next = continuedCheckpoint(checkpoint);
  return Crawler.resume(next, { http: fakeSite(SITE).http, clock: systemClock }).run();
}

/** A crawl of the site, given `maxDurationMs`, as if its runs so far took `elapsedMs` and the last was cut by it. */
async function stoppedByTime(elapsedMs: number, maxDurationMs: number): Promise<CrawlCheckpoint> {
  const crawled = await Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, maxDurationMs, checkExternal: false },
    { http: fakeSite(SITE).http, clock: systemClock },
  ).run();
  return {
    ...crawled,
    elapsedBeforeMs: elapsedMs,
    finished: false,
    stoppedBecause: 'max-duration',
  };
}

describe('a crawl carried on after its page limit, twice', () => {
  it('fetches as many pages again each time as the first run was given', async () => {
    const first = await Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, maxPages: 3, checkExternal: false },
      { http: fakeSite(SITE).http, clock: systemClock },
    ).run();
    expect(pagesFetched(first)).toBe(3);
    const second = await carriedOn(first);
    expect(pagesFetched(second)).toBe(6);
    const third = await carriedOn(second);
    // Not 12: the second run's limit (6 in all) is not the budget of a run.
    expect(pagesFetched(third)).toBe(9);
    expect(cutShortOf(third)).toMatchObject({ reason: 'max-pages', limit: 9 });
  });
});

describe('a crawl carried on after its time limit, twice', () => {
  it('gives each run the time one run was given, and names that limit when cut', async () => {
    const second = continuedCheckpoint(await stoppedByTime(30 * MINUTES, 30 * MINUTES));
    expect(second.options.maxDurationMs).toBe(60 * MINUTES);
    // The second run used its 30 minutes too, and was cut.
    const cut = {
      ...second,
      elapsedBeforeMs: 60 * MINUTES,
      stoppedBecause: 'max-duration' as const,
    };
    expect(cutShortOf(cut)).toMatchObject({ reason: 'max-duration', limit: 30 * MINUTES });
    const third = continuedCheckpoint(cut);
    expect(third.options.maxDurationMs).toBe(90 * MINUTES);
  });

  it('keeps a run time given on carrying on for the runs after it', async () => {
    const second = continuedCheckpoint(await stoppedByTime(30 * MINUTES, 30 * MINUTES), {
      runMs: 10 * MINUTES,
    });
    expect(second.options.maxDurationMs).toBe(40 * MINUTES);
    const cut = {
      ...second,
      elapsedBeforeMs: 40 * MINUTES,
      stoppedBecause: 'max-duration' as const,
    };
    expect(cutShortOf(cut)?.limit).toBe(10 * MINUTES);
    expect(continuedCheckpoint(cut).options.maxDurationMs).toBe(50 * MINUTES);
  });
});

describe('a finished crawl crawled again', () => {
  it("takes one run's time, not the time its runs took in all", async () => {
    const carried = continuedCheckpoint(await stoppedByTime(30 * MINUTES, 30 * MINUTES));
    const options = recrawlOptions(carried.options);
    expect(options.maxDurationMs).toBe(30 * MINUTES);
    expect(options.runLimits).toBeUndefined();
    expect(recrawlOptions(carried.options, { runMs: 5 * MINUTES }).maxDurationMs).toBe(5 * MINUTES);
  });

  it('keeps the page limit of the whole crawl, or the one given', () => {
    const options = { ...DEFAULT_CRAWL_OPTIONS, startUrls: [`${O}/`], maxPages: 900 };
    expect(recrawlOptions(options).maxPages).toBe(900);
    expect(recrawlOptions(options, { maxPages: 50 }).maxPages).toBe(50);
  });
});
