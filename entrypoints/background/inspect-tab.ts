/**
 * Checks a tab's page the way a robot would see it: its robots.txt (cached
 * per origin) and the headers and status of the page fetched without
 * cookies. The markup comes from the content script's DOM reading.
 */
import {
  headerValues,
  HttpError,
  type HttpFetch,
  type HttpResponse,
} from '../../lib/http/types.ts';
import type { TabFacts } from '../../lib/protocol/messages.ts';
import { fetchRobotsTxt, isRobotsFetchFresh } from '../../lib/robots/index.ts';
import type { RobotsFetch } from '../../lib/robots/types.ts';
import type { VerdictInput } from '../../lib/verdict/compute-verdict.ts';
import { httpForTab } from './tab-http.ts';
import { loadRobotsFetch, saveRobotsFetch, type TabInspection } from './tab-store.ts';

const TIMEOUT_MS = 15_000;

export async function inspectTab(
  tabId: number,
  tab: TabFacts,
  nowMs: number,
): Promise<TabInspection> {
  const url = tab.facts.url;
  const origin = new URL(url).origin;
  const http = await httpForTab(tabId, origin);
  const [robots, page] = await Promise.all([robotsFor(http, origin, nowMs), headersOf(http, url)]);
  const status = page.status ?? tab.navigationStatus;
  return { ...tab, http: { ...page, status }, robotsUrl: robots.url, checkedAtMs: nowMs };
}

/** The cached robots.txt response for an origin, fetched again once stale. */
export async function robotsFor(
  http: HttpFetch,
  origin: string,
  nowMs: number,
): Promise<RobotsFetch> {
  const cached = await loadRobotsFetch(origin);
  if (cached && isRobotsFetchFresh(cached, nowMs)) return cached;
  const fetched = await fetchRobotsTxt(http, origin, { nowMs, timeoutMs: TIMEOUT_MS });
  await saveRobotsFetch(origin, fetched);
  return fetched;
}

/** Status and X-Robots-Tag of the page: HEAD, or a GET cut short where HEAD is refused. */
async function headersOf(http: HttpFetch, url: string): Promise<VerdictInput['http']> {
  try {
    let response = await request(http, url, 'HEAD');
    if (response.status === 405 || response.status === 501)
      response = await request(http, url, 'GET');
    return describe(response);
  } catch (error) {
    const message = error instanceof HttpError ? error.message : String(error);
    return { status: null, finalUrl: url, redirects: [], xRobotsTag: [], error: message };
  }
}

function request(http: HttpFetch, url: string, method: 'HEAD' | 'GET'): Promise<HttpResponse> {
  return http({ url, method, timeoutMs: TIMEOUT_MS, maxBytes: 1, maxRedirects: 10 });
}

function describe(response: HttpResponse): VerdictInput['http'] {
  const contentType = headerValues(response, 'content-type')[0];
  return {
    status: response.status,
    finalUrl: response.url,
    redirects: response.redirects,
    xRobotsTag: headerValues(response, 'x-robots-tag'),
    ...(contentType ? { contentType } : {}),
  };
}
