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
