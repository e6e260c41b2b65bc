/**
 * The HTTP side of the verdict: a page is only indexed from a successful
 * (2xx) final response. Statuses are judged by class, so an unusual 299 is
 * success and 418 a client error, as the spec asks.
 */
import type { Reason } from './types.ts';
import type { VerdictHttp } from './verdict-input.ts';

/** Robots give up on long chains; Google follows at most 10 hops. */
const LONG_REDIRECT_CHAIN = 5;

export function httpStatusReasons(http: VerdictHttp): Reason[] {
  if (http.status === null) {
    return [
      {
        code: 'http-status',
        blocking: true,
        source: http.error ? `Network error: ${http.error}` : 'No response',
        detail:
          'The page could not be fetched at all; robots cannot index a page they cannot fetch, and drop it if this persists.',
      },
    ];
  }
  const detail = statusDetail(http.status);
  return detail === null
    ? []
    : [{ code: 'http-status', blocking: true, source: `HTTP ${http.status}`, detail }];
}

/** Why a final status keeps the page out of the index; null for success. */
function statusDetail(status: number): string | null {
  switch (Math.floor(status / 100)) {
    case 2:
      return null;
    case 3:
      return `The final response is a redirect (HTTP ${status}) that leads to no page; there is no content to index.`;
    case 4:
      return clientErrorDetail(status);
    case 5:
      return status === 503
        ? 'HTTP 503: the server is unavailable. Robots come back later, but a page that keeps answering 503 is dropped from the index.'
        : `HTTP ${status}: a server error. Robots retry later and drop the page from the index if the error persists.`;
    default:
      return `HTTP ${status} is not a valid final status; robots treat the page as unavailable.`;
  }
}

function clientErrorDetail(status: number): string {
  switch (status) {
    case 404:
      return 'HTTP 404: the page is not found, so robots drop it from their index.';
    case 410:
      return 'HTTP 410: the page is gone for good, so robots drop it from their index.';
    case 401:
    case 403:
      return `HTTP ${status}: access is denied to robots, so the page is not indexed.`;
    case 429:
      return 'HTTP 429: too many requests. Robots slow down and retry; a page that keeps answering 429 is dropped.';
    default:
      return `HTTP ${status}: a client error, so the page is not indexed.`;
  }
}

/** A note listing every hop when the URL asked for redirected. */
export function redirectReasons(url: string, http: VerdictHttp): Reason[] {
  if (http.redirects.length === 0) return [];
  const hops = http.redirects.map((h) => `${h.url} (${h.status})`);
  const long =
    http.redirects.length > LONG_REDIRECT_CHAIN
      ? ` A chain of ${http.redirects.length} hops is long: Google follows at most 10, and every hop slows crawling.`
      : '';
  return [
    {
      code: 'redirect',
      blocking: false,
      source: [...hops, http.finalUrl].join(' → '),
      detail: `${url} redirects (${http.redirects.length} ${http.redirects.length === 1 ? 'hop' : 'hops'}); robots index the target, ${http.finalUrl}, not the URL asked for. This verdict is about the target.${long}`,
    },
  ];
}
