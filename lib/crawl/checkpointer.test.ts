import { describe, expect, it } from 'vitest';
import { Checkpointer } from './checkpointer.ts';
import { systemClock } from './clock.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';

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
});
