import { describe, expect, it } from 'vitest';
import { systemClock, type Clock } from './clock.ts';
import { Dispatcher } from './dispatch.ts';
import { FakeClock } from '../../tests/support/fake-clock.ts';
import { Frontier } from './frontier.ts';
import { Politeness, type PolitenessOptions, type Slot } from './politeness.ts';

interface Start {
  origin: string;
  id: number;
  atMs: number;
}

type Options = Partial<Omit<PolitenessOptions, 'clock' | 'signal'>>;

/**
 * The policy on a FakeClock, driven as the crawl drives it: tasks are
 * frontier entries taken by the dispatch loop, each visit asking the policy
 * with its reserved slot. Tasks record when they start and count what runs,
 * independently of the policy's own stats.
 */
function setUp(options: Options = {}, clock: Clock = new FakeClock()) {
  const controller = new AbortController();
  const politeness = new Politeness({
    concurrency: 8,
    concurrencyPerOrigin: 2,
    delayMs: 0,
    clock,
    signal: controller.signal,
    ...options,
  });
  const frontier = new Frontier();
  const tasks = new Map<string, (slot: Slot) => Promise<void>>();
  const starts: Start[] = [];
  const runningByOrigin = new Map<string, number>();
  const maxByOrigin = new Map<string, number>();
  let running = 0;
  let maxRunning = 0;
  let nextId = 0;
  let dispatcher: Dispatcher<'cancelled'> | null = null;

  /** Queues `task` for `origin`; it runs once the policy lets its visit's request start. */
  const schedule = <T>(origin: string, task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const url = `${origin}/task-${nextId++}`;
      tasks.set(url, async (reserved) => {
        const slot = await politeness.acquire(origin, reserved);
        try {
          resolve(await task());
        } catch (error) {
          reject(error);
        } finally {
          slot.release();
        }
      });
      frontier.push({ url, origin, depth: 0, internal: true, method: 'GET', referrer: null });
      if (dispatcher) dispatcher.wake();
      else void loop();
    });

  const loop = async (): Promise<void> => {
    dispatcher = new Dispatcher({
      frontier,
      politeness,
      clock,
      signal: controller.signal,
      visit: (entry, slot) => tasks.get(entry.url)!(slot),
      check: () => (controller.signal.aborted ? 'cancelled' : null),
    });
    await dispatcher.run();
    dispatcher = null;
  };

  /** Queues a task that takes `durationMs` of clock time and resolves with its id. */
  const run = (origin: string, durationMs = 10): Promise<number> => {
    const id = nextId;
    return schedule(origin, async () => {
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
    });
  };

  /** Holds a slot of `origin` around `task`, as the fetcher holds one around a request. */
  const withSlot = async <T>(origin: string, task: () => Promise<T>): Promise<T> => {
    const slot = await politeness.acquire(origin);
    try {
      return await task();
    } finally {
      slot.release();
    }
  };

  const startTimes = (origin: string): number[] =>
    starts.filter((s) => s.origin === origin).map((s) => s.atMs);

  /** URLs not started yet: in the frontier, or asking the policy. */
  const waiting = (): number => frontier.size + politeness.stats().waiting;

  /** Asserts nothing runs, waits or sleeps: a worker could go idle, Node could exit. */
  const expectIdle = (): void => {
    expect(politeness.idle).toBe(true);
    expect(politeness.stats()).toMatchObject({ held: 0, waiting: 0 });
    expect(frontier.size).toBe(0);
    expect(dispatcher).toBeNull();
    if (clock instanceof FakeClock) expect(clock.pendingSleeps).toBe(0);
  };

  return {
    clock: clock as FakeClock,
    politeness,
    starts,
    run,
    schedule,
    withSlot,
    abort: (reason?: unknown) => controller.abort(reason),
    startTimes,
    waiting,
    expectIdle,
    maxRunning: () => maxRunning,
    maxRunningFor: (origin: string) => maxByOrigin.get(origin) ?? 0,
  };
}

function gaps(timesMs: number[]): number[] {
  return timesMs.slice(1).map((t, i) => t - (timesMs[i] ?? 0));
}

