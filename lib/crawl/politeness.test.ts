import { describe, expect, it } from 'vitest';
import { systemClock } from './clock.ts';
import { FakeClock } from '../../tests/support/fake-clock.ts';
import { OriginScheduler, type OriginSchedulerOptions } from './politeness.ts';

interface Start {
  origin: string;
  id: number;
  atMs: number;
}

/**
 * A scheduler on a FakeClock, with tasks that record when they start and
 * count what runs, independently of the scheduler's own stats.
 */
function setUp(options: Partial<Omit<OriginSchedulerOptions, 'clock'>> = {}) {
  const clock = new FakeClock();
  const scheduler = new OriginScheduler({
    concurrency: 8,
    concurrencyPerOrigin: 2,
    delayMs: 0,
    clock,
    ...options,
  });
  const starts: Start[] = [];
  const runningByOrigin = new Map<string, number>();
  const maxByOrigin = new Map<string, number>();
  let running = 0;
  let maxRunning = 0;
  let nextId = 0;

  /** Schedules a task that takes `durationMs` of clock time and resolves with its id. */
  const run = (origin: string, durationMs = 10, signal?: AbortSignal): Promise<number> => {
    const id = nextId++;
    return scheduler.schedule(
      origin,
      async () => {
        starts.push({ origin, id, atMs: clock.nowMs() });
        running++;
        maxRunning = Math.max(maxRunning, running);
        const mine = (runningByOrigin.get(origin) ?? 0) + 1;
        runningByOrigin.set(origin, mine);
        maxByOrigin.set(origin, Math.max(maxByOrigin.get(origin) ?? 0, mine));
        try {
          await clock.sleep(durationMs);
        } finally {
          running--;
          runningByOrigin.set(origin, (runningByOrigin.get(origin) ?? 1) - 1);
        }
        return id;
      },
      signal,
    );
  };

  const startTimes = (origin: string): number[] =>
    starts.filter((s) => s.origin === origin).map((s) => s.atMs);

  /** Asserts nothing runs, waits or sleeps: a worker could go idle, Node could exit. */
  const expectIdle = (): void => {
    expect(scheduler.idle).toBe(true);
    expect(scheduler.stats()).toMatchObject({ running: 0, waiting: 0 });
    expect(scheduler.size).toBe(0);
    expect(scheduler.pending).toBe(0);
    expect(clock.pendingSleeps).toBe(0);
  };

  return {
    clock,
    scheduler,
    starts,
    run,
    startTimes,
    expectIdle,
    maxRunning: () => maxRunning,
    maxRunningFor: (origin: string) => maxByOrigin.get(origin) ?? 0,
  };
}

function gaps(timesMs: number[]): number[] {
  return timesMs.slice(1).map((t, i) => t - (timesMs[i] ?? 0));
}

describe('OriginScheduler: concurrency', () => {
  it('never runs more than concurrencyPerOrigin tasks for one origin', async () => {
    const t = setUp({ concurrency: 8, concurrencyPerOrigin: 2 });
    const done = Array.from({ length: 20 }, (_, i) => t.run('a', 10 + (i % 5) * 7));
    expect(t.scheduler.stats('a')).toMatchObject({ running: 2, waiting: 18 });
    await t.clock.runUntilIdle();
    expect(await Promise.all(done)).toHaveLength(20);
    expect(t.maxRunningFor('a')).toBe(2);
    expect(t.scheduler.stats('a').maxRunningSeen).toBe(2);
    t.expectIdle();
  });

  it('never runs more than concurrency tasks overall', async () => {
    const t = setUp({ concurrency: 3, concurrencyPerOrigin: 2 });
    const done = ['a', 'b', 'c', 'd', 'e'].flatMap((origin) =>
      Array.from({ length: 10 }, (_, i) => t.run(origin, 5 + i)),
    );
    expect(t.scheduler.stats()).toMatchObject({ running: 3, waiting: 47 });
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.maxRunning()).toBe(3);
    expect(t.scheduler.stats().maxRunningSeen).toBe(3);
    t.expectIdle();
  });

  it('runs tasks of different origins in parallel', async () => {
    const t = setUp({ concurrencyPerOrigin: 1, delayMs: 100 });
    const done = [t.run('a', 50), t.run('b', 50), t.run('c', 50)];
    expect(t.scheduler.stats().running).toBe(3);
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.starts.map((s) => s.atMs)).toEqual([0, 0, 0]);
    expect(t.clock.nowMs()).toBe(50);
  });

  it('starts each origin in FIFO order', async () => {
    const t = setUp({ concurrencyPerOrigin: 2, delayMs: 10 });
    const done = Array.from({ length: 12 }, (_, i) => t.run(i % 2 ? 'a' : 'b', 25 - i));
    await t.clock.runUntilIdle();
    await Promise.all(done);
    for (const origin of ['a', 'b']) {
      const ids = t.starts.filter((s) => s.origin === origin).map((s) => s.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }
  });

  it('starts a task at once when a slot is free, so stats see it running', () => {
    const t = setUp();
    void t.run('a', 10);
    expect(t.starts).toHaveLength(1);
    expect(t.scheduler.stats('a')).toEqual({ running: 1, waiting: 0, maxRunningSeen: 1 });
    expect(t.scheduler.stats('elsewhere')).toEqual({ running: 0, waiting: 0, maxRunningSeen: 0 });
  });
});

