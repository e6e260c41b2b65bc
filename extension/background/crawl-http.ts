/**
 * The crawl's HTTP port in the browser: `fetch` without cookies (see
 * extension/fetch-http.ts), redirects taken one hop at a time with
 * `redirect: 'manual'`, and each hop's hidden status and Location filled in
 * from the browser's request events (request-records.ts), so the engine
 * records every hop and checks robots.txt before following it — as the
 * command line does.
 */
import { extensionTranslator } from '../i18n.ts';
import { HttpError, type HttpFetch } from '../../lib/http/types.ts';
import { fetchHttp } from '../fetch-http.ts';
import { awaitSeenResponse, takeSeenResponse } from './request-records.ts';

/** How long to wait for the request event of a redirect that fetch has already returned. */
const EVENT_WAIT_MS = 2_000;

export const crawlHttp: HttpFetch = async (request) => {
  const key = new URL(request.url).href;
  takeSeenResponse(key);
  const response = await fetchHttp(request);
  if (response.status !== 0) return response;
  const seen = await awaitSeenResponse(key, EVENT_WAIT_MS);
  if (!seen) {
    throw new HttpError('other', extensionTranslator().t('http_error_hidden'));
  }
  return { ...response, status: seen.statusCode, headers: seen.headers };
};