describe('Politeness.nextStart', () => {
  type Row = {
    name: string;
    options?: Options;
    /** Run at time 0 on a fresh policy, before time moves to `nowMs`. */
    given: (p: Politeness) => void;
    nowMs: number;
    origins: string[];
    expected: ReturnType<Politeness['nextStart']>;
  };
  const hold = (p: Politeness, origin: string, times = 1): void => {
    for (let i = 0; i < times; i++) void p.acquire(origin);
  };
  const rows: Row[] = [
    {
      name: 'a fresh origin starts',
      given: () => {},
      nowMs: 0,
      origins: ['a'],
      expected: { origin: 'a' },
    },
    {
      name: 'no origin with work: idle',
      given: () => {},
      nowMs: 0,
      origins: [],
      expected: { idle: true },
    },
    {
      name: 'all its slots held: idle until one frees',
      given: (p) => hold(p, 'a', 2),
      nowMs: 0,
      origins: ['a'],
      expected: { idle: true },
    },
    {
      name: 'a reserved slot counts as held',
      given: (p) => void [p.reserve('a'), p.reserve('a')],
      nowMs: 0,
      origins: ['a'],
      expected: { idle: true },
    },
    {
      name: 'a slot reserved and never used spends no delay',
      options: { delayMs: 100 },
      given: (p) => p.reserve('a').release(),
      nowMs: 0,
      origins: ['a'],
      expected: { origin: 'a' },
    },
    {
      name: 'without a delay, more visits begin while one has not asked yet',
      given: (p) => void p.reserve('a'),
      nowMs: 0,
      origins: ['a'],
      expected: { origin: 'a' },
    },
    {
      name: 'with a delay, one visit at a time waits to begin',
      options: { delayMs: 100 },
      given: (p) => void p.reserve('a'),
      nowMs: 0,
      origins: ['a', 'b'],
      expected: { origin: 'b' },
    },
    {
      name: 'the delay runs from the last start',
      options: { delayMs: 100 },
      given: (p) => hold(p, 'a'),
      nowMs: 40,
      origins: ['a'],
      expected: { wakeAtMs: 100 },
    },
    {
      name: 'the delay has passed',
      options: { delayMs: 100 },
      given: (p) => hold(p, 'a'),
      nowMs: 100,
      origins: ['a'],
      expected: { origin: 'a' },
    },
    {
      name: 'a longer Crawl-delay wins',
      options: { delayMs: 100 },
      given: (p) => {
        p.setOriginDelay('a', 500);
        hold(p, 'a');
      },
      nowMs: 100,
      origins: ['a'],
      expected: { wakeAtMs: 500 },
    },
    {
      name: 'a shorter Crawl-delay keeps the default',
      options: { delayMs: 100 },
      given: (p) => {
        p.setOriginDelay('a', 20);
        hold(p, 'a');
      },
      nowMs: 20,
      origins: ['a'],
      expected: { wakeAtMs: 100 },
    },
    {
      name: 'a paused origin waits for the pause',
      given: (p) => p.pauseOrigin('a', 3_000),
      nowMs: 0,
      origins: ['a'],
      expected: { wakeAtMs: 3_000 },
    },
    {
      name: 'a pause is never shortened',
      given: (p) => {
        p.pauseOrigin('a', 3_000);
        p.pauseOrigin('a', 1_000);
      },
      nowMs: 2_000,
      origins: ['a'],
      expected: { wakeAtMs: 3_000 },
    },
    {
      name: 'a pause ends at its time',
      given: (p) => p.pauseOrigin('a', 3_000),
      nowMs: 3_000,
      origins: ['a'],
      expected: { origin: 'a' },
    },
    {
      name: 'the first origin in turn that may start',
      options: { delayMs: 100 },
      given: (p) => hold(p, 'a'),
      nowMs: 10,
      origins: ['a', 'b', 'c'],
      expected: { origin: 'b' },
    },
    {
      name: 'the earliest wake-up of the blocked ones',
      options: { delayMs: 100 },
      given: (p) => {
        hold(p, 'a');
        p.pauseOrigin('b', 50);
      },
      nowMs: 10,
      origins: ['a', 'b'],
      expected: { wakeAtMs: 50 },
    },
    {
      name: 'the lane full: idle, whatever the origin',
      options: { concurrency: 2 },
      given: (p) => hold(p, 'a', 2),
      nowMs: 0,
      origins: ['a', 'b'],
      expected: { idle: true },
    },
    {
      name: 'the site’s lane full: another site’s origin starts in its own lane',
      options: { concurrency: 1, laneOf: (o) => (o === 'elsewhere' ? 'external' : 'site') },
      given: (p) => hold(p, 'a'),
      nowMs: 0,
      origins: ['a', 'b', 'elsewhere'],
      expected: { origin: 'elsewhere' },
    },
    {
      name: 'the off-site lane has twice the slots',
      options: { concurrency: 1, concurrencyPerOrigin: 1, laneOf: () => 'external' },
      given: (p) => hold(p, 'x'),
      nowMs: 0,
      origins: ['x', 'y', 'z'],
      expected: { origin: 'y' },
    },
    {
      name: 'an origin whose request waits is skipped: visits under way go first',
      options: { concurrencyPerOrigin: 1 },
      given: (p) => hold(p, 'a', 2),
      nowMs: 0,
      origins: ['a', 'b'],
      expected: { origin: 'b' },
    },
  ];

  it.each(rows)('$name', async ({ options, given, nowMs, origins, expected }) => {
    const clock = new FakeClock();
    const p = new Politeness({
      concurrency: 8,
      concurrencyPerOrigin: 2,
      delayMs: 0,
      clock,
      ...options,
    });
    given(p);
    await clock.advance(nowMs);
    expect(p.nextStart(clock.nowMs(), origins)).toEqual(expected);
  });
});

