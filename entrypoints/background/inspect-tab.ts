/**
 * Checks a tab's page the way a robot would see it: its robots.txt (cached
 * per origin) and the page fetched without cookies — its status, headers
 * and, for an HTML page, the markup the server sends (read by
 * `extractPageFacts`, no DOM needed). The verdict reads the markup from the
 * content script's DOM reading; the served markup is kept to compare with
 * it (lib/meta/raw-rendered.ts).
 */
import { isHtml } from '../../lib/http/content-type.ts';
import type { HttpFetch, HttpResponse } from '../../lib/http/types.ts';
import type { PageFacts } from '../../lib/meta/page-facts.ts';
import {
  failedHttp,
  PAGE_MAX_BYTES,
  pageFactsOf,
  verdictHttpOf,
} from '../../lib/page/page-response.ts';
import type { TabFacts } from '../../lib/protocol/messages.ts';
import { fetchRobotsTxt, isRobotsFetchFresh } from '../../lib/robots/index.ts';
import type { RobotsFetch } from '../../lib/robots/types.ts';
import type { VerdictHttp } from '../../lib/verdict/verdict-input.ts';
import { httpForTab } from './tab-http.ts';
import { loadRobotsFetch, saveRobotsFetch, type TabInspection } from './tab-store.ts';

const TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 10;

export async function inspectTab(
  tabId: number,
  tab: TabFacts,
  nowMs: number,
): Promise<TabInspection> {
  const url = tab.facts.url;
  const origin = new URL(url).origin;
  const http = await httpForTab(tabId, origin);
  const [robots, served] = await Promise.all([
    robotsFor(http, origin, nowMs),
    fetchServed(http, url, isHtmlDocument(tab)),
  ]);
  const status = served.http.status ?? tab.navigationStatus;
  return {
    ...tab,
    http: { ...served.http, status },
    rawFacts: served.facts,
    robotsUrl: robots.url,
    checkedAtMs: nowMs,
  };
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

/** A reader that did not say its document's type read a DOM, so most likely HTML. */
function isHtmlDocument(tab: TabFacts): boolean {
  return typeof tab.contentType !== 'string' || isHtml(tab.contentType);
}

/**
 * The page as the server sends it. An HTML page is fetched once with GET:
 * the one answer gives the status, the X-Robots-Tag and the served markup.
 * Anything else (an image, a PDF) needs no body: HEAD, or a GET cut short
 * where HEAD is refused.
 */
async function fetchServed(
  http: HttpFetch,
  url: string,
  html: boolean,
): Promise<{ http: VerdictHttp; facts: PageFacts | null }> {
  try {
    if (html) {
      const response = await request(http, url, 'GET', PAGE_MAX_BYTES);
      return { http: verdictHttpOf(response), facts: pageFactsOf(response) };
    }
    let response = await request(http, url, 'HEAD', 1);
    if (response.status === 405 || response.status === 501)
      response = await request(http, url, 'GET', 1);
    return { http: verdictHttpOf(response), facts: null };
  } catch (error) {
    return { http: failedHttp(url, error), facts: null };
  }
}

function request(
  http: HttpFetch,
  url: string,
  method: 'HEAD' | 'GET',
  maxBytes: number,
): Promise<HttpResponse> {
  return http({ url, method, timeoutMs: TIMEOUT_MS, maxBytes, maxRedirects: MAX_REDIRECTS });
}