describe('OriginScheduler: delays', () => {
  it('spaces starts to one origin by delayMs, even with slots free', async () => {
    const t = setUp({ concurrencyPerOrigin: 2, delayMs: 100 });
    const done = Array.from({ length: 6 }, () => t.run('a', 10));
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('a')).toEqual([0, 100, 200, 300, 400, 500]);
    t.expectIdle();
  });

  it('measures the delay from the previous start, not the previous end', async () => {
    const t = setUp({ concurrencyPerOrigin: 2, delayMs: 100 });
    const done = Array.from({ length: 6 }, () => t.run('a', 250));
    await t.clock.runUntilIdle();
    await Promise.all(done);
    const times = t.startTimes('a');
    for (const gapMs of gaps(times)) expect(gapMs).toBeGreaterThanOrEqual(100);
    // Start 0 and 100 run together; the third waits for a slot (ends at 250).
    expect(times.slice(0, 3)).toEqual([0, 100, 250]);
    expect(t.maxRunningFor('a')).toBe(2);
  });

  it('keeps the delay across bursts', async () => {
    const t = setUp({ delayMs: 100 });
    const first = t.run('a', 10);
    await t.clock.advance(30);
    await first;
    const later = t.run('a', 10);
    expect(t.starts).toHaveLength(1);
    await t.clock.runUntilIdle();
    await later;
    expect(t.startTimes('a')).toEqual([0, 100]);
  });

  it('applies a Crawl-delay longer than the default to its origin only', async () => {
    const t = setUp({ concurrencyPerOrigin: 2, delayMs: 100 });
    t.scheduler.setOriginDelay('a', 500);
    expect(t.scheduler.originDelayMs('a')).toBe(500);
    const done = [0, 1, 2, 3].flatMap(() => [t.run('a', 10), t.run('b', 10)]);
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('a')).toEqual([0, 500, 1000, 1500]);
    expect(t.startTimes('b')).toEqual([0, 100, 200, 300]);
  });

  it('keeps the default delay when the Crawl-delay is shorter', async () => {
    const t = setUp({ delayMs: 100 });
    t.scheduler.setOriginDelay('a', 20);
    expect(t.scheduler.originDelayMs('a')).toBe(100);
    const done = [t.run('a'), t.run('a'), t.run('a')];
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('a')).toEqual([0, 100, 200]);
  });

  it('applies a Crawl-delay set while tasks wait, shorter or longer', async () => {
    const t = setUp({ delayMs: 0 });
    t.scheduler.setOriginDelay('a', 1_000);
    const done = [t.run('a'), t.run('a'), t.run('a')];
    await t.clock.advance(50);
    t.scheduler.setOriginDelay('a', 200); // robots.txt re-read: a shorter delay
    await t.clock.advance(200);
    expect(t.startTimes('a')).toEqual([0, 200]);
    t.scheduler.setOriginDelay('a', 700);
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('a')).toEqual([0, 200, 900]);
    t.expectIdle();
  });
});

