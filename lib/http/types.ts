/**
 * The HTTP port: the one way `lib/` reaches the network. The command line
 * passes a node:http adapter, the extension a `fetch` adapter; tests pass
 * in-memory fakes. Adapters never send cookies or credentials and only ever
 * issue GET or HEAD.
 */
import { asWritten, type Phrase } from '../i18n/phrase.ts';

export type HttpMethod = 'GET' | 'HEAD';

export interface HttpRequest {
  url: string;
  method: HttpMethod;
  /** Extra request headers (Referer, If-None-Match, …); identification is the adapter's job. */
  headers?: Record<string, string>;
  /** Whole-exchange timeout, headers and body. */
  timeoutMs: number;
  /** Body bytes kept at most; the rest is dropped and `truncated` set. */
  maxBytes: number;
  /** Redirects followed at most (0 = do not follow; the 3xx is returned). */
  maxRedirects: number;
  signal?: AbortSignal;
}

export interface RedirectHop {
  url: string;
  status: number;
}

export interface HttpResponse {
  /** The URL asked for. */
  requestedUrl: string;
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  /** Every header line as received, names lower-cased, duplicates kept in order. */
  headers: [name: string, value: string][];
  /** Hops before the final response, in order: each URL and the 3xx it answered. */
  redirects: RedirectHop[];
  /** Body bytes, decoded from any Content-Encoding; empty for HEAD. */
  body: Uint8Array;
  /** True when the body was cut at `maxBytes`. */
  truncated: boolean;
}

/** Why a request produced no response. A closed set, so reports can group them. */
export type HttpErrorKind =
  | 'timeout'
  | 'dns'
  | 'connection'
  | 'tls'
  | 'redirect-loop'
  | 'too-many-redirects'
  | 'invalid-url'
  | 'aborted'
  /** The host is on an address the crawl must not reach (see lib/crawl/address-guard.ts). */
  | 'address-refused'
  | 'other';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  /**
   * What went wrong, in words: the adapter's own phrase, or a detail it got
   * from elsewhere (Node's, the browser's) kept as written.
   */
  readonly detail: Phrase;
  constructor(
    readonly kind: HttpErrorKind,
    detail: Phrase | string,
    /** Hops followed before the failure, when any. */
    readonly redirects: RedirectHop[] = [],
    /** For a `timeout`: the limit it hit, when the adapter knows it. */
    readonly timeoutMs?: number,
  ) {
    super(typeof detail === 'string' ? detail : detail.key);
    this.detail = typeof detail === 'string' ? asWritten(detail) : detail;
  }
}

export type HttpFetch = (request: HttpRequest) => Promise<HttpResponse>;

/** All values of one header, in order (names compare lower-case). */
export function headerValues(response: Pick<HttpResponse, 'headers'>, name: string): string[] {
  const wanted = name.toLowerCase();
  return response.headers.filter(([n]) => n === wanted).map(([, v]) => v);
}
