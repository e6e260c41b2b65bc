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

  it('gives a request the time the process was too busy to listen, then times it out', () => {
    const deadline = requestDeadline(undefined, 1_000);
    // The clock moves 5 s with no timer run: a synchronous save kept the process from its timers.
    vi.setSystemTime(Date.now() + 5_000);
    vi.advanceTimersByTime(1_000);
    expect(deadline.signal.aborted).toBe(false);
    // Given its whole timeout again (the time it lost, up to that), no more.
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(timedOut(deadline.signal)).toBe(true);
  });

  it('times out on time when its timer is late by less than a busy process makes it', () => {
    const deadline = requestDeadline(undefined, 1_000);
    vi.setSystemTime(Date.now() + 900);
    vi.advanceTimersByTime(1_000);
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
