/**
 * A running crawl's progress, written to storage for the popup and the
 * report page at a steady pace: every `everyMs` while anything changed,
 * nothing while nothing did. It reads the crawl's counters on its own
 * timer rather than waiting for the crawl's events, so figures move while
 * a slow request holds the crawl up, and it is apart from the checkpoint
 * (a big write, on its own cadence) so a redraw never costs the crawl one.
 */
import type { CrawlSummary } from '../../lib/protocol/messages.ts';

/** Least time between two progress writes: often enough to look live, rare enough to cost nothing. */
export const PROGRESS_EVERY_MS = 300;

export interface ProgressPulseDeps {
  /** The crawl's state now. */
  read: () => CrawlSummary;
  write: (summary: CrawlSummary) => Promise<void>;
  everyMs?: number;
}

export class ProgressPulse {
  readonly #deps: ProgressPulseDeps;
  #timer: ReturnType<typeof setInterval> | undefined;
  #lastKey = '';
  #writing = false;

  constructor(deps: ProgressPulseDeps) {
    this.#deps = deps;
  }

  /** Writes the state at once, then on every beat that finds it changed. */
  start(): void {
    if (this.#timer !== undefined) return;
    this.beat();
    this.#timer = setInterval(() => this.beat(), this.#deps.everyMs ?? PROGRESS_EVERY_MS);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** One look at the crawl: written when it changed and the last write is done. */
  beat(): void {
    if (this.#writing) return;
    const summary = this.#deps.read();
    const key = changeKey(summary);
    if (key === this.#lastKey) return;
    this.#lastKey = key;
    this.#writing = true;
    void this.#deps
      .write(summary)
      .catch(() => {
        this.#lastKey = ''; // written again on the next beat
      })
      .finally(() => {
        this.#writing = false;
      });
  }
}

/** What the reader sees of a summary: a change in any of it is worth a write; the time stamp is not. */
function changeKey({ stats, currentUrl, ratePerSecond, phase }: CrawlSummary): string {
  const { elapsedMs: _elapsed, ...counts } = stats;
  return JSON.stringify([phase, counts, currentUrl, ratePerSecond.toFixed(1)]);
}
