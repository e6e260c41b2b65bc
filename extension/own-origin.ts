/**
 * The extension's own origin, and whether a request came from it. Chrome and
 * Firefox name these differently: Chrome's extension origin is
 * `chrome-extension://<id>` and its request events carry `initiator` (an
 * origin); Firefox's is `moz-extension://<per-profile uuid>` — not the add-on
 * id — and its request events carry `originUrl` (the initiating document's
 * URL) instead. Built from `runtime.getURL` so both browsers agree.
 */
import { browser } from 'wxt/browser';
import { originOf } from '../lib/url/http-url.ts';

/** `chrome-extension://<id>` or `moz-extension://<uuid>`. */
export function ownOrigin(): string {
  const url = browser.runtime.getURL('/');
  return originOf(url) ?? url;
}

/** The host of the extension's origin, as declarativeNetRequest's `initiatorDomains` wants it. */
export function ownHost(): string {
  return ownOrigin().replace(/^[^:]+:\/\//, '');
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
    details.initiator ??
    (details.originUrl ? (originOf(details.originUrl) ?? details.originUrl) : undefined);
  return from === origin;
}
