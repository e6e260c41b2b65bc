/**
 * The HTTP port over the browser's `fetch`: no cookies (`credentials:
 * 'omit'`), no cache, the body capped while it streams. The browser follows
 * redirects itself and hides the hops: a redirected response records one hop
 * from the asked URL with status 0 ("not visible to the browser").
 */
import { extensionTranslator } from './i18n.ts';
import {
  HttpError,
  type HttpFetch,
  type HttpRequest,
  type HttpResponse,
} from '../lib/http/types.ts';
import { requestDeadline, timedOut } from '../lib/http/request-deadline.ts';

export interface FetchHooks {
  /**
   * Called once the headers are in, before the body is read: throwing an
   * HttpError there drops the body unread (the crawl's address rule).
   */
  beforeBody?: (response: Response, request: HttpRequest) => Promise<void>;
}

export const fetchHttp: HttpFetch = (request) => fetchWithHooks(request, {});

export async function fetchWithHooks(
  request: HttpRequest,
  hooks: FetchHooks,
): Promise<HttpResponse> {
  const deadline = requestDeadline(request.signal, request.timeoutMs);
  try {
    return await fetchWithSignal(deadline.signal, request, hooks);
  } finally {
    deadline.end();
  }
}

async function fetchWithSignal(
  signal: AbortSignal,
  request: HttpRequest,
  hooks: FetchHooks,
): Promise<HttpResponse> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers ?? {},
      credentials: 'omit',
      cache: 'no-store',
      redirect: request.maxRedirects === 0 ? 'manual' : 'follow',
      signal,
    });
  } catch (error) {
    throw classify(error, signal);
  }
  try {
    await hooks.beforeBody?.(response, request);
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    throw error;
  }
  const { body, truncated } = await readCapped(response, request, signal);
  return toHttpResponse(request, response, body, truncated);
}

function toHttpResponse(
  request: HttpRequest,
  response: Response,
  body: Uint8Array,
  truncated: boolean,
): HttpResponse {
  return {
    requestedUrl: request.url,
    url: response.url || request.url,
    status: response.status,
    headers: [...response.headers.entries()],
    redirects: response.redirected ? [{ url: request.url, status: 0 }] : [],
    body,
    truncated,
  };
}

async function readCapped(
  response: Response,
  request: HttpRequest,
  signal: AbortSignal,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  if (request.method === 'HEAD' || !response.body)
    return { body: new Uint8Array(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { body: concat(chunks, size), truncated: false };
      const room = request.maxBytes - size;
      chunks.push(value.length > room ? value.subarray(0, room) : value);
      size += Math.min(value.length, room);
      if (value.length >= room) {
        await reader.cancel();
        return { body: concat(chunks, size), truncated: true };
      }
    }
  } catch (error) {
    throw classify(error, signal);
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function classify(error: unknown, signal: AbortSignal): HttpError {
  if (signal.aborted) {
    const isTimeout = timedOut(signal);
    const { t } = extensionTranslator();
    return new HttpError(
      isTimeout ? 'timeout' : 'aborted',
      isTimeout ? t('http_error_timeout') : t('http_error_cancelled'),
    );
  }
  // The browser says only "Failed to fetch": DNS, refused, CORS and too many redirects look alike.
  return new HttpError('connection', error instanceof Error ? error.message : String(error));
}
