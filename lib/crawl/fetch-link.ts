/**
 * Fetching one URL the polite way: each request waits for politeness, with
 * redirects followed hop by hop (each hop recorded, each hop's target
 * checked against the block list and robots.txt before it is requested,
 * loops caught), 429 and 503 waited out per Retry-After a bounded number of
 * times, and a HEAD that does not prove the link dead repeated with GET.
 *
 * A hop off the crawl's scope is not requested when links to other sites
 * are not checked (or the caller asked to stay in scope, as for sitemaps):
 * the chain ends there and names its target. Bodies are read only from
 * hops in scope.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import {
  headerValues,
  HttpError,
  type HttpFetch,
  type HttpResponse,
  type RedirectHop,
} from '../http/types.ts';
import { isRedirect, isRetryable } from './classify.ts';
import type { Clock } from './clock.ts';
import type { CrawlOptions } from './types.ts';
import { shouldRetryWithGet, type FetchMethod } from './fetch-plan.ts';
import type { Politeness, Slot } from './politeness.ts';
import { parseRetryAfter } from './retry-after.ts';
import type { RobotsGate } from './robots-gate.ts';
import { inScope, type CrawlScope } from './scope.ts';

export interface FetchRequest {
  url: string;
  method: FetchMethod;
  /** The page the link was found on: sent as Referer. */
  referrer: string | null;
  /** Read the body (a page of the site); otherwise only the status matters. */
  wantBody: boolean;
  /** Never leave the scope, even when links to other sites are checked (sitemaps). */
  stayInScope?: boolean;
}

/** A GET of one of the site's own resources (sitemap, soft-404 probe): read whole, never leaving the site. */
export function siteResourceRequest(url: string): FetchRequest {
  return { url, method: 'GET', referrer: null, wantBody: true, stayInScope: true };
}

export interface FetchOutcome {
  method: FetchMethod;
  /** The final answer, when there was one. */
  response?: HttpResponse;
  error?: HttpError;
  hops: RedirectHop[];
  finalUrl: string;
  attempts: number;
  /** A redirect led to a URL robots.txt forbids: it was not requested. */
  blocked?: { url: string; reason: Phrase };
  /** A redirect led off the scope where that is not followed: not requested. */
  offSite?: { url: string };
  /** A redirect led to an address the crawl must not reach: not requested. */
  refused?: { url: string; reason: Phrase };
  /** Still 429/503 after the retries, or a Retry-After too long to wait. */
  rateLimited?: RateLimit;
}

export interface RateLimit {
  /** The wait the server asked for last (or our backoff), null when it named none. */
  retryAfterMs: number | null;
  /** Set when that wait was longer than the crawl waits: the limit it exceeded. */
  longestWaitMs?: number;
}

export interface LinkFetcherDeps {
  http: HttpFetch;
  clock: Clock;
  politeness: Politeness;
  robots: RobotsGate;
  options: CrawlOptions;
  signal: AbortSignal;
  onRequest: (url: string, method: FetchMethod) => void;
  /** The crawl's scope; without one every hop counts as in scope. */
  scope?: CrawlScope;
}

/** Without Retry-After, a 429 is retried after 1 s, then 2 s, … */
const BACKOFF_BASE_MS = 1_000;
/** Body bytes read when only the status matters (a GET after a refused HEAD). */
const STATUS_ONLY_BYTES = 1;

export class LinkFetcher {
  readonly #deps: LinkFetcherDeps;

  constructor(deps: LinkFetcherDeps) {
    this.#deps = deps;
  }

  /** Fetches `request`; its first request uses the visit's reserved `slot` when given. */
  async fetch(request: FetchRequest, slot?: Slot): Promise<FetchOutcome> {
    const first = await this.#followRedirects(request, slot);
    // A HEAD that timed out would time out again as a GET: only a refusal or an error status is retried.
    if (
      request.method !== 'HEAD' ||
      first.blocked ||
      first.offSite ||
      first.refused ||
      first.error?.kind === 'timeout' ||
      !shouldRetryWithGet(first.response?.status ?? null)
    ) {
      return first;
    }
    const second = await this.#followRedirects({ ...request, method: 'GET' }, slot);
    return { ...second, attempts: first.attempts + second.attempts };
  }

