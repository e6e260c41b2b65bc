/**
 * The politeness scheduler (spec §3, "no rapid fire"; §7): every request
 * the crawl makes goes through `OriginScheduler.schedule`, which starts it
 * only when
 *   - fewer than `concurrency` requests are in flight overall,
 *   - fewer than `concurrencyPerOrigin` are in flight to its origin,
 *   - the origin's delay has passed since the last request *started* there
 *     (max of the default `delayMs` and the origin's robots.txt Crawl-delay),
 *   - and the origin is not paused (429/503 with Retry-After).
 *
 * Each origin keeps its own FIFO queue, and origins take turns, so a site
 * with 50,000 queued links neither starves a small one nor makes each start
 * scan the whole backlog. An origin with waiting tasks is always in exactly
 * one place:
 *
 *            start allowed now            +----------+
 *     +---------------------------------->|  ready   |--- next turn: start one task,
 *     |                                   +----------+    then place the origin again
 *   place(origin)   its delay or pause    +----------+
 *     |---------------------------------->|  timed   |--- the one timer wakes it: ready
 *     |                                   +----------+
 *     |     all its slots are in use      +----------+
 *     +---------------------------------->|   busy   |--- one of its tasks ends: place again
 *                                         +----------+
 *
 * Only the earliest timed origin holds a timer (one `clock.sleep`), and it is
 * cancelled when nothing is timed: an idle scheduler holds no timer, so a
 * service worker can go idle and Node can exit.
 */
import type { Clock } from './clock.ts';

export interface OriginSchedulerOptions {
  /** Tasks running at once, over all origins. */
  concurrency: number;
  /** Tasks running at once for one origin. */
  concurrencyPerOrigin: number;
  /** Least time between two task starts for one origin. */
  delayMs: number;
  clock: Clock;
}

/** What the crawl's fetchers need of a scheduler (OriginScheduler, or one per lane: lanes.ts). */
export interface RequestScheduler {
  schedule<T>(origin: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  setOriginDelay(origin: string, delayMs: number): void;
  pauseOrigin(origin: string, untilMs: number): void;
  originDelayMs(origin: string): number;
}

export interface SchedulerStats {
  running: number;
  waiting: number;
  /** The most tasks seen running at once (for tests and progress). */
  maxRunningSeen: number;
}

interface Job {
  run(): void;
  /** Set when the caller's signal aborts while the job waits: it is skipped. */
  cancelled: boolean;
}

type Place = 'idle' | 'ready' | 'timed' | 'busy';

interface OriginState {
  readonly origin: string;
  /** FIFO with a moving head, so dequeuing is O(1). */
  jobs: Job[];
  head: number;
  /** Jobs queued and not cancelled. */
  waiting: number;
  running: number;
  maxRunningSeen: number;
  lastStartMs: number;
  /** robots.txt Crawl-delay; the default delay still applies when larger. */
  delayMs: number;
  pausedUntilMs: number;
  place: Place;
  /** When a timed origin may start again (valid while `place` is 'timed'). */
  wakeAtMs: number;
}

export class OriginScheduler implements RequestScheduler {
  readonly #concurrency: number;
  readonly #concurrencyPerOrigin: number;
  readonly #delayMs: number;
  readonly #clock: Clock;

  readonly #origins = new Map<string, OriginState>();
  /** Origins whose next task may start now, in turn order (a Set keeps insertion order). */
  readonly #ready = new Set<OriginState>();
  /** Origins waiting on time; entries whose origin moved on are skipped when met. */
  readonly #timed = new MinHeap<{ state: OriginState; wakeAtMs: number }>(
    (a, b) => a.wakeAtMs - b.wakeAtMs,
  );
  #timer: { wakeAtMs: number; controller: AbortController } | null = null;

  #running = 0;
  #waiting = 0;
  #maxRunningSeen = 0;
  #pumping = false;
  #pumpAgain = false;

  constructor(options: OriginSchedulerOptions) {
    this.#concurrency = atLeastOne(options.concurrency);
    this.#concurrencyPerOrigin = atLeastOne(options.concurrencyPerOrigin);
    this.#delayMs = Math.max(0, options.delayMs);
    this.#clock = options.clock;
  }

