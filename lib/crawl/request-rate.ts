/**
 * Requests per second over the last few seconds: the figure the popup, the
 * report page and the command line show while a crawl runs. Only requests
 * count — URLs that need none (skipped, blocked by robots.txt, `mailto:`)
 * finish in a burst at the start and would make the rate look many times
 * what the server sees. Memory is a fixed ring of per-slice counts.
 */

/** The rate looks this far back: long enough to smooth the politeness delay, short enough to follow a slowdown. */
export const RATE_WINDOW_MS = 10_000;
/** How finely the last RATE_WINDOW_MS are counted: one bucket per slice. */
const SLICE_MS = 250;
const SLICES = RATE_WINDOW_MS / SLICE_MS;
/** A rate over less than this is not a rate: 4 requests in the first 100 ms are 4/s, not 40/s. */
const MIN_SPAN_MS = 1_000;

export class RequestRate {
  /** Requests per slice; slice `n` (time / SLICE_MS) lives at `n % SLICES`. */
  readonly #counts = new Array<number>(SLICES).fill(0);
  /** The newest slice recorded or read; older slices of the ring are cleared as time passes. */
  #headSlice: number | null = null;
  /** When the first request of this run was made. */
  #firstMs: number | null = null;

  /** One request was sent at `nowMs`. */
  record(nowMs: number): void {
    this.#firstMs ??= nowMs;
    this.#advance(nowMs);
    this.#counts[sliceOf(nowMs) % SLICES]!++;
  }

  /** Requests per second over the window (or since the first request, when that is shorter). */
  perSecond(nowMs: number): number {
    if (this.#firstMs === null) return 0;
    this.#advance(nowMs);
    const total = this.#counts.reduce((sum, n) => sum + n, 0);
    const spanMs = Math.max(MIN_SPAN_MS, Math.min(RATE_WINDOW_MS, nowMs - this.#firstMs));
    return total / (spanMs / 1000);
  }

  /** Clears the slices that fell out of the window since the last call. */
  #advance(nowMs: number): void {
    const slice = sliceOf(nowMs);
    if (this.#headSlice === null) {
      this.#headSlice = slice;
      return;
    }
    if (slice <= this.#headSlice) return;
    const stale = Math.min(SLICES, slice - this.#headSlice);
    for (let i = 1; i <= stale; i++) this.#counts[(this.#headSlice + i) % SLICES] = 0;
    this.#headSlice = slice;
  }
}

function sliceOf(nowMs: number): number {
  return Math.floor(nowMs / SLICE_MS);
}
