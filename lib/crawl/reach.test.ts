/**
 * Where a crawl may go: sitemaps only from the crawled site, redirect hops
 * off the site not requested when other sites are not checked, no move from
 * a public start to loopback, private or link-local addresses, and no body
 * of another site in the report.
 */
import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { AddressGuard } from './address-guard.ts';
import { systemClock } from './clock.ts';
import { Crawler, type CrawlPorts } from './crawl.ts';
import { buildReport } from './report.ts';
import type { CrawlOptions } from './types.ts';

const O = 'http://site.test';
const X = 'http://elsewhere.test';
const METADATA = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/robotlens';
const SECRET = 'AKIAFAKESECRETKEY0000';

async function crawl(
  answers: Record<string, FakeAnswer>,
  options: Partial<CrawlOptions> = {},
  ports: Partial<CrawlPorts> = {},
  start = `${O}/`,
) {
  const site = fakeSite(answers);
  const crawler = Crawler.start(
    { startUrls: [start], delayMs: 0, ...options },
    { http: site.http, clock: systemClock, ...ports },
  );
  const checkpoint = await crawler.run();
  // Worded in English, as the JSON report is, for the assertions on reasons.
  const report = withText(buildReport(checkpoint, crawler.stats()), english);
  const record = (url: string) => {
    const found = checkpoint.records.find((r) => r.url === url);
    return found && withText(found, english);
  };
  const requestedHosts = new Set(site.requests.map((r) => new URL(r.url).host));
  return { site, checkpoint, report, record, json: JSON.stringify(report), requestedHosts };
}

const text = (body: string): FakeAnswer => ({ body, headers: [['content-type', 'text/plain']] });
const redirect = (to: string, status = 302): FakeAnswer => ({
  status,
  headers: [['location', to]],
});

describe('sitemaps from robots.txt', () => {
  it('lists sitemaps off the crawled site, with why, and never fetches them', async () => {
    const { site, report, json, requestedHosts } = await crawl(
      {
        [`${O}/robots.txt`]: text(
          `User-agent: *\nAllow: /\nSitemap: ${METADATA}\nSitemap: ${X}/sitemap.xml\nSitemap: ${O}/sitemap.txt\n`,
        ),
        [`${O}/`]: { html: page('Home') },
        [`${O}/sitemap.txt`]: text(`${O}/listed.html\n`),
        [`${O}/listed.html`]: { html: page('Listed') },
        [METADATA]: text(`{"AccessKeyId": "${SECRET}", "Token": "x"}`),
        [`${X}/sitemap.xml`]: text(`${X}/OTHER-SITE-CONTENT\n`),
      },
      { useSitemaps: true },
    );
    expect(requestedHosts).toEqual(new Set(['site.test']));
    expect(site.count(METADATA)).toBe(0);
    expect(report.sitemap!.sitemaps).toEqual([METADATA, `${X}/sitemap.xml`, `${O}/sitemap.txt`]);
    expect(report.sitemap!.notFetched.map((n) => n.url)).toEqual([METADATA, `${X}/sitemap.xml`]);
    expect(report.sitemap!.notFetched[0]!.reason).toMatch(/not on the crawled site/);
    expect(report.sitemap!.urls).toBe(1);
    expect(json).not.toContain(SECRET);
    expect(json).not.toContain('OTHER-SITE-CONTENT');
  });

  it('does not follow a sitemap that redirects off the site, even when other sites are checked', async () => {
    const { site, report, json } = await crawl(
      {
        [`${O}/robots.txt`]: text(`Sitemap: ${O}/sitemap.xml\n`),
        [`${O}/`]: { html: page('Home') },
        [`${O}/sitemap.xml`]: redirect(`${X}/sitemap.xml`),
        [`${X}/sitemap.xml`]: text(`${X}/OTHER-SITE-CONTENT\n`),
      },
      { useSitemaps: true, checkExternal: true },
    );
    expect(site.count(`${X}/sitemap.xml`)).toBe(0);
    expect(site.count(`${X}/robots.txt`)).toBe(0);
    expect(report.sitemap!.notFetched).toEqual([
      expect.objectContaining({ url: `${O}/sitemap.xml`, reason: expect.stringContaining(X) }),
    ]);
    expect(json).not.toContain('OTHER-SITE-CONTENT');
  });

  it("takes an in-scope sitemap's entries on the site only, and fetches none of the rest", async () => {
    const { site, report } = await crawl(
      {
        [`${O}/robots.txt`]: text(`Sitemap: ${O}/maps/sitemap.txt\n`),
        [`${O}/`]: { html: page('Home') },
        [`${O}/maps/sitemap.txt`]: text(`${O}/anywhere.html\n${X}/off.html\n${METADATA}\n`),
        [`${O}/anywhere.html`]: { html: page('Anywhere') },
      },
      { useSitemaps: true },
    );
    // robots.txt of site.test named it: it may list the whole host, not only /maps/.
    expect(site.count(`${O}/anywhere.html`)).toBe(1);
    expect(site.count(`${X}/off.html`)).toBe(0);
    expect(site.count(METADATA)).toBe(0);
    expect(report.sitemap!.urls).toBe(1);
  });
});

