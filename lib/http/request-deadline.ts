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

export function requestDeadline(
  parent: AbortSignal | undefined,
  timeoutMs: number,
): RequestDeadline {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request timed out.', 'TimeoutError')),
    timeoutMs,
  );
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    end() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}

/** Whether a request's signal ended it at its deadline (rather than by the caller). */
export function timedOut(signal: AbortSignal): boolean {
  return signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
}
