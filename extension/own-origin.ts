/**
 * The extension's own origin, and whether a request came from it. Chrome and
 * Firefox name these differently: Chrome's extension origin is
 * `chrome-extension://<id>` and its request events carry `initiator` (an
 * origin); Firefox's is `moz-extension://<per-profile uuid>` — not the add-on
 * id — and its request events carry `originUrl` (the initiating document's
 * URL) instead. Built from `runtime.getURL` so both browsers agree.
 */
import { browser } from 'wxt/browser';

/** `chrome-extension://<id>` or `moz-extension://<uuid>`. */
export function ownOrigin(): string {
  return originOfUrl(browser.runtime.getURL('/'));
}

/** The host of the extension's origin, as declarativeNetRequest's `initiatorDomains` wants it. */
export function ownHost(): string {
  return ownOrigin().replace(/^[^:]+:\/\//, '');
}

/**
 * `scheme://host[:port]` of an absolute URL, cut by hand: `new URL()` answers
 * "null" for the origin of extension schemes.
 */
export function originOfUrl(url: string): string {
  const authority = url.indexOf('://');
  if (authority < 0) return url;
  const path = url.indexOf('/', authority + 3);
  return path < 0 ? url : url.slice(0, path);
}

/** What a webRequest event says about who made the request. */
export interface RequestSource {
  tabId: number;
  /** Chrome: the initiating origin. */
  initiator?: string;
  /** Firefox: the URL of the document or worker that made the request. */
  originUrl?: string;
}

/** True for a request the extension made itself (no tab, our origin as initiator). */
export function isOwnRequest(details: RequestSource, origin: string): boolean {
  if (details.tabId !== -1) return false;
  const from =
    details.initiator ?? (details.originUrl ? originOfUrl(details.originUrl) : undefined);
  return from === origin;
}