describe('redirects when links to other sites are not checked', () => {
  it('stops at the first hop off the site and reports its target without requesting it', async () => {
    const { site, record, report, requestedHosts } = await crawl(
      {
        [`${O}/`]: { html: page('Home', [['/go', 'go']]) },
        [`${O}/go`]: redirect(`${O}/go2`, 301),
        [`${O}/go2`]: redirect(`${X}/target`),
        [`${X}/target`]: { html: page('Elsewhere') },
      },
      { checkExternal: false },
    );
    expect(requestedHosts).toEqual(new Set(['site.test']));
    expect(site.count(`${O}/go2`)).toBe(1);
    expect(record(`${O}/go`)).toMatchObject({
      status: 'redirected',
      httpStatus: 302,
      finalUrl: `${X}/target`,
      redirects: [
        { url: `${O}/go`, status: 301 },
        { url: `${O}/go2`, status: 302 },
      ],
    });
    expect(record(`${O}/go`)!.reason).toMatch(/on another site, not requested/);
    expect(report.redirects.find((r) => r.from === `${O}/go`)?.to).toBe(`${X}/target`);
  });

  it('still follows them when other sites are checked, reading no body there', async () => {
    const { site } = await crawl(
      {
        [`${O}/`]: { html: page('Home', [['/go', 'go']]) },
        [`${O}/go`]: redirect(`${X}/target`),
        [`${X}/target`]: { html: page('Elsewhere') },
      },
      { checkExternal: true },
    );
    const hop = site.requests.find((r) => r.url === `${X}/target`);
    expect(hop?.maxBytes).toBe(1);
  });
});

describe('addresses a crawl from a public site does not reach', () => {
  const privateTargets = [
    'http://127.0.0.1:9/x',
    'http://10.0.0.1/admin',
    'http://[::ffff:169.254.169.254]/latest/',
    'http://0x7f.1/hex',
    'http://2130706433/decimal',
    'http://localhost:8080/',
    'http://[fd00:ec2::254]/',
  ];

  it('refuses links and redirects to them before any request, with a reason', async () => {
    const { record, requestedHosts } = await crawl(
      {
        [`${O}/`]: {
          html: page('Home', [
            ...privateTargets.map((url): [string, string] => [url, 'x']),
            ['/r', 'r'],
          ]),
        },
        [`${O}/r`]: redirect('http://192.168.1.1/router'),
      },
      { checkExternal: true },
    );
    expect(requestedHosts).toEqual(new Set(['site.test']));
    expect(record('http://10.0.0.1/admin')).toMatchObject({
      status: 'skipped',
      skipReason: 'address-refused',
    });
    expect(record('http://10.0.0.1/admin')!.reason).toMatch(
      /10\.0\.0\.1 is a private-network address; a crawl that started on a public address/,
    );
    expect(record('http://127.0.0.1/hex')!.skipReason).toBe('address-refused');
    expect(record('http://localhost:8080/')!.skipReason).toBe('address-refused');
    expect(record(`${O}/r`)).toMatchObject({
      status: 'skipped',
      skipReason: 'address-refused',
      finalUrl: 'http://192.168.1.1/router',
    });
  });

  it('goes there when the crawl started on such an address', async () => {
    const start = 'http://127.0.0.1:8000/';
    const { site } = await crawl(
      { [start]: { html: page('Home', [['http://10.0.0.1/admin', 'admin']]) } },
      { checkExternal: true },
      {},
      start,
    );
    expect(site.count('http://10.0.0.1/admin')).toBeGreaterThan(0);
  });

  it('refuses a name that resolved to a private address, as the adapter says', async () => {
    const guard = new AddressGuard(`${O}/`, (address) =>
      address === '1.2.3.4' ? 'public' : 'private',
    );
    // The adapter saw the start's name resolve to a public address.
    expect(guard.checkResolved('site.test', '1.2.3.4').allowed).toBe(true);
    const refusal = guard.checkResolved('intranet.test', '10.1.1.1');
    expect(refusal).toMatchObject({ allowed: false });
    const { record } = await crawl(
      { [`${O}/`]: { html: page('Home', [['http://10.9.9.9/', 'x']]) } },
      {},
      { addressGuard: guard },
    );
    expect(record('http://10.9.9.9/')?.skipReason).toBe('address-refused');
  });
});

describe("other sites' robots.txt", () => {
  it('names the deciding line of another site, never its text', async () => {
    const { record } = await crawl({
      [`${O}/`]: { html: page('Home', [[`${X}/page`, 'out']]) },
      [`${X}/robots.txt`]: text('User-agent: *\nDisallow: /*\n'),
    });
    const blocked = record(`${X}/page`)!;
    expect(blocked.status).toBe('blocked');
    expect(blocked.reason).toBe(`robots.txt of ${X} blocks RobotLens (line 2)`);
  });
});
