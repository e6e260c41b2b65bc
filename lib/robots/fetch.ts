/**
 * GET `<origin>/robots.txt` through the HTTP port. Never throws: a network
 * failure is a result (status null + error), because "robots.txt was
 * unreachable" is itself an answer with a policy (see policy.ts).
 */
import { HttpError, type HttpFetch, type HttpResponse } from '../http/types.ts';
import { ROBOTS_FETCH_MAX_BYTES, ROBOTS_FETCH_TIMEOUT_MS, ROBOTS_MAX_REDIRECTS } from './limits.ts';
import type { RobotsFetch } from './types.ts';

export interface FetchRobotsOptions {
  /** Epoch ms when the response arrives (the caller's clock). */
  nowMs: number;
  timeoutMs?: number;
  /** Body bytes kept; a little over 500 KiB by default, so an oversized file shows. */
  maxBytes?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The robots.txt URL of an origin (or of any URL on it): scheme, host and port. */
export function robotsTxtUrl(originOrUrl: string): string {
  return new URL('/robots.txt', originOrUrl).href;
}

/** Fetches robots.txt; every failure becomes a RobotsFetch with an error. */
export async function fetchRobotsTxt(
  http: HttpFetch,
  origin: string,
  options: FetchRobotsOptions,
): Promise<RobotsFetch> {
  let url: string;
  try {
    url = robotsTxtUrl(origin);
  } catch {
    return {
      url: origin,
      status: null,
      redirects: [],
      error: `invalid origin: ${origin}`,
      errorKind: 'invalid-url',
      fetchedAtMs: options.nowMs,
    };
  }
  try {
    const response = await http({
      url,
      method: 'GET',
      headers: options.headers,
      timeoutMs: options.timeoutMs ?? ROBOTS_FETCH_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? ROBOTS_FETCH_MAX_BYTES,
      maxRedirects: ROBOTS_MAX_REDIRECTS,
      signal: options.signal,
    });
    return fromResponse(url, response, options.nowMs);
  } catch (error) {
    return fromError(url, error, options.nowMs);
  }
}

function fromResponse(url: string, response: HttpResponse, nowMs: number): RobotsFetch {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return {
    url,
    status: response.status,
    redirects: response.redirects.map(({ url: hop, status }) => ({ url: hop, status })),
    body: response.body,
    contentType: headers['content-type'],
    headers,
    truncated: response.truncated,
    fetchedAtMs: nowMs,
  };
}

function fromError(url: string, error: unknown, nowMs: number): RobotsFetch {
  if (error instanceof HttpError) {
    const redirects = error.redirects.map(({ url: hop, status }) => ({ url: hop, status }));
    // A redirect chain that did not end has a final status: the last 3xx.
    const lastHop = redirects.at(-1);
    const redirectFailure = error.kind === 'too-many-redirects' || error.kind === 'redirect-loop';
    return {
      url,
      status: redirectFailure && lastHop ? lastHop.status : null,
      redirects,
      error: error.detail,
      errorKind: error.kind,
      fetchedAtMs: nowMs,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    url,
    status: null,
    redirects: [],
    error: message,
    errorKind: 'other',
    fetchedAtMs: nowMs,
  };
}
