import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from './clock.ts';
import { FakeClock } from '../../tests/support/fake-clock.ts';

/** Records whether a promise has settled, without awaiting it. */
function track(promise: Promise<unknown>): { settled: () => boolean } {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return { settled: () => settled };
}

describe('systemClock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads Date.now', () => {
    const before = Date.now();
    const now = systemClock.nowMs();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('sleeps at least the time asked', async () => {
    const startMs = Date.now();
    await systemClock.sleep(20);
    expect(Date.now() - startMs).toBeGreaterThanOrEqual(19);
  });

  it('resolves a sleep of 0 or less at once', async () => {
    await expect(systemClock.sleep(0)).resolves.toBeUndefined();
    await expect(systemClock.sleep(-5)).resolves.toBeUndefined();
  });

  it('rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const startMs = Date.now();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 5);
    await expect(sleeping).rejects.toThrow('stop');
    expect(Date.now() - startMs).toBeLessThan(1_000);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const reason = new Error('already');
    await expect(systemClock.sleep(10, AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('takes sleeps longer than a 32-bit timeout in slices instead of firing at once', async () => {
    vi.useFakeTimers();
    const sleeping = track(systemClock.sleep(3_000_000_000));
    await vi.advanceTimersByTimeAsync(10);
    expect(sleeping.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(sleeping.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000_000_000 - 2 ** 31);
    expect(sleeping.settled()).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind after an abort', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const sleeping = systemClock.sleep(1_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await expect(sleeping).rejects.toBeDefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('FakeClock', () => {
  it('starts at the time given and stands still', async () => {
    const clock = new FakeClock(1_000);
    expect(clock.nowMs()).toBe(1_000);
    await clock.flush();
    expect(clock.nowMs()).toBe(1_000);
  });

  it('wakes a sleeper only when time reaches it', async () => {
    const clock = new FakeClock();
    const sleeping = track(clock.sleep(100));
    await clock.advance(99);
    expect(sleeping.settled()).toBe(false);
    await clock.advance(1);
    expect(sleeping.settled()).toBe(true);
    expect(clock.nowMs()).toBe(100);
    expect(clock.pendingSleeps).toBe(0);
  });

  it('wakes sleepers in time order, ties in sleep order, each at its own time', async () => {
    const clock = new FakeClock();
    const woke: string[] = [];
    const sleep = (name: string, ms: number): void => {
      void clock.sleep(ms).then(() => woke.push(`${name}@${clock.nowMs()}`));
    };
    sleep('c', 30);
    sleep('a', 10);
    sleep('b1', 20);
    sleep('b2', 20);
    expect(clock.nextWakeAtMs()).toBe(10);
    await clock.advance(100);
    expect(woke).toEqual(['a@10', 'b1@20', 'b2@20', 'c@30']);
    expect(clock.nowMs()).toBe(100);
  });

  it('wakes sleeps made by woken code within the same advance', async () => {
    const clock = new FakeClock();
    const times: number[] = [];
    const loop = async (): Promise<void> => {
      for (let i = 0; i < 3; i++) {
        await clock.sleep(10);
        times.push(clock.nowMs());
      }
    };
    const done = loop();
    await clock.advance(25);
    expect(times).toEqual([10, 20]);
    await clock.advance(5);
    await done;
    expect(times).toEqual([10, 20, 30]);
  });

  it('runs until no sleeper is left', async () => {
    const clock = new FakeClock();
    let finishedAtMs = -1;
    const work = async (): Promise<void> => {
      await clock.sleep(50);
      await Promise.resolve();
      await clock.sleep(70);
      finishedAtMs = clock.nowMs();
    };
    void work();
    await clock.runUntilIdle();
    expect(finishedAtMs).toBe(120);
    expect(clock.pendingSleeps).toBe(0);
  });

  it('resolves a sleep of 0 without moving time', async () => {
    const clock = new FakeClock();
    await clock.sleep(0);
    expect(clock.pendingSleeps).toBe(0);
  });

  it('rejects an aborted sleep with the reason and forgets it', async () => {
    const clock = new FakeClock();
    const controller = new AbortController();
    const sleeping = clock.sleep(100, controller.signal);
    expect(clock.pendingSleeps).toBe(1);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(sleeping).rejects.toBe(reason);
    expect(clock.pendingSleeps).toBe(0);
    await expect(clock.sleep(5, controller.signal)).rejects.toBe(reason);
  });

  it('gives up on code that sleeps forever', async () => {
    const clock = new FakeClock();
    const controller = new AbortController();
    const forever = async (): Promise<void> => {
      for (;;) await clock.sleep(1, controller.signal);
    };
    const running = forever().catch(() => {});
    await expect(clock.runUntilIdle(50)).rejects.toThrow(/50 wake-ups/);
    controller.abort();
    await running;
  });
});
