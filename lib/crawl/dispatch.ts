/**
 * The loop that drives a crawl (and a check of a page's links): it takes the
 * next URL whose origin the politeness policy lets start (politeness.ts)
 * from the frontier, the only queue, and starts its visit with the slot
 * reserved for it. Otherwise it sleeps, on one clock.sleep, until the
 * policy's next time, woken early when a slot frees, a delay or pause
 * changes, a visit ends (it may have queued URLs), the deadline comes (one
 * sleep of its own for the whole run) or the signal aborts. It returns
 * when the frontier is empty and no visit runs, or when `check` names a
 * reason to stop; visits still running are then the caller's to wait for
 * (`settled`).
 */
import { SLEEP_CANCELLED, type Clock } from './clock.ts';
import type { Frontier, FrontierEntry } from './frontier.ts';
import type { Politeness, Slot } from './politeness.ts';

export interface DispatchOptions<Stop> {
  frontier: Frontier;
  politeness: Politeness;
  clock: Clock;
  /** Wakes the loop when it aborts (`check` then says what that means). */
  signal: AbortSignal;
  /** One entry's visit, holding the slot reserved for it (released when the visit ends). */
  visit(entry: FrontierEntry, slot: Slot): Promise<void>;
  /** Whether a taken entry is visited; false when it was settled without a request. */
  admit?(entry: FrontierEntry): boolean;
  /** Asked before each round: a reason ends the loop. */
  check?(): Stop | null;
  /** Asked after each wake-up: a reason ends the loop. */
  afterWake?(): Stop | null;
  /** The loop sleeps no later than this (epoch ms). */
  deadlineMs?: number;
  /**
   * Visits running at most, whatever the policy allows. Politeness counts
   * requests; a visit may go on after its request (its page is read in
   * another thread), and without this bound fetched pages would pile up
   * waiting for a reader.
   */
  maxVisits?: number;
}

export class Dispatcher<Stop> {
  readonly #options: DispatchOptions<Stop>;
  readonly #visits = new Set<Promise<void>>();
  #wake: (() => void) | null = null;
  #woken = false;
  #error: { reason: unknown } | null = null;

  constructor(options: DispatchOptions<Stop>) {
    this.#options = options;
  }

  /** Visits running. */
  get running(): number {
    return this.#visits.size;
  }

  /**
   * Resolves with the reason `check` or `afterWake` gave, or 'drained' when
   * nothing is left to do; rejects with the first error a visit threw.
   */
  async run(): Promise<Stop | 'drained'> {
    const { politeness, signal } = this.#options;
    const ring = (): void => this.#ring();
    politeness.onChange = ring;
    signal.addEventListener('abort', ring, { once: true });
    const deadline = this.#wakeAtDeadline();
    try {
      for (;;) {
        if (this.#error) throw this.#error.reason;
        const stop = this.#options.check?.() ?? null;
        if (stop !== null) return stop;
        const wakeAtMs = this.#startVisits();
        if (this.#visits.size === 0 && this.#options.frontier.size === 0) return 'drained';
        await this.#sleep(wakeAtMs ?? Infinity);
        const stopNow = this.#options.afterWake?.() ?? null;
        if (stopNow !== null) return stopNow;
      }
    } finally {
      politeness.onChange = () => {};
      signal.removeEventListener('abort', ring);
      deadline?.abort(SLEEP_CANCELLED);
    }
  }

  /** New entries were queued from outside a visit: the loop looks again. */
  wake(): void {
    this.#ring();
  }

  /** Resolves when every visit started has ended. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#visits]);
  }

  /** Starts every visit the policy allows now; returns when to look again (null: only on a wake-up). */
  #startVisits(): number | null {
    const { frontier, politeness, clock, admit, maxVisits = Infinity } = this.#options;
    for (;;) {
      // Full: a visit that ends wakes the loop.
      if (this.#visits.size >= maxVisits) return null;
      const next = politeness.nextStart(clock.nowMs(), frontier.origins());
      if (!('origin' in next)) return 'wakeAtMs' in next ? next.wakeAtMs : null;
      const entry = frontier.takeFrom(next.origin);
      if (entry === undefined || admit?.(entry) === false) continue;
      this.#start(entry, politeness.reserve(entry.origin));
    }
  }

  #start(entry: FrontierEntry, slot: Slot): void {
    const visit = this.#options
      .visit(entry, slot)
      .catch((reason: unknown) => {
        this.#error ??= { reason };
      })
      .finally(() => {
        slot.release();
        this.#visits.delete(visit);
        this.#ring();
      });
    this.#visits.add(visit);
  }

  /**
   * One sleep for the whole run, until the deadline, that wakes the loop;
   * its controller, for run() to cancel it. One, not one per round: a
   * round's sleep until the deadline was a controller, a signal and a
   * timer made and dropped after nearly every visit.
   */
  #wakeAtDeadline(): AbortController | null {
    const { clock, deadlineMs = Infinity } = this.#options;
    if (deadlineMs === Infinity) return null;
    const cancel = new AbortController();
    clock.sleep(Math.max(0, deadlineMs - clock.nowMs()), cancel.signal).then(
      () => this.#ring(),
      () => {},
    );
    return cancel;
  }

  /** Until `wakeAtMs` or a wake-up (the deadline's among them), whichever comes first; no timer outlives it. */
  async #sleep(wakeAtMs: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return;
    }
    const { clock, deadlineMs = Infinity } = this.#options;
    const waits = [new Promise<void>((resolve) => (this.#wake = resolve))];
    const cancel = wakeAtMs < deadlineMs ? new AbortController() : null;
    if (cancel) waits.push(clock.sleep(wakeAtMs - clock.nowMs(), cancel.signal).catch(() => {}));
    await Promise.race(waits);
    cancel?.abort(SLEEP_CANCELLED);
    this.#wake = null;
    this.#woken = false;
  }

  #ring(): void {
    if (this.#wake) this.#wake();
    else this.#woken = true;
  }
}
