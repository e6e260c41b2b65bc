/**
 * Which way the background reaches a tab's origin. With host permission for
 * the origin (granted by the user, or activeTab) its own `fetch` works and
 * follows cross-origin redirects; without it, the tab's content script
 * fetches from inside the page's origin, so no host permission is needed
 * just to check the page being viewed.
 */
import type { HttpFetch } from '../../lib/http/types.ts';
import { replyToResponse } from '../../lib/protocol/wire-http.ts';
import { fetchHttp } from '../../extension/fetch-http.ts';
import { hasHostAccess } from '../../extension/host-access.ts';
import { sendToTab } from '../../extension/messaging.ts';

export async function httpForTab(tabId: number, origin: string): Promise<HttpFetch> {
  return (await hasHostAccess(origin)) ? fetchHttp : viaTab(tabId);
}

function viaTab(tabId: number): HttpFetch {
  return async ({ url, method, maxBytes, timeoutMs }) =>
    replyToResponse(
      await sendToTab(tabId, { type: 'same-origin-fetch', url, method, maxBytes, timeoutMs }),
    );
}
