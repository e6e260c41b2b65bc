/**
 * The HTTP side of the verdict: a page is only indexed from a successful
 * (2xx) final response. Statuses are judged by class, so an unusual 299 is
 * success and 418 a client error, as the spec asks.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import type { Reason } from './types.ts';
import type { VerdictHttp } from './verdict-input.ts';

/** Robots give up on long chains; Google follows at most 10 hops. */
const LONG_REDIRECT_CHAIN = 5;

export function httpStatusReasons(http: VerdictHttp): Reason[] {
  if (http.status === null) {
    const source = http.error
      ? phrase('source_network_error', { error: http.error })
      : phrase('source_no_response');
    const made = phrase('http_unreachable');
    return [
      {
        code: 'http-status',
        blocking: true,
        source,
        detail: made,
      },
    ];
  }
  const detail = statusDetail(http.status);
  return detail === null
    ? []
    : [
        {
          code: 'http-status',
          blocking: true,
          source: `HTTP ${http.status}`,
          detail,
        },
      ];
}

/** Why a final status keeps the page out of the index; null for success. */
function statusDetail(status: number): Phrase | null {
  const code = String(status);
  switch (Math.floor(status / 100)) {
    case 2:
      return null;
    case 3:
      return phrase('http_3xx', { status: code });
    case 4:
      return clientErrorDetail(status);
    case 5:
      return status === 503 ? phrase('http_503') : phrase('http_5xx', { status: code });
    default:
      return phrase('http_invalid', { status: code });
  }
}

function clientErrorDetail(status: number): Phrase {
  switch (status) {
    case 404:
      return phrase('http_404');
    case 410:
      return phrase('http_410');
    case 401:
    case 403:
      return phrase('http_denied', { status: String(status) });
    case 429:
      return phrase('http_429');
    default:
      return phrase('http_4xx', { status: String(status) });
  }
}

/** A note listing every hop when the URL asked for redirected. */
export function redirectReasons(url: string, http: VerdictHttp): Reason[] {
  const hops = http.redirects.length;
  if (hops === 0) return [];
  const values = { url, target: http.finalUrl, hops };
  const made =
    hops > LONG_REDIRECT_CHAIN
      ? phrase('redirect_long', values)
      : hops === 1
        ? phrase('redirect_one', { url, target: http.finalUrl })
        : phrase('redirect_hops', values);
  return [
    {
      code: 'redirect',
      blocking: false,
      source: [...http.redirects.map((h) => `${h.url} (${h.status})`), http.finalUrl].join(' → '),
      detail: made,
    },
  ];
}
