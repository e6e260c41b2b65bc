import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrawlSummary } from '../../lib/protocol/messages.ts';
import { ProgressPulse } from './progress-pulse.ts';

function summaryWith(done: number, elapsedMs = 0): CrawlSummary {
  return {
    origin: 'https://example.com',
    startUrl: 'https://example.com/',
    phase: 'running',
    stats: {
      done,
      queued: 3,
      inFlight: 1,
      pagesCrawled: done,
      requests: done,
      broken: 0,
      redirected: 0,
      skipped: 0,
      blocked: 0,
      startedAtMs: 0,
      elapsedMs,
    },
    currentUrl: null,
    ratePerSecond: 1,
    updatedAtMs: elapsedMs,
  };
}

describe('ProgressPulse', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes at once, then every beat while the crawl changes, and nothing while it does not', async () => {
    let done = 0;
    const written: number[] = [];
    const pulse = new ProgressPulse({
      read: () => summaryWith(done, Date.now()),
      write: async (summary) => void written.push(summary.stats.done),
      everyMs: 300,
    });
    pulse.start();
    expect(written).toEqual([0]);
    // Between two results of the crawl (no event from it), the figures still go out within a beat.
    done = 1;
    await vi.advanceTimersByTimeAsync(300);
    expect(written).toEqual([0, 1]);
    // Nothing changed (the elapsed time does not count): no write.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(written).toEqual([0, 1]);
    done = 5;
    await vi.advanceTimersByTimeAsync(300);
    expect(written).toEqual([0, 1, 5]);
    pulse.stop();
    done = 6;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(written).toEqual([0, 1, 5]);
  });

  it('writes again after a failed write, and never two writes at once', async () => {
    let done = 0;
    let calls = 0;
    let finish: (() => void) | undefined;
    const pulse = new ProgressPulse({
      read: () => summaryWith(done),
      write: () => {
        calls++;
        return calls === 1
          ? Promise.reject(new Error('storage busy'))
          : new Promise<void>((resolve) => (finish = resolve));
      },
      everyMs: 300,
    });
    pulse.start();
    await vi.advanceTimersByTimeAsync(300); // the failed write is tried again
    expect(calls).toBe(2);
    done = 1;
    await vi.advanceTimersByTimeAsync(900); // the second write is still pending: no third yet
    expect(calls).toBe(2);
    finish!();
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toBe(3);
    pulse.stop();
  });
});
