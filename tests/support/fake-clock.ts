/**
 * A clock for tests: time stands still until the test moves it. Sleepers
 * wake in time order (ties in the order they went to sleep), and after each
 * wake-up the clock lets pending promise callbacks run, so code that awaits
 * a sleep and then sleeps again is driven as it would be in real time.
 *
 *   const clock = new FakeClock();
 *   const slot = politeness.acquire(origin);
 *   await clock.runUntilIdle(); // or: await clock.advance(100);
 *   await slot;
 *
 * `advance` and `runUntilIdle` must be awaited: waking a sleeper only
 * queues its continuation.
 */
import type { Clock } from '../../lib/crawl/clock.ts';

interface Sleeper {
  wakeAtMs: number;
  /** Order of going to sleep, to break ties. */
  seq: number;
  wake(): void;
}

/** How long `runUntilIdle` follows sleepers before it calls the code a loop. */
const DEFAULT_MAX_WAKE_UPS = 1_000_000;

export class FakeClock implements Clock {
  #nowMs: number;
  #seq = 0;
  /** Sorted by (wakeAtMs, seq); tests hold few enough sleepers for a sorted array. */
  #sleepers: Sleeper[] = [];

  constructor(startMs = 0) {
    this.#nowMs = startMs;
  }

  nowMs(): number {
    return this.#nowMs;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (!(ms > 0)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = {
        wakeAtMs: this.#nowMs + ms,
        seq: this.#seq++,
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.#remove(sleeper);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#insert(sleeper);
    });
  }

  /** Sleepers not yet woken or aborted (0 means nothing would keep a process alive). */
  get pendingSleeps(): number {
    return this.#sleepers.length;
  }

  /** When the next sleeper wakes, or null when none sleeps. */
  nextWakeAtMs(): number | null {
    return this.#sleepers[0]?.wakeAtMs ?? null;
  }

  /** Lets every queued promise callback run (one macrotask turn). */
  async flush(): Promise<void> {
    await nextMacrotask();
  }

  /** Moves time forward by `ms`, waking due sleepers one by one in time order. */
  async advance(ms: number): Promise<void> {
    const targetMs = this.#nowMs + Math.max(0, ms);
    await this.flush();
    for (;;) {
      const next = this.#sleepers[0];
      if (next === undefined || next.wakeAtMs > targetMs) break;
      await this.#wakeFirst();
    }
    this.#nowMs = targetMs;
    await this.flush();
  }

  /**
   * Wakes sleepers in time order until none is left, moving time to each.
   * Throws after `maxWakeUps`, which means the code under test sleeps in an
   * endless loop.
   */
  async runUntilIdle(maxWakeUps = DEFAULT_MAX_WAKE_UPS): Promise<void> {
    await this.flush();
    for (let wakeUps = 0; this.#sleepers.length > 0; wakeUps++) {
      if (wakeUps >= maxWakeUps) {
        throw new Error(`FakeClock: still sleeping after ${maxWakeUps} wake-ups`);
      }
      await this.#wakeFirst();
    }
  }

  async #wakeFirst(): Promise<void> {
    const sleeper = this.#sleepers.shift();
    if (sleeper === undefined) return;
    this.#nowMs = Math.max(this.#nowMs, sleeper.wakeAtMs);
    sleeper.wake();
    await this.flush();
  }

  #insert(sleeper: Sleeper): void {
    // After every sleeper due at the same time or earlier: ties wake in sleep order.
    let lo = 0;
    let hi = this.#sleepers.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.#sleepers[mid];
      if (other !== undefined && other.wakeAtMs <= sleeper.wakeAtMs) lo = mid + 1;
      else hi = mid;
    }
    this.#sleepers.splice(lo, 0, sleeper);
  }

  #remove(sleeper: Sleeper): void {
    const index = this.#sleepers.indexOf(sleeper);
    if (index >= 0) this.#sleepers.splice(index, 1);
  }
}

type ImmediateFn = (callback: () => void) => unknown;

/**
 * Captured at load, so a test that later installs fake timers does not stop
 * the FakeClock. Node's setImmediate is used when present: setTimeout(0)
 * costs a millisecond there.
 */
const realSetImmediate = (globalThis as { setImmediate?: ImmediateFn }).setImmediate;
const realSetTimeout = globalThis.setTimeout;

function nextMacrotask(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (realSetImmediate) realSetImmediate(resolve);
    else realSetTimeout(resolve, 0);
  });
}