  async #followRedirects(request: FetchRequest, slot: Slot | undefined): Promise<FetchOutcome> {
    const hops: RedirectHop[] = [];
    const seen = new Set([request.url]);
    let url = request.url;
    let attempts = 0;
    for (;;) {
      const answer = await this.#requestWithRetries(url, request, slot);
      attempts += answer.attempts;
      const base = { method: request.method, hops, finalUrl: url, attempts };
      if (answer.error) return { ...base, error: answer.error };
      const response = answer.response!;
      if (answer.rateLimited) return { ...base, response, rateLimited: answer.rateLimited };
      const location = headerValues(response, 'location')[0];
      if (!isRedirect(response.status) || location === undefined) return { ...base, response };
      const next = resolveLocation(location, url);
      if (next === null) return { ...base, response };
      hops.push({ url, status: response.status });
      if (seen.has(next)) {
        return {
          ...base,
          error: new HttpError(
            'redirect-loop',
            phrase('crawl_redirects_back', { url: next }),
            hops,
          ),
        };
      }
      if (hops.length > this.#deps.options.maxRedirects) {
        return {
          ...base,
          error: new HttpError(
            'too-many-redirects',
            phrase('crawl_more_redirects', { limit: String(this.#deps.options.maxRedirects) }),
            hops,
          ),
        };
      }
      if (this.#staysOut(next, request)) {
        return { ...base, response, finalUrl: next, offSite: { url: next } };
      }
      const verdict = await this.#deps.robots.decide(next);
      if (!verdict.allowed) {
        if (verdict.addressRefused) {
          return { ...base, finalUrl: next, refused: { url: next, reason: verdict.reason } };
        }
        if (!verdict.unreachable) {
          const reason = verdict.blockListed
            ? phrase('crawl_redirect_block_listed')
            : verdict.reason;
          return { ...base, finalUrl: next, blocked: { url: next, reason } };
        }
        const { kind, detail } = verdict.unreachable;
        return { ...base, finalUrl: next, error: new HttpError(kind, detail, hops) };
      }
      seen.add(next);
      url = next;
    }
  }

  /** A hop off the scope, where the crawl does not go: not checking other sites, or told to stay. */
  #staysOut(url: string, request: FetchRequest): boolean {
    const { scope, options } = this.#deps;
    if (!scope || inScope(url, scope).allowed) return false;
    return request.stayInScope === true || !options.checkExternal;
  }

  /** One request, repeated after 429/503 as long as Retry-After allows. */
  async #requestWithRetries(
    url: string,
    request: FetchRequest,
    reserved: Slot | undefined,
  ): Promise<{
    response?: HttpResponse;
    error?: HttpError;
    attempts: number;
    rateLimited?: RateLimit;
  }> {
    const { options, clock, politeness } = this.#deps;
    const origin = new URL(url).origin;
    for (let attempt = 1; ; attempt++) {
      let response: HttpResponse;
      try {
        const slot = await politeness.acquire(origin, reserved);
        try {
          response = await this.#send(url, request);
        } finally {
          slot.release();
        }
      } catch (error) {
        if (this.#deps.signal.aborted) throw error;
        return { error: withTimeout(asHttpError(error), options.timeoutMs), attempts: attempt };
      }
      if (!isRetryable(response.status)) return { response, attempts: attempt };
      const retryAfterMs = retryDelay(response, attempt, clock.nowMs());
      if (retryAfterMs === null) return { response, attempts: attempt };
      if (retryAfterMs > options.maxRetryAfterMs) {
        const rateLimited = { retryAfterMs, longestWaitMs: options.maxRetryAfterMs };
        return { response, attempts: attempt, rateLimited };
      }
      if (attempt > options.maxRetries) {
        return { response, attempts: attempt, rateLimited: { retryAfterMs } };
      }
      politeness.pauseOrigin(origin, clock.nowMs() + retryAfterMs);
    }
  }

  #inScope(url: string): boolean {
    return !this.#deps.scope || inScope(url, this.#deps.scope).allowed;
  }

  #send(url: string, request: FetchRequest): Promise<HttpResponse> {
    const { http, options, signal, onRequest } = this.#deps;
    onRequest(url, request.method);
    const headers: Record<string, string> = {};
    if (request.referrer) headers.Referer = request.referrer;
    return http({
      url,
      method: request.method,
      headers,
      timeoutMs: options.timeoutMs,
      // Another site's body is never used: only its status is read.
      maxBytes: request.wantBody && this.#inScope(url) ? options.maxBodyBytes : STATUS_ONLY_BYTES,
      maxRedirects: 0,
      signal,
    });
  }
}

/** How long to wait before asking again: Retry-After, else backoff for 429; null = do not retry. */
function retryDelay(response: HttpResponse, attempt: number, nowMs: number): number | null {
  const retryAfter = parseRetryAfter(headerValues(response, 'retry-after')[0], nowMs);
  if (retryAfter !== null) return retryAfter;
  return response.status === 429 ? BACKOFF_BASE_MS * 2 ** (attempt - 1) : null;
}

function resolveLocation(location: string, base: string): string | null {
  try {
    const next = new URL(location.trim(), base);
    next.hash = '';
    // Never sent (they would become `Authorization`), and never written into a report.
    next.username = '';
    next.password = '';
    return next.protocol === 'http:' || next.protocol === 'https:' ? next.href : null;
  } catch {
    return null;
  }
}

/** A timeout names the limit it hit (the crawl's), whatever the adapter said. */
function withTimeout(error: HttpError, timeoutMs: number): HttpError {
  if (error.kind !== 'timeout' || error.timeoutMs !== undefined) return error;
  return new HttpError('timeout', error.detail, error.redirects, timeoutMs);
}

function asHttpError(error: unknown): HttpError {
  return error instanceof HttpError
    ? error
    : new HttpError('other', error instanceof Error ? error.message : String(error));
}
