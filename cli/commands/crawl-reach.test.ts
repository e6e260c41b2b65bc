/**
 * The command line's crawl network (node:http adapter + address rule) with
 * the resolver mocked: `public.test` counts as a public address,
 * `private.test` as what it is (127.0.0.1, loopback), both served by
 * servers on 127.0.0.1. A crawl from the public name never requests the
 * private server — not by an IP literal, a name, a redirect or a sitemap —
 * and says why; one started on 127.0.0.1 (or a name resolving there) goes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { systemClock } from '../../lib/crawl/clock.ts';
import { Crawler } from '../../lib/crawl/crawl.ts';
import { buildReport } from '../../lib/crawl/report.ts';
import { withText } from '../../lib/i18n/with-text.ts';
import { classifyAddress } from '../../lib/url/address-class.ts';
import { crawlNetwork } from '../http/crawl-network.ts';
import type { HostLookup } from '../http/node-http.ts';

const SECRET = 'PRIVATE-SERVER-SECRET';
let site: http.Server;
let hidden: http.Server;
let sitePort = 0;
let hiddenPort = 0;
const hiddenLog: string[] = [];

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  hidden = http.createServer((req, res) => {
    hiddenLog.push(req.url ?? '');
    res.setHeader('content-type', 'text/plain');
    res.end(`${SECRET}\nhttp://private.test:${hiddenPort}/more\n`);
  });
  hiddenPort = await listen(hidden);
  site = http.createServer((req, res) => {
    const at = (host: string, path: string) => `http://${host}:${hiddenPort}${path}`;
    const routes: Record<string, () => void> = {
      '/robots.txt': () => {
        res.setHeader('content-type', 'text/plain');
        res.end(`User-agent: *\nAllow: /\nSitemap: ${at('private.test', '/sitemap.txt')}\n`);
      },
      '/': () => {
        res.setHeader('content-type', 'text/html');
        res.end(
          [
            `<a href="${at('127.0.0.1', '/literal')}">literal</a>`,
            `<a href="${at('private.test', '/by-name')}">by name</a>`,
            `<a href="/redirect-literal">r1</a>`,
            `<a href="/redirect-name">r2</a>`,
          ].join('\n'),
        );
      },
      '/redirect-literal': () => redirect(at('127.0.0.1', '/redirected-literal')),
      '/redirect-name': () => redirect(at('private.test', '/redirected-name')),
    };
    (routes[req.url ?? ''] ?? (() => ((res.statusCode = 404), res.end())))();
    function redirect(location: string) {
      res.writeHead(302, { location });
      res.end();
    }
  });
  sitePort = await listen(site);
});
afterAll(() => {
  for (const server of [site, hidden]) {
    server.closeAllConnections();
    server.close();
  }
});

const lookup: HostLookup = async (hostname) => {
  if (hostname === 'public.test' || hostname === 'private.test')
    return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
/** public.test stands for a site on the internet; every other address is what it is. */
const classify = (address: string, hostname: string) =>
  hostname === 'public.test' ? 'public' : (classifyAddress(address) ?? 'reserved');

async function crawlFrom(startUrl: string) {
  hiddenLog.length = 0;
  const network = crawlNetwork(startUrl, { userAgent: 'RobotLens/test', lookup, classify });
  const crawler = Crawler.start(
    { startUrls: [startUrl], delayMs: 0, timeoutMs: 3_000, useSitemaps: true, checkExternal: true },
    { ...network, clock: systemClock },
  );
  const checkpoint = await crawler.run();
  // Worded in English, as the JSON report is, for the assertions on reasons.
  const report = withText(buildReport(checkpoint, crawler.stats()), english);
  const record = (url: string) => {
    const found = checkpoint.records.find((r) => r.url === url);
    return found && withText(found, english);
  };
  return { report, record, json: JSON.stringify(report) };
}

describe('a command-line crawl and private addresses', () => {
  it('from a public address: refuses literals, names, redirects and sitemaps there, with reasons', async () => {
    const { report, record, json } = await crawlFrom(`http://public.test:${sitePort}/`);
    expect(hiddenLog).toEqual([]);
    expect(json).not.toContain(SECRET);
    const hiddenUrl = (host: string, path: string) => `http://${host}:${hiddenPort}${path}`;
    expect(record(hiddenUrl('127.0.0.1', '/literal'))).toMatchObject({
      status: 'skipped',
      skipReason: 'address-refused',
    });
    expect(record(hiddenUrl('127.0.0.1', '/literal'))!.reason).toContain(
      '127.0.0.1 is a loopback address (this computer)',
    );
    expect(record(hiddenUrl('private.test', '/by-name'))).toMatchObject({
      status: 'skipped',
      skipReason: 'address-refused',
    });
    expect(record(hiddenUrl('private.test', '/by-name'))!.reason).toContain(
      'private.test resolved to 127.0.0.1, a loopback address',
    );
    for (const path of ['/redirect-literal', '/redirect-name'])
      expect(record(`http://public.test:${sitePort}${path}`)).toMatchObject({
        status: 'skipped',
        skipReason: 'address-refused',
        redirects: [{ url: `http://public.test:${sitePort}${path}`, status: 302 }],
      });
    expect(report.sitemap!.notFetched.map((n) => n.url)).toEqual([
      hiddenUrl('private.test', '/sitemap.txt'),
    ]);
  });

  it('from 127.0.0.1, or a name that resolves there: goes where the links lead', async () => {
    await crawlFrom(`http://127.0.0.1:${sitePort}/`);
    expect(hiddenLog).toContain('/literal');
    expect(hiddenLog).toContain('/redirected-literal');
    await crawlFrom(`http://private.test:${sitePort}/`);
    expect(hiddenLog).toContain('/by-name');
    expect(hiddenLog).toContain('/redirected-name');
  });
});