describe('Politeness: concurrency', () => {
  it('never runs more than concurrencyPerOrigin tasks for one origin', async () => {
    const t = setUp({ concurrency: 8, concurrencyPerOrigin: 2 });
    const done = Array.from({ length: 20 }, (_, i) => t.run('a', 10 + (i % 5) * 7));
    await t.clock.flush();
    expect(t.politeness.stats('a').held).toBe(2);
    expect(t.waiting()).toBe(18);
    await t.clock.runUntilIdle();
    expect(await Promise.all(done)).toHaveLength(20);
    expect(t.maxRunningFor('a')).toBe(2);
    expect(t.politeness.stats('a').maxHeldSeen).toBe(2);
    t.expectIdle();
  });

  it('never runs more than concurrency tasks overall', async () => {
    const t = setUp({ concurrency: 3, concurrencyPerOrigin: 2 });
    const done = ['a', 'b', 'c', 'd', 'e'].flatMap((origin) =>
      Array.from({ length: 10 }, (_, i) => t.run(origin, 5 + i)),
    );
    await t.clock.flush();
    expect(t.politeness.stats().held).toBe(3);
    expect(t.waiting()).toBe(47);
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.maxRunning()).toBe(3);
    expect(t.politeness.stats().maxHeldSeen).toBe(3);
    t.expectIdle();
  });

  it('runs tasks of different origins in parallel', async () => {
    const t = setUp({ concurrencyPerOrigin: 1, delayMs: 100 });
    const done = [t.run('a', 50), t.run('b', 50), t.run('c', 50)];
    await t.clock.flush();
    expect(t.politeness.stats().held).toBe(3);
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

  it('grants a free slot at once, so stats see it held', () => {
    const t = setUp();
    void t.politeness.acquire('a');
    expect(t.politeness.stats('a')).toEqual({ held: 1, waiting: 0, maxHeldSeen: 1 });
    expect(t.politeness.stats('elsewhere')).toEqual({ held: 0, waiting: 0, maxHeldSeen: 0 });
  });
});

describe('Politeness: delays', () => {
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

  it('uses a slot freed while a long request runs as soon as the delay allows', async () => {
    const t = setUp({ concurrencyPerOrigin: 2, delayMs: 100 });
    const done = [t.run('a', 10), t.run('a', 1_000), t.run('a', 10)];
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('a')).toEqual([0, 100, 200]);
  });

  it('keeps the delay across bursts', async () => {
    const t = setUp({ delayMs: 100 });
    const first = t.run('a', 10);
    await t.clock.advance(30);
    await first;
    const later = t.run('a', 10);
    await t.clock.flush();
    expect(t.starts).toHaveLength(1);
    await t.clock.runUntilIdle();
    await later;
    expect(t.startTimes('a')).toEqual([0, 100]);
  });

  it('applies a Crawl-delay longer than the default to its origin only', async () => {
    const t = setUp({ concurrencyPerOrigin: 2, delayMs: 100 });
    t.politeness.setOriginDelay('a', 500);
    expect(t.politeness.originDelayMs('a')).toBe(500);
    const done = [0, 1, 2, 3].flatMap(() => [t.run('a', 10), t.run('b', 10)]);
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('a')).toEqual([0, 500, 1000, 1500]);
    expect(t.startTimes('b')).toEqual([0, 100, 200, 300]);
  });

  it('keeps the default delay when the Crawl-delay is shorter', async () => {
    const t = setUp({ delayMs: 100 });
    t.politeness.setOriginDelay('a', 20);
    expect(t.politeness.originDelayMs('a')).toBe(100);
    const done = [t.run('a'), t.run('a'), t.run('a')];
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('a')).toEqual([0, 100, 200]);
  });

  it('applies a Crawl-delay set while tasks wait, shorter or longer', async () => {
    const t = setUp({ delayMs: 0 });
    t.politeness.setOriginDelay('a', 1_000);
    const done = [t.run('a'), t.run('a'), t.run('a')];
    await t.clock.advance(50);
    t.politeness.setOriginDelay('a', 200); // robots.txt re-read: a shorter delay
    await t.clock.advance(200);
    expect(t.startTimes('a')).toEqual([0, 200]);
    t.politeness.setOriginDelay('a', 700);
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(t.startTimes('a')).toEqual([0, 200, 900]);
    t.expectIdle();
  });
});

