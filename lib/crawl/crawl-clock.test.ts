/**
 * The crawl's clock across a kill: a checkpoint saved mid-run holds the
 * time of the run so far, so a crawl stopped without warning (a stopped
 * service worker, kill -9) resumes with its elapsed time and time limit
 * where they were, not where the previous run began.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../tests/support/fake-clock.ts';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { HttpError, type HttpFetch } from '../http/types.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';
import { Crawler } from './crawl.ts';

const O = 'http://site.test';
/** Each answer takes this long on the fake clock. */
const RESPONSE_MS = 100;
const PAGES = 40;

function slowSite(clock: FakeClock) {
  const links = Array.from(
    { length: PAGES },
    (_, i) => [`/p${i}.html`, `p${i}`] as [string, string],
  );
  const answers: Record<string, FakeAnswer> = { [`${O}/`]: { html: page('Home', links) } };
  for (let i = 0; i < PAGES; i++) answers[`${O}/p${i}.html`] = { html: page(`P${i}`) };
  const site = fakeSite(answers);
  const http: HttpFetch = async (request) => {
    await clock.sleep(RESPONSE_MS);
    return site.http(request);
  };
  return { ...site, http };
}

/** Runs a crawl for `runMs` of fake time, then "kills" it: what it saved last is all that is left. */
async function crawlThenKill(clock: FakeClock, runMs: number, maxDurationMs: number) {
  const site = slowSite(clock);
  let saved: CrawlCheckpoint | undefined;
  let killed = false;
  const stop = new AbortController();
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, concurrency: 2, concurrencyPerOrigin: 2, maxDurationMs },
    {
      http: site.http,
      clock,
      checkpointEveryMs: 0,
      save: async (checkpoint) => {
        if (!killed) saved = JSON.parse(JSON.stringify(checkpoint)) as CrawlCheckpoint;
      },
    },
  );
  const running = crawler.run(stop.signal);
  await clock.advance(runMs);
  const stats = crawler.stats();
  killed = true;
  stop.abort();
  await clock.runUntilIdle();
  await running;
  return { saved: saved!, stats, site };
}

describe('the crawl clock across a kill', () => {
  it('saves the time of the run under way in every checkpoint', async () => {
    const clock = new FakeClock(1_000_000);
    const { saved, stats } = await crawlThenKill(clock, 1_000, 60_000);
    expect(saved.finished).toBe(false);
    // Saved at most one answer's time before the kill, never the 0 of a run that never ended.
    expect(saved.elapsedBeforeMs).toBeGreaterThanOrEqual(1_000 - RESPONSE_MS);
    expect(saved.elapsedBeforeMs).toBeLessThanOrEqual(stats.elapsedMs);
  });

  it('continues the elapsed time and the counters on resume', async () => {
    const clock = new FakeClock(1_000_000);
    const { saved } = await crawlThenKill(clock, 1_000, 60_000);
    const site = slowSite(clock);
    const resumedAtMs = clock.nowMs();
    const resumed = Crawler.resume(saved, { http: site.http, clock });
    const running = resumed.run();
    await clock.advance(RESPONSE_MS / 2);
    const early = resumed.stats();
    expect(early.elapsedMs).toBeGreaterThanOrEqual(1_000 - RESPONSE_MS);
    expect(early.elapsedMs).toBeGreaterThanOrEqual(saved.elapsedBeforeMs);
    expect(early.requests).toBeGreaterThanOrEqual(saved.requests);
    expect(early.done).toBeGreaterThanOrEqual(saved.records.length);
    await clock.runUntilIdle();
    const final = await running;
    expect(final.finished).toBe(true);
    // Both runs' time: the first up to its last save, the second in full.
    const secondRunMs = clock.nowMs() - resumedAtMs;
    expect(final.elapsedBeforeMs).toBeGreaterThanOrEqual(saved.elapsedBeforeMs + secondRunMs - 1);
  });

  it('counts the time before the kill against the time limit', async () => {
    const clock = new FakeClock(1_000_000);
    const limitMs = 1_500;
    const { saved } = await crawlThenKill(clock, 1_000, limitMs);
    const site = slowSite(clock);
    const resumedAtMs = clock.nowMs();
    const final = await (async () => {
      const running = Crawler.resume(saved, { http: site.http, clock }).run();
      await clock.runUntilIdle();
      return running;
    })();
    expect(final.stoppedBecause).toBe('max-duration');
    // What was left of the limit, plus the answers under way when it ran out.
    expect(clock.nowMs() - resumedAtMs).toBeLessThanOrEqual(
      limitMs - saved.elapsedBeforeMs + RESPONSE_MS,
    );
    expect(final.elapsedBeforeMs).toBeGreaterThanOrEqual(limitMs);
  });
});

describe('the time limit', () => {
  it('ends the crawl at its deadline while the only visit still waits for its answer', async () => {
    const clock = new FakeClock();
    const site = fakeSite({ [`${O}/`]: { html: page('Home', [['/slow.html', 'slow']]) } });
    // The slow page never answers: only a cancel ends its request.
    const http: HttpFetch = (request) =>
      request.url.endsWith('/slow.html')
        ? new Promise((_, reject) =>
            request.signal?.addEventListener('abort', () =>
              reject(new HttpError('aborted', 'cancelled')),
            ),
          )
        : site.http(request);
    const crawler = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, maxDurationMs: 1_000 },
      { http, clock },
    );
    let ended = false;
    const running = crawler.run(new AbortController().signal).finally(() => (ended = true));
    await clock.advance(999);
    expect(ended).toBe(false);
    await clock.advance(1);
    await clock.runUntilIdle();
    expect(ended).toBe(true);
    expect((await running).stoppedBecause).toBe('max-duration');
  });
});
