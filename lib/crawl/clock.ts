/**
 * The clock port: the one way crawl code reads the time or waits. The
 * command line and the service worker pass `systemClock`; tests pass a
 * `FakeClock` (tests/support/fake-clock.ts) and move time by hand, so delays, pauses and
 * Retry-After waits are deterministic and instant.
 */

export interface Clock {
  /** Epoch milliseconds. */
  nowMs(): number;
  /**
   * Resolves after `ms` (at once when `ms` ≤ 0). Rejects promptly with
   * `signal.reason` when the signal aborts, and then holds no timer.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The reason to abort a sleep nobody waits for any more. `abort()` with no
 * reason makes a DOMException, stack and all: a crawl cancels a sleep
 * after most requests, and those took ~3 % of its thread.
 */
export const SLEEP_CANCELLED = Object.freeze({ cancelled: 'sleep' });

/**
 * Browsers and Node keep timeouts in a signed 32-bit integer: a longer
 * delay overflows and fires at once, so long sleeps are taken in slices.
 */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Date.now and setTimeout: both exist in Node and in a service worker. */
export const systemClock: Clock = {
  nowMs: () => Date.now(),
  sleep: (ms, signal) => sleepUntil(Date.now() + ms, signal),
};

function sleepUntil(wakeAtMs: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    // Re-checks the time on every wake-up: timers may fire a little early,
    // and a long sleep is several slices.
    const wake = (): void => {
      const remainingMs = wakeAtMs - Date.now();
      if (!(remainingMs > 0)) {
        signal?.removeEventListener('abort', onAbort);
        resolve();
        return;
      }
      timer = setTimeout(wake, Math.min(remainingMs, MAX_TIMEOUT_MS));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    wake();
  });
}
