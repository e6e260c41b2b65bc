/**
 * The crawl's HTTP port in the browser: `fetch` without cookies (see
 * extension/fetch-http.ts), redirects taken one hop at a time with
 * `redirect: 'manual'`, and each hop's hidden status and Location filled in
 * from the browser's request events (request-records.ts), so the engine
 * records every hop and checks robots.txt before following it — as the
 * command line does.
 *
 * With the crawl's AddressGuard, the address each answer came from (see
 * request-addresses.ts) is judged before its body is read or its redirect
 * followed: an answer from an address the crawl must not reach fails as
 * `address-refused`, and nothing of it is kept.
 */
import { extensionTranslator } from '../../extension/i18n.ts';
import type { AddressGuard } from '../../lib/crawl/address-guard.ts';
import { HttpError, type HttpFetch } from '../../lib/http/types.ts';
import { fetchWithHooks, type FetchHooks } from '../../extension/fetch-http.ts';
import { awaitAddress, forgetAddress } from './request-addresses.ts';
import { awaitSeenResponse, takeSeenResponse } from './request-records.ts';

/** How long to wait for the request event of a redirect that fetch has already returned. */
const EVENT_WAIT_MS = 2_000;
/** How long to wait for the address of an answer; without one, the browser's answer is used as it is. */
const ADDRESS_WAIT_MS = 1_000;

export const crawlHttp: HttpFetch = crawlHttpFor();

/** The crawl's HTTP port; with a guard, answers from addresses it refuses are dropped unread. */
export function crawlHttpFor(guard?: AddressGuard): HttpFetch {
  return (request) => fetchHopByHop(request, guard ? addressCheck(guard) : {});
}

function addressCheck(guard: AddressGuard): FetchHooks {
  return {
    beforeBody: async (response, request) => {
      // With `redirect: 'follow'` (robots.txt) the answer may come from another URL than asked.
      const url = response.url || request.url;
      refuseIf(guard.checkUrl(url));
      if (!guard.confined) return;
      const address = await awaitAddress(url, ADDRESS_WAIT_MS);
      if (address) refuseIf(guard.checkResolved(new URL(url).hostname, address));
    },
  };
}

function refuseIf(verdict: ReturnType<AddressGuard['checkUrl']>): void {
  if (!verdict.allowed) throw new HttpError('address-refused', verdict.reason);
}

const fetchHopByHop = async (request: Parameters<HttpFetch>[0], hooks: FetchHooks) => {
  const key = new URL(request.url).href;
  takeSeenResponse(key);
  forgetAddress(key);
  const response = await fetchWithHooks(request, hooks);
  if (response.status !== 0) return response;
  const seen = await awaitSeenResponse(key, EVENT_WAIT_MS);
  if (!seen) {
    throw new HttpError('other', extensionTranslator().t('http_error_hidden'));
  }
  return { ...response, status: seen.statusCode, headers: seen.headers };
};
