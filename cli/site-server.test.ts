import http from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { english } from '../components/english.ts';
import { parseSitemap } from '../lib/crawl/sitemap.ts';
import { withText } from '../lib/i18n/with-text.ts';
import { startSiteServer, type SiteServer, type SiteServerOptions } from './site-server.ts';

const opened: SiteServer[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

/** A temporary site folder with these files (a `site.json` value that is an object is JSON-encoded). */
async function makeSite(files: Record<string, string | Buffer | object>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-server-'));
  folders.push(root);
  for (const [name, content] of Object.entries(files)) {
    const full = path.join(root, name);
    await mkdir(path.dirname(full), { recursive: true });
    const data =
      typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content);
    await writeFile(full, data);
  }
  return root;
}

async function serve(
  files: Record<string, string | Buffer | object>,
  options?: SiteServerOptions,
): Promise<SiteServer> {
  const server = await startSiteServer(await makeSite(files), options);
  opened.push(server);
  return server;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with the path sent exactly as written (fetch would normalize it) and no decoding. */
function raw(origin: string, target: string, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${target}`, { method, path: target }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const PAGE = '<!doctype html><title>Page</title><p>Hello</p>';

describe('startSiteServer: static files (unchanged behaviour)', () => {
  it('serves files with their content type, index.html for folders, 404 otherwise', async () => {
    const site = await serve({ 'index.html': PAGE, 'a/b.txt': 'text', 'x.bin': 'bin' });
    expect(site.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const root = await fetch(`${site.origin}/`);
    expect([root.status, root.headers.get('content-type'), await root.text()]).toEqual([
      200,
      'text/html; charset=utf-8',
      PAGE,
    ]);
    const txt = await fetch(`${site.origin}/a/b.txt`);
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await fetch(`${site.origin}/x.bin`)).headers.get('content-type')).toBe(
      'application/octet-stream',
    );
    const missing = await fetch(`${site.origin}/nope.html`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Not found');
  });

  it('never serves site.json and never leaves the folder', async () => {
    const site = await serve({ 'site.json': {}, 'index.html': PAGE });
    expect((await fetch(`${site.origin}/site.json`)).status).toBe(404);
    for (const target of ['/../site.json', '/..%2fsite.json', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await raw(site.origin, target);
      expect(res.status, target).toBe(404);
    }
    expect((await raw(site.origin, '/%E0%A4%A')).status).toBe(400);
  });

  it('answers HEAD with headers only', async () => {
    const site = await serve({ 'index.html': PAGE });
    const res = await raw(site.origin, '/', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(PAGE.length));
    expect(res.body.length).toBe(0);
  });

  it('still accepts a port number as the second argument', async () => {
    const server = await startSiteServer(await makeSite({ 'index.html': PAGE }), 0);
    opened.push(server);
    expect((await fetch(`${server.origin}/`)).status).toBe(200);
  });
});

describe('site.json routes', () => {
  it('gives status, repeated headers, a body or another file', async () => {
    const site = await serve({
      'real.html': PAGE,
      'site.json': {
        routes: {
          '/gone.html': { status: 410, body: 'gone', headers: { 'Content-Type': 'text/plain' } },
          '/tagged.html': {
            file: 'real.html',
            headers: { 'X-Robots-Tag': ['noindex', 'nofollow'] },
          },
          '/forbidden.html': { status: 403 },
        },
      },
    });
    const gone = await fetch(`${site.origin}/gone.html`);
    expect([gone.status, gone.headers.get('content-type'), await gone.text()]).toEqual([
      410,
      'text/plain',
      'gone',
    ]);
    const tagged = await raw(site.origin, '/tagged.html');
    expect(tagged.body.toString()).toBe(PAGE);
    expect(tagged.headers['x-robots-tag']).toBe('noindex, nofollow');
    // No such file: the route's status is kept, with the not-found page.
    expect((await fetch(`${site.origin}/forbidden.html`)).status).toBe(403);
  });

  it('applies prefixes to every path under them; exact routes and longer prefixes win', async () => {
    const site = await serve({
      'same.html': PAGE,
      'site.json': {
        routes: { '/deep/exact': { status: 204 } },
        prefixes: {
          '/deep/': { file: 'same.html' },
          '/deep/inner/': { status: 418, body: 'inner', headers: { 'Content-Type': 'text/plain' } },
        },
      },
    });
    for (const p of ['/deep/', '/deep/a/', '/deep/a/a/a/a/', '/deep/x.html'])
      expect(await (await fetch(site.origin + p)).text(), p).toBe(PAGE);
    expect((await fetch(`${site.origin}/deep/inner/z`)).status).toBe(418);
    expect((await fetch(`${site.origin}/deep/exact`)).status).toBe(204);
    expect((await fetch(`${site.origin}/other`)).status).toBe(404);
  });

  it('redirects with the shorthand, 301 unless a status is given', async () => {
    const site = await serve({
      'site.json': {
        routes: {
          '/a': { redirect: '/b' },
          '/b': { redirect: '{{origin}}/c', status: 302 },
        },
      },
    });
    const a = await fetch(`${site.origin}/a`, { redirect: 'manual' });
    expect([a.status, a.headers.get('location')]).toEqual([301, '/b']);
    const b = await fetch(`${site.origin}/b`, { redirect: 'manual' });
    expect([b.status, b.headers.get('location')]).toEqual([302, `${site.origin}/c`]);
  });

  it('answers late with delayMs', async () => {
    const site = await serve({
      'site.json': { routes: { '/slow': { delayMs: 250, body: 'ok' } } },
    });
    const started = Date.now();
    expect(await (await fetch(`${site.origin}/slow`)).text()).toBe('ok');
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    const [entry] = site.log;
    expect(entry!.endedAtMs! - entry!.startedAtMs).toBeGreaterThanOrEqual(240);
  });

  it('never answers a hang, until the server closes', async () => {
    const server = await startSiteServer(
      await makeSite({ 'site.json': { routes: { '/hang': { hang: true } } } }),
    );
    const result = fetch(`${server.origin}/hang`, { signal: AbortSignal.timeout(300) }).then(
      () => 'answered',
      (error: Error) => error.name,
    );
    expect(await result).toBe('TimeoutError');
    const entry = server.log[0]!;
    expect(entry.status).toBeUndefined();
    // The client gave up, so the socket closed: the entry ends, aborted.
    await new Promise((r) => setTimeout(r, 50));
    expect(entry.aborted).toBe(true);

    // A hang still open when the server closes: close() ends it at once.
    const pending = raw(server.origin, '/hang').catch(() => 'closed');
    await new Promise((r) => setTimeout(r, 100));
    expect(server.inFlight).toBe(1);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBe('closed');
    expect(server.log[1]).toMatchObject({ aborted: true });
    expect(server.log[1]!.endedAtMs).toBeDefined();
  });

  it('gzips with Content-Encoding when asked', async () => {
    const site = await serve({
      'page.html': PAGE,
      'site.json': { routes: { '/page.html': { gzip: true } } },
    });
    const res = await raw(site.origin, '/page.html');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(zlib.gunzipSync(res.body).toString()).toBe(PAGE);
    expect(await (await fetch(`${site.origin}/page.html`)).text()).toBe(PAGE); // fetch decodes
  });

  it('streams a generated page of N bytes, and stops when the client does', async () => {
    const size = 3 * 1024 * 1024 + 17;
    const site = await serve({
      'site.json': {
        routes: {
          '/big.html': { bytes: size },
          '/big-gz.html': { bytes: 100_000, gzip: true },
          '/huge.html': { bytes: 1024 * 1024 * 1024 },
        },
      },
    });
    const res = await raw(site.origin, '/big.html');
    expect(res.headers['content-length']).toBe(String(size));
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.length).toBe(size);
    expect(res.body.subarray(0, 15).toString()).toBe('<!doctype html>');
    expect(res.body.subarray(-8).toString()).toBe('</html>\n');

    const head = await raw(site.origin, '/big.html', 'HEAD');
    expect([head.headers['content-length'], head.body.length]).toEqual([String(size), 0]);

    const gz = await raw(site.origin, '/big-gz.html');
    expect(zlib.gunzipSync(gz.body).length).toBe(100_000);

    // A reader that stops after the first chunk of 1 GiB: the server notes the abort.
    const controller = new AbortController();
    const partial = await fetch(`${site.origin}/huge.html`, { signal: controller.signal });
    const reader = partial.body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise((r) => setTimeout(r, 100));
    expect(site.log.at(-1)).toMatchObject({ url: '/huge.html', status: 200, aborted: true });
  });

  it('answers a sequence in turn, repeating the last answer; reset() starts again', async () => {
    const site = await serve({
      'ok.html': PAGE,
      'site.json': {
        routes: {
          '/retry.html': {
            sequence: [
              { status: 429, headers: { 'Retry-After': '1' }, body: 'slow down' },
              { file: 'ok.html' },
            ],
          },
        },
      },
    });
    const first = await fetch(`${site.origin}/retry.html`);
    expect([first.status, first.headers.get('retry-after'), await first.text()]).toEqual([
      429,
      '1',
      'slow down',
    ]);
    for (let i = 0; i < 2; i++) {
      const next = await fetch(`${site.origin}/retry.html`);
      expect([next.status, next.headers.get('retry-after'), await next.text()]).toEqual([
        200,
        null,
        PAGE,
      ]);
    }
    site.reset();
    expect(site.log).toEqual([]);
    expect((await fetch(`${site.origin}/retry.html`)).status).toBe(429);
  });

  it('overrides per method, e.g. HEAD refused while GET works', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const site = await serve({
      'photo.png': png,
      'site.json': {
        routes: { '/photo.png': { methods: { HEAD: { status: 405, headers: { Allow: 'GET' } } } } },
      },
    });
    const head = await raw(site.origin, '/photo.png', 'HEAD');
    expect([head.status, head.headers.allow]).toEqual([405, 'GET']);
    const get = await raw(site.origin, '/photo.png');
    expect([get.status, get.headers['content-type'], get.body]).toEqual([200, 'image/png', png]);
  });

  it('generates an endless calendar', async () => {
    const site = await serve({
      'site.json': { routes: { '/calendar/': { generator: 'calendar' } } },
    });
    const first = await (await fetch(`${site.origin}/calendar/`)).text();
    expect(first).toContain('<title>Calendar 2024-01</title>');
    expect(first).toContain('href="/calendar/?month=2023-12"');
    expect(first).toContain('href="/calendar/?month=2024-02"');
    const december = await (await fetch(`${site.origin}/calendar/?month=2999-12`)).text();
    expect(december).toContain('href="/calendar/?month=2999-11"');
    expect(december).toContain('href="/calendar/?month=3000-01"');
    expect((await fetch(`${site.origin}/calendar/?month=2024-13`)).status).toBe(404);
  });
});

describe('placeholders', () => {
  it('fills {{vars}}, {{origin}} and {{url}} in text bodies and headers only', async () => {
    const binary = Buffer.from('{{external}}\u0000', 'latin1');
    const site = await serve(
      {
        'page.html': '<a href="{{external}}/ok.html">x</a> {{origin}} {{url}} {{unknown}}',
        'data.bin': binary,
        'site.json': {
          routes: {
            '/go': { redirect: '{{external}}/moved', status: 302 },
            '/inline.xml': { body: '<loc>{{origin}}/a</loc>' },
          },
        },
      },
      { vars: { external: 'http://127.0.0.1:9' } },
    );
    const page = await (await fetch(`${site.origin}/page.html?q=<b>`)).text();
    expect(page).toBe(
      `<a href="http://127.0.0.1:9/ok.html">x</a> ${site.origin} /page.html?q=%3Cb%3E {{unknown}}`,
    );
    expect(await (await fetch(`${site.origin}/inline.xml`)).text()).toBe(
      `<loc>${site.origin}/a</loc>`,
    );
    expect((await fetch(`${site.origin}/go`, { redirect: 'manual' })).headers.get('location')).toBe(
      'http://127.0.0.1:9/moved',
    );
    expect((await raw(site.origin, '/data.bin')).body).toEqual(binary);
    // vars can be set after start (two servers that link to each other).
    site.vars.external = 'http://127.0.0.1:10';
    expect(await (await fetch(`${site.origin}/page.html`)).text()).toContain('127.0.0.1:10/ok');
  });

  it('leaves non-UTF-8 bytes intact around a placeholder', async () => {
    const korean = Buffer.concat([
      Buffer.from('<a href="{{external}}/x">'),
      Buffer.from([0xb0, 0xa1]), // 가 in EUC-KR
      Buffer.from('</a>'),
    ]);
    const site = await serve({ 'ko.html': korean }, { vars: { external: 'http://e' } });
    const body = (await raw(site.origin, '/ko.html')).body;
    expect(body).toEqual(
      Buffer.concat([
        Buffer.from('<a href="http://e/x">'),
        Buffer.from([0xb0, 0xa1, 0x3c]),
        Buffer.from('/a>'),
      ]),
    );
  });
});

describe('request log and concurrency', () => {
  it('logs method, target, headers, times, status and the peak in flight', async () => {
    const site = await serve({
      'index.html': PAGE,
      'site.json': {
        prefixes: { '/slow/': { delayMs: 200, body: 'slow' } },
        routes: { '/fast': { body: 'fast' } },
      },
    });
    await Promise.all([
      fetch(`${site.origin}/slow/1`),
      fetch(`${site.origin}/slow/2`),
      fetch(`${site.origin}/slow/3`),
      fetch(`${site.origin}/fast`, { headers: { 'User-Agent': 'RobotLens/0.1' } }),
    ]);
    await fetch(`${site.origin}/`, { method: 'HEAD' });
    expect(site.log).toHaveLength(5);
    for (const entry of site.log) {
      expect(entry.endedAtMs).toBeGreaterThanOrEqual(entry.startedAtMs);
      expect(entry.status).toBe(200);
      expect(entry.aborted).toBeUndefined();
    }
    expect(site.log.find((e) => e.url === '/fast')?.headers['user-agent']).toBe('RobotLens/0.1');
    expect(site.log.at(-1)).toMatchObject({ method: 'HEAD', url: '/', inFlight: 1 });
    expect(site.maxInFlight).toBe(4);
    expect(site.maxInFlightUnder('/slow/')).toBe(3);
    expect(site.maxInFlightUnder('/fast')).toBe(1);
    expect(site.maxInFlightUnder('/none/')).toBe(0);
    expect(site.inFlight).toBe(0);
    site.reset();
    expect(site.maxInFlight).toBe(0);
  });
});

describe('site.json validation', () => {
  // The rules themselves are tested in site-config.test.ts; here, that startup applies them.
  it('refuses to start on an invalid site.json, naming the file and the problem', async () => {
    const root = await makeSite({ 'site.json': { routes: { '/a': { stauts: 404 } } } });
    await expect(startSiteServer(root)).rejects.toThrow(
      /site\.json is invalid:\n {2}routes\["\/a"\]: unknown key "stauts"/,
    );
  });

  it('refuses site.json that is not JSON', async () => {
    const root = await makeSite({ 'site.json': '{ routes: }' });
    await expect(startSiteServer(root)).rejects.toThrow(/site\.json: not valid JSON/);
  });
});

describe('the crawl-site fixture', () => {
  const CRAWL_SITE = path.resolve('tests/fixtures/crawl-site');
  const CRAWL_EXTERNAL = path.resolve('tests/fixtures/crawl-external');

  async function startFixtures(): Promise<{ site: SiteServer; external: SiteServer }> {
    const external = await startSiteServer(CRAWL_EXTERNAL);
    const site = await startSiteServer(CRAWL_SITE, { vars: { external: external.origin } });
    opened.push(site, external);
    return { site, external };
  }

  it('links every scenario from the home page', async () => {
    const { site } = await startFixtures();
    const home = await (await fetch(`${site.origin}/`)).text();
    const hrefs = [...home.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toHaveLength(37); // one per scenario; see the fixture README
    for (const href of hrefs) expect(href, href).toMatch(/^\/[^/]/);
  });

  it.each<[string, number, string?]>([
    ['/robots.txt', 200, 'Sitemap: {origin}/sitemap.xml'],
    ['/sitemap.xml', 200, '<loc>{origin}/sitemap-only.html</loc>'],
    ['/loop1/a/a/', 200, 'now at /loop1/a/a/.'],
    ['/loop2/a/b/a/b/', 200, '<a href="a/b/">'],
    ['/loop3/a/b/c/', 200, '<a href="a/b/c/">'],
    ['/same/same/', 200, '<a href="same/">'],
    ['/calendar/?month=2024-02', 200, 'month=2024-03'],
    ['/search?q=7', 200, 'Results for /search?q=7'],
    ['/redirect/chain-start', 301],
    ['/redirect/chain-middle', 302],
    ['/redirect/chain-end.html', 200],
    ['/redirect/loop-b', 302],
    ['/redirect/to-missing', 301],
    ['/redirect/gone.html', 404],
    ['/errors/missing.html', 404],
    ['/errors/server-error.html', 500],
    ['/errors/forbidden.html', 403],
    ['/errors/teapot.html', 418],
    ['/odd-success.html', 299],
    ['/rate/always-429.html', 429],
    ['/slow/late.html', 200],
    ['/gzip.html', 200, '/gzip-target.html'],
    ['/base/page.html', 200, '<base href="/sub/">'],
    ['/sub/target.html', 200],
    ['/sub/missing.html', 404],
    ['/charset/missing-ko.html', 404],
    ['/files/photo.png', 200],
    ['/files/report.pdf', 200],
    ['/files/missing.png', 404],
    ['/robots-meta/not-followed.html', 200],
    ['/external.html', 200, 'href="{external}/missing.html"'],
    ['/aliases.html', 200, 'href="{origin}/about.html"'],
    ['/%61bout.html', 200, 'tiny test pages'],
    ['/long/' + 'a'.repeat(2100) + '.html', 200],
    ['/sitemap-only.html', 200],
  ])('serves %s with %i', async (target, status, contains) => {
    const { site, external } = await startFixtures();
    const res = await fetch(site.origin + target, { redirect: 'manual' });
    expect(res.status).toBe(status);
    if (contains !== undefined)
      expect(await res.text()).toContain(
        contains.replace('{origin}', site.origin).replace('{external}', external.origin),
      );
  });

  it('answers HEAD refusals, 429-then-200 and a hang as the README says', async () => {
    const { site } = await startFixtures();
    expect((await fetch(`${site.origin}/files/photo.png`, { method: 'HEAD' })).status).toBe(405);
    expect((await fetch(`${site.origin}/files/report.pdf`, { method: 'HEAD' })).status).toBe(501);
    const busy = await fetch(`${site.origin}/rate/retry-once.html`);
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([429, '1']);
    expect((await fetch(`${site.origin}/rate/retry-once.html`)).status).toBe(200);
    const hang = fetch(`${site.origin}/slow/hang.html`, { signal: AbortSignal.timeout(200) });
    await expect(hang).rejects.toThrow();
    const big = await fetch(`${site.origin}/big.html`, { method: 'HEAD' });
    expect(big.headers.get('content-length')).toBe('31457280');
    expect((await fetch(`${site.origin}/`)).headers.get('set-cookie')).toContain('session=');
    const x = await fetch(`${site.origin}/robots-meta/x-nofollow.html`, { method: 'HEAD' });
    expect(x.headers.get('x-robots-tag')).toBe('nofollow');
  });

  it('serves the Korean and Japanese pages in their own encodings', async () => {
    const { site } = await startFixtures();
    const korean = await fetch(`${site.origin}/charset/euc-kr.html`);
    expect(korean.headers.get('content-type')).toBe('text/html; charset=euc-kr');
    const koText = new TextDecoder('euc-kr').decode(await korean.arrayBuffer());
    expect(koText).toContain('<title>한국어 페이지</title>');
    expect(koText).toContain('<a href="/charset/missing-ko.html">깨진 링크</a>');
    const japanese = await fetch(`${site.origin}/charset/shift-jis.html`);
    expect(japanese.headers.get('content-type')).toBe('text/html');
    const jaText = new TextDecoder('shift_jis').decode(await japanese.arrayBuffer());
    expect(jaText).toContain('<a href="/charset/missing-ja.html">壊れたリンク</a>');
  });

  it('has a sitemap that lists an unlinked page and a disallowed one', async () => {
    const { site } = await startFixtures();
    const url = `${site.origin}/sitemap.xml`;
    const parsed = parseSitemap(await (await fetch(url)).text(), url);
    expect(withText(parsed, english)).toEqual({
      kind: 'urlset',
      urls: [
        { loc: `${site.origin}/`, lastmod: '2024-01-15' },
        { loc: `${site.origin}/about.html` },
        { loc: `${site.origin}/sitemap-only.html`, lastmod: '2024-02-01T10:00:00+00:00' },
        { loc: `${site.origin}/private/secret.html` },
      ],
      sitemaps: [],
      errors: [],
      errorPhrases: [],
    });
  });

  it('serves the external site with its redirect', async () => {
    const { external } = await startFixtures();
    const moved = await fetch(`${external.origin}/moved.html`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/ok.html']);
    expect((await fetch(`${external.origin}/missing.html`)).status).toBe(404);
  });
});