  /**
   * Runs `task` when the rules allow, and settles as it does. When `signal`
   * aborts before the task starts, the promise rejects with the signal's
   * reason and the task never runs; once started, the task alone decides
   * (give it the same signal to stop it).
   */
  schedule<T>(origin: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const state = this.#state(origin);
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        job.cancelled = true;
        this.#dropWaiting(state);
        reject(signal?.reason);
      };
      const job: Job = {
        cancelled: false,
        run: () => {
          signal?.removeEventListener('abort', onAbort);
          this.#start(state, task).then(resolve, reject);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      state.jobs.push(job);
      state.waiting++;
      this.#waiting++;
      if (state.place === 'idle') this.#place(state);
      this.#pump();
    });
  }

  /** Sets the origin's own delay (robots.txt Crawl-delay); the default still applies when larger. */
  setOriginDelay(origin: string, delayMs: number): void {
    const state = this.#state(origin);
    state.delayMs = Math.max(0, delayMs);
    this.#replace(state);
  }

  /**
   * No new task for the origin starts before `untilMs` (epoch ms, the
   * clock's time); running tasks go on. A pause is only ever extended: a
   * shorter Retry-After from a parallel request does not cut a longer one.
   */
  pauseOrigin(origin: string, untilMs: number): void {
    const state = this.#state(origin);
    state.pausedUntilMs = Math.max(state.pausedUntilMs, untilMs);
    this.#replace(state);
  }

  /** The delay in force between starts to `origin`. */
  originDelayMs(origin: string): number {
    return Math.max(this.#delayMs, this.#origins.get(origin)?.delayMs ?? 0);
  }

  /** Counts for one origin, or for all when `origin` is left out. */
  stats(origin?: string): SchedulerStats {
    if (origin === undefined) {
      return {
        running: this.#running,
        waiting: this.#waiting,
        maxRunningSeen: this.#maxRunningSeen,
      };
    }
    const state = this.#origins.get(origin);
    if (state === undefined) return { running: 0, waiting: 0, maxRunningSeen: 0 };
    return { running: state.running, waiting: state.waiting, maxRunningSeen: state.maxRunningSeen };
  }

  /** Tasks waiting to start, over all origins. */
  get size(): number {
    return this.#waiting;
  }

  /** Tasks running, over all origins. */
  get pending(): number {
    return this.#running;
  }

  /** True when nothing runs or waits (and so no timer is held). */
  get idle(): boolean {
    return this.#running === 0 && this.#waiting === 0;
  }

  #state(origin: string): OriginState {
    let state = this.#origins.get(origin);
    if (state === undefined) {
      state = {
        origin,
        jobs: [],
        head: 0,
        waiting: 0,
        running: 0,
        maxRunningSeen: 0,
        lastStartMs: -Infinity,
        delayMs: 0,
        pausedUntilMs: -Infinity,
        place: 'idle',
        wakeAtMs: 0,
      };
      this.#origins.set(origin, state);
    }
    return state;
  }

  /** Starts as many tasks as the rules allow, taking origins in turn. */
  #pump(): void {
    // A task may call schedule() synchronously while being started; the
    // outer loop picks that up instead of nesting.
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    this.#pumping = true;
    try {
      do {
        this.#pumpAgain = false;
        this.#wakeDueOrigins();
        while (this.#running < this.#concurrency) {
          const state = firstOf(this.#ready);
          if (state === undefined) break;
          this.#ready.delete(state);
          state.place = 'idle';
          this.#nextJob(state)?.run();
          // The task may have placed its origin already (by scheduling more).
          if (state.place === 'idle') this.#place(state);
        }
        this.#armTimer();
      } while (this.#pumpAgain);
    } finally {
      this.#pumping = false;
    }
  }

  #start<T>(state: OriginState, task: () => Promise<T>): Promise<T> {
    state.running++;
    this.#running++;
    state.lastStartMs = this.#clock.nowMs();
    state.maxRunningSeen = Math.max(state.maxRunningSeen, state.running);
    this.#maxRunningSeen = Math.max(this.#maxRunningSeen, this.#running);
    let result: Promise<T>;
    try {
      result = task();
    } catch (error) {
      result = Promise.reject(error);
    }
    // The slot is freed before the caller sees the outcome, so stats read
    // in a continuation already count the task as finished.
    return Promise.resolve(result).finally(() => this.#finish(state));
  }

  #finish(state: OriginState): void {
    state.running--;
    this.#running--;
    if (state.place === 'busy') this.#place(state);
    this.#pump();
  }

  /** Takes the oldest job that was not cancelled, or undefined. */
  #nextJob(state: OriginState): Job | undefined {
    while (state.head < state.jobs.length) {
      const job = state.jobs[state.head++];
      if (job === undefined || job.cancelled) continue;
      state.waiting--;
      this.#waiting--;
      this.#compact(state);
      return job;
    }
    return undefined;
  }

  /** Keeps the consumed head of a long queue from holding memory. */
  #compact(state: OriginState): void {
    if (state.waiting === 0) {
      state.jobs = [];
      state.head = 0;
    } else if (state.head > 1024 && state.head * 2 > state.jobs.length) {
      state.jobs = state.jobs.slice(state.head);
      state.head = 0;
    }
  }

  #dropWaiting(state: OriginState): void {
    state.waiting--;
    this.#waiting--;
    this.#compact(state);
    if (state.waiting === 0) this.#replace(state);
    // The timer may have been for this origin alone.
    this.#armTimer();
  }

  /** Puts an idle origin where its next task waits for; it must not be placed yet. */
  #place(state: OriginState): void {
    if (state.waiting === 0) {
      state.place = 'idle';
    } else if (state.running >= this.#concurrencyPerOrigin) {
      state.place = 'busy';
    } else {
      const wakeAtMs = this.#notBeforeMs(state);
      if (wakeAtMs <= this.#clock.nowMs()) {
        state.place = 'ready';
        this.#ready.add(state);
      } else {
        state.place = 'timed';
        state.wakeAtMs = wakeAtMs;
        this.#timed.push({ state, wakeAtMs });
      }
    }
  }

  /** Places an origin again after its delay or pause changed. */
  #replace(state: OriginState): void {
    if (state.place === 'ready') this.#ready.delete(state);
    // A timed origin's old heap entry goes stale and is skipped.
    state.place = 'idle';
    this.#place(state);
    this.#pump();
  }

  #notBeforeMs(state: OriginState): number {
    const delayMs = Math.max(this.#delayMs, state.delayMs);
    return Math.max(state.lastStartMs + delayMs, state.pausedUntilMs);
  }

  /** Moves timed origins whose time has come to the back of the turn order. */
  #wakeDueOrigins(): void {
    const nowMs = this.#clock.nowMs();
    for (;;) {
      const entry = this.#timed.peek();
      if (entry === undefined) return;
      if (isStale(entry)) {
        this.#timed.pop();
        continue;
      }
      if (entry.wakeAtMs > nowMs) return;
      this.#timed.pop();
      entry.state.place = 'ready';
      this.#ready.add(entry.state);
    }
  }

  /** Keeps one timer, for the earliest timed origin, and none when nothing is timed. */
  #armTimer(): void {
    let top = this.#timed.peek();
    while (top !== undefined && isStale(top)) {
      this.#timed.pop();
      top = this.#timed.peek();
    }
    const wakeAtMs = top?.wakeAtMs;
    if (this.#timer !== null && this.#timer.wakeAtMs === wakeAtMs) return;
    this.#timer?.controller.abort();
    this.#timer = null;
    if (wakeAtMs === undefined) return;
    const controller = new AbortController();
    this.#timer = { wakeAtMs, controller };
    const delayMs = Math.max(1, wakeAtMs - this.#clock.nowMs());
    this.#clock.sleep(delayMs, controller.signal).then(
      () => {
        if (this.#timer?.controller !== controller) return;
        this.#timer = null;
        this.#pump();
      },
      // Cancelled because the earliest wake-up changed: a newer timer took over.
      () => {},
    );
  }
}

function isStale(entry: { state: OriginState; wakeAtMs: number }): boolean {
  return entry.state.place !== 'timed' || entry.state.wakeAtMs !== entry.wakeAtMs;
}

function atLeastOne(count: number): number {
  return Math.max(1, Math.floor(count));
}

function firstOf<T>(set: Set<T>): T | undefined {
  for (const item of set) return item;
  return undefined;
}

/** A binary min-heap: the timed origins, earliest first. */
class MinHeap<T> {
  readonly #items: T[] = [];
  constructor(readonly compare: (a: T, b: T) => number) {}

  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    const items = this.#items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(items[parent] as T, items[i] as T) <= 0) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < items.length && this.compare(items[left] as T, items[smallest] as T) < 0)
        smallest = left;
      if (right < items.length && this.compare(items[right] as T, items[smallest] as T) < 0)
        smallest = right;
      if (smallest === i) return top;
      this.#swap(i, smallest);
      i = smallest;
    }
  }

  #swap(i: number, j: number): void {
    const items = this.#items;
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}
