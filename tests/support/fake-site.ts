/**
 * An in-memory web for engine tests: paths → answers, every request logged.
 * No sockets, so the engine's logic is tested apart from any HTTP adapter.
 */
import {
  HttpError,
  type HttpFetch,
  type HttpRequest,
  type HttpResponse,
} from '../../lib/http/types.ts';

export interface FakeAnswer {
  status?: number;
  headers?: [string, string][];
  html?: string;
  body?: string;
  /** Successive answers for successive requests (the last repeats). */
  sequence?: FakeAnswer[];
  /** Per-method override. */
  head?: FakeAnswer;
  error?: HttpError['kind'];
}

export interface FakeSite {
  http: HttpFetch;
  requests: HttpRequest[];
  /** How many requests each URL got. */
  count(url: string): number;
}

export function fakeSite(answers: Record<string, FakeAnswer>): FakeSite {
  const requests: HttpRequest[] = [];
  const served = new Map<string, number>();
  const http: HttpFetch = async (request) => {
    requests.push(request);
    await Promise.resolve();
    const seen = served.get(request.url) ?? 0;
    served.set(request.url, seen + 1);
    let answer = answers[request.url] ??
      answers[new URL(request.url).pathname] ?? { status: 404, html: '<title>Not found</title>' };
    if (request.method === 'HEAD' && answer.head) answer = answer.head;
    if (answer.sequence) answer = answer.sequence[Math.min(seen, answer.sequence.length - 1)]!;
    if (answer.error) throw new HttpError(answer.error, `fake ${answer.error}`);
    const body = new TextEncoder().encode(answer.html ?? answer.body ?? '');
    const headers: [string, string][] = [...(answer.headers ?? [])];
    if (answer.html !== undefined) headers.push(['content-type', 'text/html; charset=utf-8']);
    const truncated = body.length > request.maxBytes;
    return {
      requestedUrl: request.url,
      url: request.url,
      status: answer.status ?? 200,
      headers,
      redirects: [],
      body: request.method === 'HEAD' ? new Uint8Array(0) : body.subarray(0, request.maxBytes),
      truncated: request.method === 'GET' && truncated,
    } satisfies HttpResponse;
  };
  return { http, requests, count: (url) => requests.filter((r) => r.url === url).length };
}

/** A page with the given links (`[href, text]`). */
export function page(title: string, links: [string, string][] = [], extraHead = ''): string {
  const anchors = links.map(([href, text]) => `<a href="${href}">${text}</a>`).join('\n');
  return `<!doctype html><html><head><title>${title}</title>${extraHead}</head><body><h1>${title}</h1>\n${anchors}\n</body></html>`;
}
