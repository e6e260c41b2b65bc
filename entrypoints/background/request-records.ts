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
import { isOwnRequest, ownOrigin, type RequestSource } from '../../extension/own-origin.ts';

export interface SeenResponse {
  statusCode: number;
  headers: [string, string][];
}

const seen = new Map<string, SeenResponse>();
const waiting = new Map<string, (record: SeenResponse) => void>();
/** Forgotten after this long, so a record cannot outlive its fetch. */
const RECORD_LIFETIME_MS = 60_000;

export function watchOwnRequests(): void {
  const events = browser.webRequest;
  const origin = ownOrigin();
  const note = (details: RedirectEvent): undefined => {
    if (!isRedirectStatus(details.statusCode) || !isOwnRequest(details, origin)) return undefined;
    const headers = (details.responseHeaders ?? []).map(
      (h) => [h.name.toLowerCase(), h.value ?? ''] as [string, string],
    );
    const record = { statusCode: details.statusCode, headers };
    seen.set(details.url, record);
    waiting.get(details.url)?.(record);
    setTimeout(() => seen.delete(details.url), RECORD_LIFETIME_MS);
    return undefined;
  };
  const filter = { urls: ['http://*/*', 'https://*/*'], types: ['xmlhttprequest' as const] };
  // Chromium fires onBeforeRedirect for redirects only, with `redirect: 'manual'` too, before
  // fetch settles (the e2e crawl tests compare every hop with the command line's).
  // onHeadersReceived sends the worker an event for every answer, headers copied, for records
  // only redirects need: the browser process spent ~5 % less CPU on a local crawl without it
  // (bench/browser-vs-cli.ts). Firefox, whose crawl no test here can drive, keeps the event it
  // had.
  const event = import.meta.env.FIREFOX ? events?.onHeadersReceived : events?.onBeforeRedirect;
  event?.addListener(note, filter, ['responseHeaders']);
}

interface RedirectEvent extends RequestSource {
  url: string;
  statusCode: number;
  responseHeaders?: { name: string; value?: string }[];
}

function isRedirectStatus(status: number): boolean {
  return status >= 300 && status <= 399;
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
