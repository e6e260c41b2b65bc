/**
 * Keeps the stored checkpoint close behind the crawl without holding it up:
 * a save starts as soon as something changed and no save is running, and
 * what changes during a save goes into the next one. Saves are spaced so
 * they take at most about a fifth of the time (a big state is written less
 * often), so a killed crawl loses at most the last save's worth of results —
 * which it asks for again, as it does for requests in flight.
 */
import { SLEEP_CANCELLED, type Clock } from './clock.ts';

/**
 * Adaptive spacing: the gap after a save is COST_FACTOR times what it cost,
 * so saving takes at most about a fifth of the crawl's time (at a third, the
 * browser crawl spent 30 % of its time saving); never less than
 * MIN_ADAPTIVE_GAP_MS, so a fast crawl does not save after every result.
 */
const COST_FACTOR = 4;
const MIN_ADAPTIVE_GAP_MS = 250;

/** `T`: what one save writes — a whole CrawlCheckpoint, or what changed (checkpoint-rows.ts). */
export interface CheckpointerOptions<T> {
  /** Taken when a save starts: what it writes is the state at that moment. */
  snapshot: () => T;
  save: (snapshot: T) => Promise<void>;
  clock: Clock;
  /** Fixed least time between saves; default: adaptive (see COST_FACTOR). */
  minGapMs?: number;
}

export class Checkpointer<T> {
  readonly #options: CheckpointerOptions<T>;
  #saving: Promise<void> | null = null;
  #dirty = false;
  /** The wait before the next save, while one is pending (see flush). */
  #waiting: AbortController | null = null;
  #lastEndMs = 0;
  #lastCostMs = 0;
  /** The first failed save, if any: the crawl stops and says why. */
  error: Error | null = null;

  constructor(options: CheckpointerOptions<T>) {
    this.#options = options;
  }

  /** The crawl's state changed. */
  changed(): void {
    this.#dirty = true;
    this.#pump();
  }

  /**
   * Waits for the running save, then writes the final state. A wait for
   * the next save is called off: its timer would hold the crawl (and
   * everything it knows) for up to four times the last save's cost after
   * the crawl ended. At the end of a 200,000-URL crawl that was the whole
   * crawler while its report was being built.
   */
  async flush(): Promise<void> {
    this.#waiting?.abort(SLEEP_CANCELLED);
    this.#waiting = null;
    // A finished save may have started the next one: wait until none runs.
    while (this.#saving) await this.#saving;
    if (this.error) throw this.error;
    this.#dirty = false;
    await this.#write();
  }

  #pump(): void {
    if (!this.#dirty || this.#saving || this.error) return;
    const { clock, minGapMs } = this.#options;
    const gapMs = minGapMs ?? Math.max(MIN_ADAPTIVE_GAP_MS, this.#lastCostMs * COST_FACTOR);
    const waitMs = gapMs - (clock.nowMs() - this.#lastEndMs);
    if (waitMs > 0) {
      if (this.#waiting) return;
      const waiting = new AbortController();
      this.#waiting = waiting;
      clock.sleep(waitMs, waiting.signal).then(
        () => {
          this.#waiting = null;
          this.#pump();
        },
        // Called off by flush, which writes what is left.
        () => undefined,
      );
      return;
    }
    this.#dirty = false;
    // A failure is kept in `error` (the crawl checks it); nobody awaits this promise.
    this.#saving = this.#write()
      .catch(() => undefined)
      .finally(() => {
        this.#saving = null;
        this.#pump();
      });
  }

  async #write(): Promise<void> {
    const { clock, save, snapshot } = this.#options;
    const startMs = clock.nowMs();
    try {
      await save(snapshot());
    } catch (error) {
      this.error ??= error instanceof Error ? error : new Error(String(error));
      throw this.error;
    } finally {
      this.#lastEndMs = clock.nowMs();
      this.#lastCostMs = this.#lastEndMs - startMs;
    }
  }
}
