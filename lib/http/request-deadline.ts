/**
 * One signal for an HTTP request (and its redirect hops), for the HTTP
 * ports (cli/http/node-http.ts, extension/fetch-http.ts): aborted with the
 * caller's reason, or with a TimeoutError at the deadline, and let go of as
 * soon as the request ends (`end`). Not `AbortSignal.timeout` and
 * `AbortSignal.any`, which keep each request's objects alive until the
 * timer fires (15 s by default), long after the request ended:
 *   - Node 20: ~40 MB of V8 old-space garbage over the 10,000 pages of the
 *     OpenJDK docs (an allocation profile), each `any` signal also staying
 *     listed on the crawl's own signal;
 *   - Chromium: the fetch's native state with it. 14,000 fetches of
 *     Debian's libstdc++ pages from an extension's service worker grew its
 *     process from 139 to 285 MB with a timeout signal each, and stayed at
 *     134-162 MB with this one.
 * The timer is the environment's own: a deadline is a timeout of the
 * transport, not of the crawl's clock.
 */
export interface RequestDeadline {
  signal: AbortSignal;
  /** The request is over: the timer is cleared and the caller's signal no longer listened to. */
  end(): void;
}

/** A deadline's timer that fires later than this after it was due found the process busy. */
const BUSY_MS = 1_000;

export function requestDeadline(
  parent: AbortSignal | undefined,
  timeoutMs: number,
): RequestDeadline {
  const controller = new AbortController();
  const timer = deadlineTimer(timeoutMs, () =>
    controller.abort(new DOMException('The request timed out.', 'TimeoutError')),
  );
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    end() {
      timer.clear();
      parent?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * A timeout for a deadline. One that fires more than BUSY_MS late found the
 * process busy (a big crawl's synchronous save: 15 s at a million URLs, as
 * long as the default timeout), and an answer that came meanwhile, or a
 * request not sent yet, was never read: the request gets the time it was
 * kept from (up to its whole timeout again) before it is due.
 */
function deadlineTimer(timeoutMs: number, onDue: () => void): { clear(): void } {
  let id: ReturnType<typeof setTimeout>;
  const arm = (ms: number) => {
    const dueMs = Date.now() + ms;
    id = setTimeout(() => {
      const lateMs = Date.now() - dueMs;
      if (lateMs > BUSY_MS) arm(Math.min(lateMs, timeoutMs));
      else onDue();
    }, ms);
  };
  arm(timeoutMs);
  return { clear: () => clearTimeout(id) };
}

/** Whether a request's signal ended it at its deadline (rather than by the caller). */
export function timedOut(signal: AbortSignal): boolean {
  return signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
}
