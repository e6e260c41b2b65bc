import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { HttpError, type HttpFetch, type HttpRequest, type HttpResponse } from '../http/types.ts';
import { fetchRobotsTxt as fetchRobotsTxtOf, robotsTxtUrl } from './fetch.ts';
import { ROBOTS_FETCH_MAX_BYTES } from './limits.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const fetchRobotsTxt = async (...args: Parameters<typeof fetchRobotsTxtOf>) =>
  withText(await fetchRobotsTxtOf(...args), english);

function fakeHttp(answer: (request: HttpRequest) => HttpResponse | Error): {
  http: HttpFetch;
  requests: HttpRequest[];
} {
  const requests: HttpRequest[] = [];
  const http: HttpFetch = async (request) => {
    requests.push(request);
    const result = answer(request);
    if (result instanceof Error) throw result;
    return result;
  };
  return { http, requests };
}

const response = (over: Partial<HttpResponse>): HttpResponse => ({
  requestedUrl: 'https://e.com/robots.txt',
  url: 'https://e.com/robots.txt',
  status: 200,
  headers: [],
  redirects: [],
  body: new Uint8Array(),
  truncated: false,
  ...over,
});

describe('fetchRobotsTxt', () => {
  it('GETs <origin>/robots.txt with 5 redirects and a body limit a little over 500 KiB', async () => {
    const { http, requests } = fakeHttp(() => response({}));
    await fetchRobotsTxt(http, 'https://e.com:8443/some/page?x', {
      nowMs: 1,
      headers: { 'if-none-match': '"a"' },
    });
    expect(requests[0]).toMatchObject({
      url: 'https://e.com:8443/robots.txt',
      method: 'GET',
      maxRedirects: 5,
      maxBytes: ROBOTS_FETCH_MAX_BYTES,
      headers: { 'if-none-match': '"a"' },
    });
    expect(ROBOTS_FETCH_MAX_BYTES).toBeGreaterThan(512_000);
  });

  it('keeps status, redirects, body, content type and headers (duplicates joined)', async () => {
    const { http } = fakeHttp(() =>
      response({
        status: 200,
        headers: [
          ['content-type', 'text/plain'],
          ['cache-control', 'max-age=60'],
          ['cache-control', 'public'],
        ],
        redirects: [{ url: 'http://e.com/robots.txt', status: 301 }],
        body: new TextEncoder().encode('User-agent: *'),
        truncated: true,
      }),
    );
    const fetch = await fetchRobotsTxt(http, 'https://e.com', { nowMs: 42, timeoutMs: 5 });
    expect(fetch).toMatchObject({
      url: 'https://e.com/robots.txt',
      status: 200,
      contentType: 'text/plain',
      headers: { 'cache-control': 'max-age=60, public' },
      redirects: [{ url: 'http://e.com/robots.txt', status: 301 }],
      truncated: true,
      fetchedAtMs: 42,
    });
    expect(fetch.body?.length).toBe(13);
  });

  it.each([
    ['timeout', new HttpError('timeout', 'timed out after 5 ms'), null],
    ['dns', new HttpError('dns', 'ENOTFOUND'), null],
    [
      'too many redirects',
      new HttpError('too-many-redirects', 'too many', [{ url: 'https://e.com/a', status: 302 }]),
      302,
    ],
    [
      'redirect loop',
      new HttpError('redirect-loop', 'loop', [{ url: 'https://e.com/b', status: 301 }]),
      301,
    ],
    ['any other error', new Error('boom'), null],
  ] as const)('never throws: %s', async (_name, error, status) => {
    const { http } = fakeHttp(() => error);
    const fetch = await fetchRobotsTxt(http, 'https://e.com', { nowMs: 7 });
    expect(fetch.status).toBe(status);
    expect(fetch.error).toBe(error.message);
    expect(fetch.fetchedAtMs).toBe(7);
  });

  it('never throws on an invalid origin', async () => {
    const { http } = fakeHttp(() => response({}));
    const fetch = await fetchRobotsTxt(http, 'not a url', { nowMs: 0 });
    expect(fetch).toMatchObject({ status: null, errorKind: 'invalid-url' });
  });

  it('builds the robots.txt URL from scheme, host and port', () => {
    expect(robotsTxtUrl('http://E.com:80/a/b')).toBe('http://e.com/robots.txt');
    expect(robotsTxtUrl('https://e.com:8443')).toBe('https://e.com:8443/robots.txt');
  });
});