describe('OriginScheduler: pauses', () => {
  it('starts nothing for a paused origin before the time, and others go on', async () => {
    const t = setUp({ delayMs: 10 });
    t.scheduler.pauseOrigin('a', 1_000);
    const done = [t.run('a'), t.run('a'), t.run('b'), t.run('b')];
    await t.clock.advance(999);
    expect(t.startTimes('a')).toEqual([]);
    expect(t.startTimes('b')).toEqual([0, 10]);
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('a')).toEqual([1_000, 1_010]);
    t.expectIdle();
  });

  it('lets running tasks finish when the origin is paused (a 429 mid-crawl)', async () => {
    const t = setUp({ concurrencyPerOrigin: 2 });
    const first = t.run('a', 100);
    const second = t.run('a', 100);
    const third = t.run('a', 100);
    await t.clock.advance(20);
    t.scheduler.pauseOrigin('a', 5_000);
    await t.clock.advance(100);
    expect(await first).toBeTypeOf('number');
    expect(await second).toBeTypeOf('number');
    expect(t.scheduler.stats('a')).toMatchObject({ running: 0, waiting: 1 });
    await t.clock.runUntilIdle();
    await third;
    expect(t.startTimes('a')).toEqual([0, 0, 5_000]);
  });

  it('extends a pause but never shortens it', async () => {
    const t = setUp();
    t.scheduler.pauseOrigin('a', 3_000);
    t.scheduler.pauseOrigin('a', 1_000);
    const done = t.run('a');
    await t.clock.runUntilIdle();
    await done;
    expect(t.startTimes('a')).toEqual([3_000]);
  });

  it('ignores a pause that has already ended', async () => {
    const t = setUp();
    await t.clock.advance(500);
    t.scheduler.pauseOrigin('a', 100);
    void t.run('a');
    expect(t.startTimes('a')).toEqual([500]);
  });
});

