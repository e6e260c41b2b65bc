import { spawn } from 'node:child_process';
import { getEventListeners } from 'node:events';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, headerValues, type HttpFetch, type HttpRequest } from '../../lib/http/types.ts';
import { english } from '../../components/english.ts';
import { asWritten } from '../../lib/i18n/phrase.ts';
import { createNodeHttp } from './node-http.ts';

let origin = '';
let server: http.Server;
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const routes: Record<string, () => void> = {
      '/ok': () => {
        res.setHeader('X-Robots-Tag', ['noindex', 'googlebot: nofollow']);
        res.end('hello');
      },
      '/r1': () => redirect(301, '/r2'),
      '/r2': () => redirect(302, '/ok'),
      '/loop-a': () => redirect(301, '/loop-b'),
      '/loop-b': () => redirect(301, '/loop-a'),
      '/big': () => res.end(Buffer.alloc(100_000, 97)),
      '/gzip': () => {
        res.setHeader('content-encoding', 'gzip');
        res.end(zlib.gzipSync(Buffer.alloc(1_000_000, 98)));
      },
      '/slow': () => setTimeout(() => res.end('late'), 2_000),
      '/reset': () => req.socket.resetAndDestroy(),
      '/soon': () => setTimeout(() => res.end('soon'), 50),
      '/gzip-reset': () => {
        res.setHeader('content-encoding', 'gzip');
        const body = zlib.gzipSync('<p>half a page</p>'.repeat(5_000));
        res.write(body.subarray(0, body.length / 2));
        setTimeout(() => res.socket?.resetAndDestroy(), 50);
      },
      '/redirect-trickle': () => {
        res.writeHead(302, { location: '/ok' });
        const timer = setInterval(() => res.write('.'), 50);
        res.on('close', () => clearInterval(timer));
      },
    };
    (routes[req.url ?? ''] ?? (() => ((res.statusCode = 404), res.end())))();
    function redirect(status: number, location: string) {
      res.statusCode = status;
      res.setHeader('location', location);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/**
 * A server in a process of its own that closes a kept-alive socket idle for
 * `idleMs`, while this process may be busy, and gives no `Keep-Alive:
 * timeout=` hint for the client to close it first (as many servers do);
 * `requests()`: how many requests it answered.
 */
async function childServer(idleMs: number) {
  const script = `
    let count = 0;
    require('node:net').createServer((socket) => {
      socket.on('error', () => {});
      socket.setTimeout(${idleMs}, () => socket.destroy());
      let text = '';
      socket.on('data', (data) => {
        text += data;
        for (let end; (end = text.indexOf('\\r\\n\\r\\n')) >= 0; text = text.slice(end + 4)) {
          const body = text.startsWith('GET /count ') ? String(count) : (count++, 'ok');
          socket.write('HTTP/1.1 200 OK\\r\\nContent-Length: ' + body.length + '\\r\\n\\r\\n' + body);
        }
      });
    }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', script]);
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (data: Buffer) => resolve(String(data).trim())),
  );
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    requests: async () => Number(await (await fetch(`${url}count`)).text()),
    stop: () => child.kill(),
  };
}

/** How a lone GET of `url` (no redirect followed) fails. */
const failureOf = (http: HttpFetch, url: string) =>
  http({ url, method: 'GET', timeoutMs: 1_000, maxBytes: 10, maxRedirects: 0 }).then(
    () => expect.fail(`${url} answered`),
    (error: unknown) => error as HttpError,
  );

const fetchHttp = createNodeHttp({ userAgent: 'RobotLens/test', from: 'webmaster@example.com' });
const get = (path: string, extra: Partial<HttpRequest> = {}) =>
  fetchHttp({
    url: origin + path,
    method: 'GET',
    timeoutMs: 1_000,
    maxBytes: 10_000,
    maxRedirects: 5,
    ...extra,
  });

describe('node http adapter', () => {
  it('keeps repeated headers and identifies itself', async () => {
    const response = await get('/ok');
    expect(headerValues(response, 'x-robots-tag')).toEqual(['noindex', 'googlebot: nofollow']);
    const request = seen.find((r) => r.url === '/ok')!;
    expect(request.headers['user-agent']).toBe('RobotLens/test');
    expect(request.headers.from).toBe('webmaster@example.com');
    expect(request.headers.cookie).toBeUndefined();
  });

  it('records every redirect hop', async () => {
    const response = await get('/r1');
    expect(response.url).toBe(`${origin}/ok`);
    expect(response.redirects).toEqual([
      { url: `${origin}/r1`, status: 301 },
      { url: `${origin}/r2`, status: 302 },
    ]);
  });

  it('returns the 3xx itself when asked not to follow', async () => {
    const response = await get('/r1', { maxRedirects: 0 });
    expect(response.status).toBe(301);
    expect(headerValues(response, 'location')).toEqual(['/r2']);
  });

  it('names a redirect loop', async () => {
    const error = await get('/loop-a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).kind).toBe('redirect-loop');
    expect((error as HttpError).redirects).toHaveLength(2);
  });

  it('stops at too many redirects', async () => {
    const error = (await get('/r1', { maxRedirects: 1 }).catch((e: unknown) => e)) as HttpError;
    expect(error.kind).toBe('too-many-redirects');
  });

  it('caps the body and says so', async () => {
    const response = await get('/big');
    expect(response.body.length).toBe(10_000);
    expect(response.truncated).toBe(true);
  });

  it('caps a decompressed body too (a gzip bomb stops at maxBytes)', async () => {
    const response = await get('/gzip');
    expect(response.body.length).toBe(10_000);
    expect(response.body[0]).toBe(98);
    expect(response.truncated).toBe(true);
  });

  it('times out a slow answer', async () => {
    const error = (await get('/slow', { timeoutMs: 200 }).catch((e: unknown) => e)) as HttpError;
    expect(error.kind).toBe('timeout');
  });

  it("ends a request cancelled by the caller's signal as cancelled, at once", async () => {
    const stop = new AbortController();
    const startedMs = performance.now();
    setTimeout(() => stop.abort(new Error('stopped')), 100);
    const error = (await get('/slow', { timeoutMs: 5_000, signal: stop.signal }).catch(
      (e: unknown) => e,
    )) as HttpError;
    expect(error.kind).toBe('aborted');
    expect(performance.now() - startedMs).toBeLessThan(1_500);
  });

  it("leaves nothing listening on the caller's signal once a request ends, whatever its end", async () => {
    const crawl = new AbortController();
    await get('/ok', { signal: crawl.signal });
    await get('/r1', { signal: crawl.signal });
    await get('/slow', { timeoutMs: 100, signal: crawl.signal }).catch(() => {});
    await get('/loop-a', { signal: crawl.signal }).catch(() => {});
    expect(getEventListeners(crawl.signal, 'abort')).toEqual([]);
  });

  it('reports a refused connection', async () => {
    expect((await failureOf(fetchHttp, 'http://127.0.0.1:1/')).kind).toBe('connection');
  });

  it('reports a reset in the middle of a gzip body (the decoder hears of it)', async () => {
    const error = (await get('/gzip-reset', { timeoutMs: 5_000, maxBytes: 1_000_000 }).catch(
      (e: unknown) => e,
    )) as HttpError;
    expect(error.kind).toBe('connection');
  });

  it('sends a request again when the server had closed the idle kept-alive socket it went on', async () => {
    const site = await childServer(200);
    try {
      const fetchFresh = createNodeHttp({ userAgent: 'RobotLens/test' });
      const getAll = () =>
        Promise.all(
          [1, 2, 3, 4].map(() =>
            fetchFresh({
              url: site.url,
              method: 'GET',
              timeoutMs: 5_000,
              maxBytes: 100,
              maxRedirects: 0,
            }),
          ),
        );
      await getAll();
      await new Promise((resolve) => setTimeout(resolve, 20)); // the sockets back in the pool
      // A long synchronous step (a big crawl's save): the server closes the idle sockets meanwhile.
      const until = Date.now() + 600;
      while (Date.now() < until);
      const answers = await getAll();
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(await site.requests()).toBe(8);
    } finally {
      site.stop();
    }
  });

  it('does not time out a request while the process itself was busy past its deadline', async () => {
    const answer = get('/soon', { timeoutMs: 300 });
    // A long synchronous step (a big crawl's save) right after the request: nothing was read meanwhile.
    const until = Date.now() + 1_500;
    while (Date.now() < until);
    expect((await answer).status).toBe(200);
  });

  it('does not send again a request reset on a connection of its own', async () => {
    const fetchFresh = createNodeHttp({ userAgent: 'RobotLens/test' });
    const before = seen.filter((s) => s.url === '/reset').length;
    expect((await failureOf(fetchFresh, `${origin}/reset`)).kind).toBe('connection');
    expect(seen.filter((s) => s.url === '/reset').length - before).toBe(1);
  });

  it('does not read the body of a redirect it returns', async () => {
    const startedMs = performance.now();
    const response = await get('/redirect-trickle', { maxRedirects: 0, timeoutMs: 1_000 });
    expect(response.status).toBe(302);
    expect(performance.now() - startedMs).toBeLessThan(500);
  });

  it('requests a URL with an empty query as written, the `?` included', async () => {
    await get('/font.eot?#iefix');
    await get('/page?a=1&b=%20#part');
    expect(seen.slice(-2).map((request) => request.url)).toEqual(['/font.eot?', '/page?a=1&b=%20']);
  });

  it('never sends the user name and password of a URL', async () => {
    await fetchHttp({
      url: origin.replace('://', '://robot:secret@') + '/ok',
      method: 'GET',
      timeoutMs: 1_000,
      maxBytes: 10,
      maxRedirects: 0,
    });
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('sends HEAD without reading a body', async () => {
    const response = await get('/big', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
  });
});

describe('createNodeHttp with an address check', () => {
  const refuseLoopback = (hostname: string, address: string) =>
    address === '127.0.0.1' && hostname !== 'allowed.test'
      ? ({
          allowed: false,
          reason: asWritten(`${hostname} → ${address} refused`),
        } as const)
      : ({ allowed: true } as const);
  const guarded = createNodeHttp({
    userAgent: 'RobotLens/test',
    lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    checkAddress: refuseLoopback,
  });
  const port = () => new URL(origin).port;
  const ask = (host: string) =>
    guarded({
      url: `http://${host}:${port()}/ok`,
      method: 'GET',
      timeoutMs: 2_000,
      maxBytes: 100,
      maxRedirects: 0,
    });

  it('refuses an IP literal before connecting, and a name by the address it resolved to', async () => {
    const before = seen.length;
    for (const host of ['127.0.0.1', 'refused.test']) {
      const error = (await ask(host).catch((e: unknown) => e)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.kind).toBe('address-refused');
      expect(english(error.detail)).toBe(`${host} → 127.0.0.1 refused`);
    }
    expect(seen.length).toBe(before);
  });

  it('connects to the address its own lookup checked', async () => {
    const response = await ask('allowed.test');
    expect(response.status).toBe(200);
  });
});
