import { describe, expect, it } from 'vitest';
import type { CrawlSummary } from '../lib/protocol/messages.ts';
import { isPaused, PAUSED_AFTER_MS } from './use-crawl-watch.ts';

const summary = (phase: CrawlSummary['phase'], updatedAtMs: number) =>
  ({ phase, updatedAtMs }) as CrawlSummary;

describe('a crawl looks paused', () => {
  it('when stored as running, the background does not run it, and nothing moved for a while', () => {
    expect(isPaused(summary('running', 0), { running: false, atMs: PAUSED_AFTER_MS })).toBe(true);
  });

  it('never while the background runs it, however long since its last progress', () => {
    expect(isPaused(summary('running', 0), { running: true, atMs: 60_000 })).toBe(false);
  });

  it('not for the moment a stopped worker takes to wake, nor before the background answers', () => {
    expect(isPaused(summary('running', 0), { running: false, atMs: 300 })).toBe(false);
    expect(isPaused(summary('running', 0), null)).toBe(false);
  });

  it('not when it stopped or finished', () => {
    for (const phase of ['stopped', 'finished', 'failed'] as const)
      expect(isPaused(summary(phase, 0), { running: false, atMs: 60_000 })).toBe(false);
  });
});
