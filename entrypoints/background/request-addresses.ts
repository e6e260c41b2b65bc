/**
 * The address each of RobotLens's own requests connected to, read from the
 * browser's request events (`ip` of `onResponseStarted` and
 * `onBeforeRedirect`): `fetch` never says, and the browser resolves names
 * itself. It comes after the connection, so a request to a name that
 * resolves to a private address has been sent by then; the crawl uses it to
 * read nothing of the answer and follow no redirect of it (README, "Limits").
 * Records are keyed by URL, as in request-records.ts.
 */
import { browser } from 'wxt/browser';
import { isOwnRequest, ownOrigin, type RequestSource } from '../../extension/own-origin.ts';

const seen = new Map<string, string>();
const waiting = new Map<string, (address: string) => void>();
/** Forgotten after this long, so a record cannot outlive its fetch. */
const RECORD_LIFETIME_MS = 60_000;

interface AddressEvent extends RequestSource {
  url: string;
  ip?: string;
}

export function watchOwnAddresses(): void {
  const events = browser.webRequest;
  if (!events?.onResponseStarted) return;
  const origin = ownOrigin();
  const note = (details: AddressEvent) => {
    if (!details.ip || !isOwnRequest(details, origin)) return;
    seen.set(details.url, details.ip);
    waiting.get(details.url)?.(details.ip);
    setTimeout(() => seen.delete(details.url), RECORD_LIFETIME_MS);
  };
  const filter = { urls: ['http://*/*', 'https://*/*'], types: ['xmlhttprequest' as const] };
  events.onResponseStarted.addListener(note, filter);
  events.onBeforeRedirect?.addListener(note, filter);
}

/** Forgets what an earlier request to `url` connected to. */
export function forgetAddress(url: string): void {
  seen.delete(url);
}

/** The address the request for `url` connected to, waiting up to `timeoutMs` for its event. */
export function awaitAddress(url: string, timeoutMs: number): Promise<string | undefined> {
  const ready = seen.get(url);
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const finish = (address: string | undefined) => {
      clearTimeout(timer);
      waiting.delete(url);
      resolve(address);
    };
    waiting.set(url, finish);
  });
}