describe('OriginScheduler: aborts and errors', () => {
  it('rejects a waiting task when its signal aborts, and never runs it', async () => {
    const t = setUp({ concurrencyPerOrigin: 1 });
    const controller = new AbortController();
    const first = t.run('a', 100);
    const second = t.run('a', 10, controller.signal);
    const third = t.run('a', 10);
    const reason = new Error('cancelled');
    controller.abort(reason);
    await expect(second).rejects.toBe(reason);
    expect(t.scheduler.stats('a').waiting).toBe(1);
    await t.clock.runUntilIdle();
    expect(await first).toBe(0);
    expect(await third).toBe(2);
    expect(t.starts.map((s) => s.id)).toEqual([0, 2]);
    t.expectIdle();
  });

  it('rejects at once when the signal is already aborted', async () => {
    const t = setUp();
    const reason = new Error('too late');
    await expect(t.run('a', 10, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(t.starts).toEqual([]);
    t.expectIdle();
  });

  it('drops its timer when every waiting task of a delayed origin is aborted', async () => {
    const t = setUp({ delayMs: 1_000 });
    const controller = new AbortController();
    await t.run('a', 0);
    const waiting = [t.run('a', 10, controller.signal), t.run('a', 10, controller.signal)];
    expect(t.clock.pendingSleeps).toBe(1);
    controller.abort();
    await Promise.allSettled(waiting);
    t.expectIdle();
  });

  it('leaves a started task alone when its signal aborts', async () => {
    const t = setUp();
    const controller = new AbortController();
    const started = t.run('a', 50, controller.signal);
    controller.abort();
    await t.clock.runUntilIdle();
    expect(await started).toBe(0);
  });

  it("passes on a task's rejection and frees its slot", async () => {
    const t = setUp({ concurrencyPerOrigin: 1 });
    const failing = t.scheduler.schedule('a', async () => {
      await t.clock.sleep(10);
      throw new Error('boom');
    });
    const failed = expect(failing).rejects.toThrow('boom');
    const next = t.run('a', 10);
    await t.clock.runUntilIdle();
    await failed;
    expect(await next).toBeTypeOf('number');
    t.expectIdle();
  });

  it('passes on an error thrown before the task returns its promise', async () => {
    const t = setUp({ concurrencyPerOrigin: 1 });
    const failing = t.scheduler.schedule('a', () => {
      throw new Error('sync boom');
    });
    const next = t.run('a', 10);
    await expect(failing).rejects.toThrow('sync boom');
    await t.clock.runUntilIdle();
    expect(await next).toBeTypeOf('number');
    t.expectIdle();
  });

  it('counts a finished task out before its caller resumes', async () => {
    const t = setUp();
    await t.scheduler.schedule('a', async () => 1);
    expect(t.scheduler.stats('a').running).toBe(0);
  });
});

describe('OriginScheduler: fairness', () => {
  it('takes origins in turn, so a big backlog does not starve a small origin', async () => {
    const t = setUp({ concurrency: 2, concurrencyPerOrigin: 2 });
    const big = Array.from({ length: 500 }, () => t.run('big', 10));
    const small = Array.from({ length: 5 }, () => t.run('small', 10));
    await t.clock.runUntilIdle();
    await Promise.all([...big, ...small]);
    const order = t.starts.map((s) => s.origin);
    // Slots alternate once both wait: the small origin is done within its first turns.
    expect(order.lastIndexOf('small')).toBeLessThan(12);
    expect(t.maxRunning()).toBe(2);
  });

  it('keeps a slow origin from blocking the others', async () => {
    const t = setUp({ concurrency: 3, concurrencyPerOrigin: 2 });
    const slow = Array.from({ length: 10 }, () => t.run('slow', 10_000));
    const fast = Array.from({ length: 10 }, () => t.run('fast', 10));
    await t.clock.advance(100);
    expect(t.startTimes('fast')).toEqual(Array.from({ length: 10 }, (_, i) => i * 10));
    expect(t.startTimes('slow')).toEqual([0, 0]);
    await Promise.all(fast);
    await t.clock.runUntilIdle();
    await Promise.all(slow);
    t.expectIdle();
  });

  it('keeps a delayed origin from holding slots others could use', async () => {
    const t = setUp({ concurrency: 1, concurrencyPerOrigin: 1, delayMs: 0 });
    t.scheduler.setOriginDelay('slowpoke', 1_000);
    const done = [
      t.run('slowpoke', 1),
      t.run('slowpoke', 1),
      ...Array.from({ length: 5 }, () => t.run('quick', 1)),
    ];
    await t.clock.advance(50);
    expect(t.startTimes('quick')).toEqual([1, 2, 3, 4, 5]);
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('slowpoke')).toEqual([0, 1_000]);
  });
});

describe('OriginScheduler: scale and lifecycle', () => {
  it('completes 10,000 tasks over five origins quickly', async () => {
    const clock = new FakeClock();
    const scheduler = new OriginScheduler({
      concurrency: 8,
      concurrencyPerOrigin: 2,
      delayMs: 0,
      clock,
    });
    const startedAtMs = performance.now();
    const done = Array.from({ length: 10_000 }, (_, i) =>
      scheduler.schedule(`https://site-${i % 5}.example`, async () => i),
    );
    const results = await Promise.all(done);
    expect(results[9_999]).toBe(9_999);
    expect(scheduler.stats().maxRunningSeen).toBeLessThanOrEqual(8);
    expect(performance.now() - startedAtMs).toBeLessThan(2_000);
    expect(scheduler.idle).toBe(true);
    expect(clock.pendingSleeps).toBe(0);
  });

  it('drains 50,000 waiting tasks with delays without scanning the backlog', async () => {
    const t = setUp({ concurrency: 4, concurrencyPerOrigin: 2, delayMs: 1 });
    const done = Array.from({ length: 50_000 }, (_, i) => t.run(`o${i % 4}`, 0));
    expect(t.scheduler.size).toBe(50_000 - 4);
    const startedAtMs = performance.now();
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(performance.now() - startedAtMs).toBeLessThan(15_000);
    expect(t.startTimes('o0').at(-1)).toBe(12_499);
    t.expectIdle();
  });

  it('runs a task that schedules more work while it starts', async () => {
    const t = setUp({ concurrencyPerOrigin: 1, delayMs: 10 });
    const inner: Promise<number>[] = [];
    const outer = t.scheduler.schedule('a', async () => {
      inner.push(t.run('a', 5), t.run('b', 5));
      return -1;
    });
    await t.clock.runUntilIdle();
    expect(await outer).toBe(-1);
    expect(await Promise.all(inner)).toHaveLength(2);
    expect(t.startTimes('a')).toEqual([10]);
    expect(t.startTimes('b')).toEqual([0]);
    t.expectIdle();
  });

  it('spaces starts in real time with the system clock', async () => {
    const scheduler = new OriginScheduler({
      concurrency: 4,
      concurrencyPerOrigin: 2,
      delayMs: 20,
      clock: systemClock,
    });
    const startsMs: number[] = [];
    await Promise.all(
      [0, 1, 2].map(() =>
        scheduler.schedule('a', async () => {
          startsMs.push(Date.now());
        }),
      ),
    );
    for (const gapMs of gaps(startsMs)) expect(gapMs).toBeGreaterThanOrEqual(19);
    expect(scheduler.idle).toBe(true);
  });
});
