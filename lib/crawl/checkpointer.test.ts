import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../tests/support/fake-clock.ts';
import { fakeSite, page } from '../../tests/support/fake-site.ts';
import { Checkpointer } from './checkpointer.ts';
import { systemClock } from './clock.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';
import { Crawler } from './crawl.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Checkpointer', () => {
  it('saves at once, coalesces changes made during a save, and never runs two saves together', async () => {
    let version = 0;
    let running = 0;
    let maxRunning = 0;
    const saved: number[] = [];
    const checkpointer = new Checkpointer({
      snapshot: () => ({ version }) as unknown as CrawlCheckpoint,
      save: async (checkpoint) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await tick();
        saved.push((checkpoint as unknown as { version: number }).version);
        running--;
      },
      clock: systemClock,
      minGapMs: 0,
    });
    for (version = 1; version <= 5; version++) checkpointer.changed();
    version = 5;
    await checkpointer.flush();
    expect(maxRunning).toBe(1);
    expect(saved[0]).toBe(1);
    expect(saved.at(-1)).toBe(5);
    expect(saved.length).toBeLessThan(5 + 1);
  });

  it('remembers a failed save and stops saving', async () => {
    let calls = 0;
    const checkpointer = new Checkpointer({
      snapshot: () => ({}) as CrawlCheckpoint,
      save: async () => {
        calls++;
        throw new Error('QUOTA_BYTES quota exceeded');
      },
      clock: systemClock,
      minGapMs: 0,
    });
    checkpointer.changed();
    await tick();
    checkpointer.changed();
    await tick();
    expect(checkpointer.error?.message).toMatch(/quota/);
    expect(calls).toBe(1);
    await expect(checkpointer.flush()).rejects.toThrow(/quota/);
  });

  it('calls off its wait for the next save when it flushes: no timer outlives the crawl', async () => {
    // Time stands still, past the first gap; its sleeps last until woken or called off.
    const clock = new FakeClock(Date.now());
    const saved: number[] = [];
    let version = 0;
    const checkpointer = new Checkpointer({
      snapshot: () => ({ version }) as unknown as CrawlCheckpoint,
      save: async (checkpoint) => {
        saved.push((checkpoint as unknown as { version: number }).version);
      },
      clock,
      minGapMs: 60_000,
    });
    // The first change is saved at once; the next waits a minute after it.
    version = 1;
    checkpointer.changed();
    await tick();
    version = 2;
    checkpointer.changed();
    expect(clock.pendingSleeps).toBe(1);
    await checkpointer.flush();
    expect(saved).toEqual([1, 2]);
    expect(clock.pendingSleeps).toBe(0);
    // Changes after a flush are saved as before.
    version = 3;
    checkpointer.changed();
    expect(clock.pendingSleeps).toBe(1);
    await checkpointer.flush();
    expect(saved).toEqual([1, 2, 3]);
    expect(clock.pendingSleeps).toBe(0);
  });

  it('leaves no wait behind a finished crawl that saved as it went', async () => {
    // Time stands still, past the first gap; its sleeps last until woken or called off.
    const clock = new FakeClock(Date.now());
    const links = Array.from(
      { length: 30 },
      (_, i) => [`/p${i}.html`, `P${i}`] as [string, string],
    );
    const answers = Object.fromEntries([
      ['http://site.test/', { html: page('Home', links) }],
      ...links.map(([path]) => [`http://site.test${path}`, { html: page(path) }]),
    ]);
    const crawler = Crawler.start(
      { startUrls: ['http://site.test/'], delayMs: 0, concurrency: 2 },
      { http: fakeSite(answers).http, clock, save: async () => undefined },
    );
    const done = await crawler.run();
    expect(done.records.length).toBeGreaterThan(30);
    expect(clock.pendingSleeps).toBe(0);
  });
});
