import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestDeadline, timedOut } from './request-deadline.ts';

describe('requestDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts with a TimeoutError at the deadline, not before', () => {
    const deadline = requestDeadline(undefined, 1_000);
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(timedOut(deadline.signal)).toBe(true);
  });

  it('does not count the time the process was too busy to listen, then times it out', () => {
    const deadline = requestDeadline(undefined, 1_000);
    // The clock moves 5 s with no timer run: a synchronous save kept the process from its timers.
    vi.setSystemTime(Date.now() + 5_000);
    // The step that found the process busy (a sixteenth of the timeout) is not counted either.
    vi.advanceTimersByTime(63);
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(timedOut(deadline.signal)).toBe(true);
  });

  it('counts a step whose timer is late by less than a quarter step', () => {
    const deadline = requestDeadline(undefined, 1_000);
    vi.setSystemTime(Date.now() + 10);
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(timedOut(deadline.signal)).toBe(true);
  });

  it('still comes when the process is always busy: what is not counted is capped at the timeout', () => {
    const deadline = requestDeadline(undefined, 1_000);
    const busyStep = () => {
      vi.setSystemTime(Date.now() + 1_000);
      vi.advanceTimersByTime(63);
    };
    // One busy step forgives more than the timeout; the next sixteen count.
    for (let step = 0; step < 16; step++) busyStep();
    expect(deadline.signal.aborted).toBe(false);
    busyStep();
    expect(timedOut(deadline.signal)).toBe(true);
  });

  it("aborts with the caller's reason when the caller aborts, and that is not a timeout", () => {
    const caller = new AbortController();
    const deadline = requestDeadline(caller.signal, 1_000);
    const reason = new Error('stopped');
    caller.abort(reason);
    expect(deadline.signal.reason).toBe(reason);
    expect(timedOut(deadline.signal)).toBe(false);
  });

  it('starts aborted when the caller already is', () => {
    const caller = new AbortController();
    caller.abort(new Error('before'));
    expect(requestDeadline(caller.signal, 1_000).signal.aborted).toBe(true);
  });

  it("once ended, leaves no timer and no listener on the caller's signal", () => {
    const caller = new AbortController();
    const deadline = requestDeadline(caller.signal, 1_000);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1);
    deadline.end();
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(2_000);
    expect(deadline.signal.aborted).toBe(false);
  });
});

describe('requestDeadline on a real event loop', () => {
  it('does not time out a request when the process was busy until just past its deadline', async () => {
    const deadline = requestDeadline(undefined, 800);
    // A synchronous save that ends 50 ms after the deadline: an answer that came meanwhile is
    // read after the timers due, so one timer at the deadline would abort it first.
    busyFor(850);
    await new Promise((resolve) => setImmediate(resolve));
    expect(deadline.signal.aborted).toBe(false);
    // A silent server still gets its timeout, counted from when the process could listen.
    const start = Date.now();
    await waitUntil(() => deadline.signal.aborted, 5_000);
    expect(timedOut(deadline.signal)).toBe(true);
    expect(Date.now() - start).toBeGreaterThanOrEqual(700);
  });
});

function busyFor(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // The process keeps its thread, as a synchronous SQLite transaction does.
  }
}

async function waitUntil(done: () => boolean, limitMs: number): Promise<void> {
  const end = Date.now() + limitMs;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}
