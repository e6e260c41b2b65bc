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

/**
 * A deadline's time is counted in steps of a TICKS-th of it; a step whose
 * timer fires later than a quarter of a step after it was due found the
 * process busy, and its time is not counted.
 */
const TICKS = 16;
const BUSY_SHARE = 0.25;

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
 * A timeout for a deadline that counts only the time the process could
 * listen. While it is busy (a big crawl's synchronous save: up to 15 s at a
 * million URLs, as long as the default timeout), an answer that came, or a
 * request not sent yet, is not read, and the timers due meanwhile all fire
 * as soon as it is free, before the answers are read. One timer at the
 * deadline could not tell a save that ended just after it from a silent
 * server: 8 pages of the generated million-URL site were reported "no
 * answer within 15 s". So the deadline is counted in steps, and a step whose
 * timer fired late is not counted: the process, not the server, was slow.
 * What is not counted is capped at the timeout, so a deadline always comes.
 */
function deadlineTimer(timeoutMs: number, onDue: () => void): { clear(): void } {
  // Whole milliseconds, as timers count them.
  const stepMs = Math.ceil(timeoutMs / TICKS);
  let leftMs = timeoutMs;
  let forgivenMs = 0;
  let id: ReturnType<typeof setTimeout>;
  const arm = () => {
    const ms = Math.min(stepMs, leftMs);
    const dueMs = Date.now() + ms;
    id = setTimeout(() => {
      const lateMs = Date.now() - dueMs;
      if (lateMs > stepMs * BUSY_SHARE && forgivenMs < timeoutMs) forgivenMs += lateMs + ms;
      else leftMs -= ms;
      if (leftMs > 0) arm();
      else onDue();
    }, ms);
  };
  arm();
  return { clear: () => clearTimeout(id) };
}

/** Whether a request's signal ended it at its deadline (rather than by the caller). */
export function timedOut(signal: AbortSignal): boolean {
  return signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
}
