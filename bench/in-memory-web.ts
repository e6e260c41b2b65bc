/**
 * An HttpFetch over a function of the path: the benchmarks' sites without
 * sockets, so what they measure is the crawl engine. Unlike
 * tests/support/fake-site.ts it logs nothing, so a million requests cost
 * no memory here.
 */
import type { HttpFetch, HttpResponse } from '../lib/http/types.ts';

export interface WebAnswer {
  status: number;
  html: string;
}

export function inMemoryWeb(answer: (path: string) => WebAnswer): HttpFetch {
  const encoder = new TextEncoder();
  return async (request) => {
    // A macrotask turn, as a socket's answer would be: the crawl's timers (checkpoint saves) get to run.
    await new Promise((resolve) => setImmediate(resolve));
    const { status, html } = answer(new URL(request.url).pathname);
    return {
      requestedUrl: request.url,
      url: request.url,
      status,
      headers: [['content-type', 'text/html; charset=utf-8']],
      redirects: [],
      body: request.method === 'HEAD' ? new Uint8Array(0) : encoder.encode(html),
      truncated: false,
    } satisfies HttpResponse;
  };
}