describe('Politeness: pauses', () => {
  it('starts nothing for a paused origin before the time, and others go on', async () => {
    const t = setUp({ delayMs: 10 });
    t.politeness.pauseOrigin('a', 1_000);
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
    t.politeness.pauseOrigin('a', 5_000);
    await t.clock.advance(100);
    expect(await first).toBeTypeOf('number');
    expect(await second).toBeTypeOf('number');
    expect(t.politeness.stats('a').held).toBe(0);
    expect(t.waiting()).toBe(1);
    await t.clock.runUntilIdle();
    await third;
    expect(t.startTimes('a')).toEqual([0, 0, 5_000]);
  });

  it('extends a pause but never shortens it', async () => {
    const t = setUp();
    t.politeness.pauseOrigin('a', 3_000);
    t.politeness.pauseOrigin('a', 1_000);
    const done = t.run('a');
    await t.clock.runUntilIdle();
    await done;
    expect(t.startTimes('a')).toEqual([3_000]);
  });

  it('ignores a pause that has already ended', async () => {
    const t = setUp();
    await t.clock.advance(500);
    t.politeness.pauseOrigin('a', 100);
    void t.run('a');
    await t.clock.flush();
    expect(t.startTimes('a')).toEqual([500]);
  });

  it('makes a retry after a 429 wait for the pause, with the same policy', async () => {
    const t = setUp({ delayMs: 10 });
    const first = await t.politeness.acquire('a');
    t.politeness.pauseOrigin('a', 2_000);
    first.release();
    let retriedAtMs = -1;
    const retry = t.withSlot('a', async () => void (retriedAtMs = t.clock.nowMs()));
    await t.clock.runUntilIdle();
    await retry;
    expect(retriedAtMs).toBe(2_000);
    t.expectIdle();
  });
});

