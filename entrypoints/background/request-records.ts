/**
 * What `fetch` hides, read from the browser's request events: with
 * `redirect: 'manual'` a redirect comes back opaque (no status, no
 * Location), but `webRequest.onBeforeRedirect` sees the hop's status and
 * headers before the fetch settles. Records are keyed by URL: the crawl
 * never fetches one URL twice at once. Only the extension's own requests
 * (no tab, our origin as initiator — see own-origin.ts for how Chrome and
 * Firefox say so) are recorded; pages' requests are not.
 */
import { browser } from 'wxt/browser';
import { isOwnRequest, ownOrigin } from '../../extension/own-origin.ts';

export interface SeenResponse {
  statusCode: number;
  headers: [string, string][];
}

const seen = new Map<string, SeenResponse>();
const waiting = new Map<string, (record: SeenResponse) => void>();
/** Forgotten after this long, so a record cannot outlive its fetch. */
const RECORD_LIFETIME_MS = 60_000;

export function watchOwnRequests(): void {
  if (!browser.webRequest?.onBeforeRedirect) return;
  const origin = ownOrigin();
  // onBeforeRedirect fires for redirects only (with `redirect: 'manual'` too, before fetch
  // settles), where onHeadersReceived sent the worker an event for every answer, headers
  // copied, for records only redirects need (bench/browser-vs-cli.ts: the browser process
  // spent ~5 % less CPU on a local crawl).
  browser.webRequest.onBeforeRedirect.addListener(
    (details) => {
      if (!isOwnRequest(details, origin)) return;
      const headers = (details.responseHeaders ?? []).map(
        (h) => [h.name.toLowerCase(), h.value ?? ''] as [string, string],
      );
      const record = { statusCode: details.statusCode, headers };
      seen.set(details.url, record);
      waiting.get(details.url)?.(record);
      setTimeout(() => seen.delete(details.url), RECORD_LIFETIME_MS);
    },
    { urls: ['http://*/*', 'https://*/*'], types: ['xmlhttprequest'] },
    ['responseHeaders'],
  );
}

/** The last response seen for `url`, consumed. */
export function takeSeenResponse(url: string): SeenResponse | undefined {
  const record = seen.get(url);
  seen.delete(url);
  return record;
}

/**
 * The response for `url`, waiting up to `timeoutMs` for its event: the event
 * usually arrives before `fetch` settles, but event order across processes
 * is not guaranteed.
 */
export function awaitSeenResponse(
  url: string,
  timeoutMs: number,
): Promise<SeenResponse | undefined> {
  const ready = takeSeenResponse(url);
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const finish = (record: SeenResponse | undefined) => {
      clearTimeout(timer);
      waiting.delete(url);
      seen.delete(url);
      resolve(record);
    };
    waiting.set(url, finish);
  });
}