describe('Politeness: aborts and errors', () => {
  it('rejects waiting requests when the run aborts, and never starts them', async () => {
    const t = setUp({ concurrencyPerOrigin: 1 });
    const started: number[] = [];
    const first = t.withSlot('a', async () => {
      started.push(0);
      await t.clock.sleep(100);
      return 0;
    });
    const second = t.withSlot('a', async () => void started.push(1));
    const third = t.withSlot('a', async () => void started.push(2));
    await t.clock.flush();
    expect(t.politeness.stats('a').waiting).toBe(2);
    const reason = new Error('cancelled');
    t.abort(reason);
    await expect(second).rejects.toBe(reason);
    await expect(third).rejects.toBe(reason);
    expect(t.politeness.stats('a').waiting).toBe(0);
    await t.clock.runUntilIdle();
    expect(await first).toBe(0);
    expect(started).toEqual([0]);
    t.expectIdle();
  });

  it('rejects at once when the signal is already aborted', async () => {
    const t = setUp();
    const reason = new Error('too late');
    t.abort(reason);
    await expect(t.politeness.acquire('a')).rejects.toBe(reason);
    t.expectIdle();
  });

  it('drops its timer when every waiting request of a delayed origin is aborted', async () => {
    const t = setUp({ delayMs: 1_000 });
    await t.withSlot('a', async () => {});
    const waiting = [t.withSlot('a', async () => {}), t.withSlot('a', async () => {})];
    expect(t.clock.pendingSleeps).toBe(1);
    t.abort();
    await Promise.allSettled(waiting);
    t.expectIdle();
  });

  it('leaves a started task alone when the run aborts', async () => {
    const t = setUp();
    const started = t.run('a', 50);
    await t.clock.flush();
    t.abort();
    await t.clock.runUntilIdle();
    expect(await started).toBe(0);
  });

  it('holds an abort listener only while a request waits', async () => {
    const signal = new AbortController().signal;
    const added: string[] = [];
    const add = signal.addEventListener.bind(signal);
    signal.addEventListener = (...args: Parameters<AbortSignal['addEventListener']>) => {
      added.push(String(args[0]));
      add(...args);
    };
    const clock = new FakeClock();
    const p = new Politeness({
      concurrency: 50,
      concurrencyPerOrigin: 1,
      delayMs: 0,
      clock,
      signal,
    });
    const slots = await Promise.all(Array.from({ length: 50 }, (_, i) => p.acquire(`o${i}`)));
    expect(added).toEqual([]);
    const waiting = Array.from({ length: 50 }, () => p.acquire('o0'));
    expect(added).toEqual(['abort']);
    for (const slot of slots) slot.release();
    for (const next of waiting) (await next).release();
    expect(p.idle).toBe(true);
  });

  it("passes on a task's rejection and frees its slot", async () => {
    const t = setUp({ concurrencyPerOrigin: 1 });
    const failing = t.schedule('a', async () => {
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
    const failing = t.withSlot('a', () => {
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
    await t.withSlot('a', async () => 1);
    expect(t.politeness.stats('a').held).toBe(0);
  });
});

describe('Politeness: fairness', () => {
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
    t.politeness.setOriginDelay('slowpoke', 1_000);
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

describe('Politeness: scale and lifecycle', () => {
  it('completes 10,000 tasks over five origins quickly', async () => {
    const t = setUp({ concurrency: 8, concurrencyPerOrigin: 2, delayMs: 0 });
    const startedAtMs = performance.now();
    const done = Array.from({ length: 10_000 }, (_, i) =>
      t.schedule(`https://site-${i % 5}.example`, async () => i),
    );
    const results = await Promise.all(done);
    expect(results[9_999]).toBe(9_999);
    expect(t.politeness.stats().maxHeldSeen).toBeLessThanOrEqual(8);
    expect(performance.now() - startedAtMs).toBeLessThan(2_000);
    await t.clock.flush();
    t.expectIdle();
  });

  it('drains 50,000 waiting tasks with delays without scanning the backlog', async () => {
    const t = setUp({ concurrency: 4, concurrencyPerOrigin: 2, delayMs: 1 });
    const done = Array.from({ length: 50_000 }, (_, i) => t.run(`o${i % 4}`, 0));
    await t.clock.flush();
    expect(t.waiting()).toBe(50_000 - 4);
    const startedAtMs = performance.now();
    await t.clock.runUntilIdle();
    await Promise.all(done);
    expect(performance.now() - startedAtMs).toBeLessThan(15_000);
    expect(t.startTimes('o0').at(-1)).toBe(12_499);
    t.expectIdle();
  });

  it('runs a task that queues more work while it starts', async () => {
    const t = setUp({ concurrencyPerOrigin: 1, delayMs: 10 });
    const inner: Promise<number>[] = [];
    const outer = t.schedule('a', async () => {
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
    const t = setUp({ concurrency: 4, concurrencyPerOrigin: 2, delayMs: 20 }, systemClock);
    const startsMs: number[] = [];
    await Promise.all(
      [0, 1, 2].map(() =>
        t.schedule('a', async () => {
          startsMs.push(Date.now());
        }),
      ),
    );
    for (const gapMs of gaps(startsMs)) expect(gapMs).toBeGreaterThanOrEqual(19);
    await new Promise((resolve) => setTimeout(resolve, 0));
    t.expectIdle();
  });
});
