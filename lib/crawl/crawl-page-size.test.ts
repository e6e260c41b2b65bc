/**
 * Large pages: read up to the size limit and said so (a `page-too-large`
 * finding), and a page that repeats a few links many times still has every
 * target it links checked.
 */
import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { fakeSite, page } from '../../tests/support/fake-site.ts';
import { DEFAULT_MAX_LINKS } from '../links/extract-links.ts';
import { systemClock } from './clock.ts';
import { Crawler } from './crawl.ts';
import { buildReport } from './report.ts';
import { DEFAULT_CRAWL_OPTIONS } from './types.ts';

const O = 'http://site.test';

async function crawl(pages: Record<string, string>, maxBodyBytes?: number) {
  const routes = Object.fromEntries(
    Object.entries(pages).map(([path, html]) => [`${O}${path}`, { html }]),
  );
  const site = fakeSite(routes);
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, ...(maxBodyBytes ? { maxBodyBytes } : {}) },
    { http: site.http, clock: systemClock },
  );
  return withText(buildReport(await crawler.run(), crawler.stats()), english);
}

describe('large pages', () => {
  it('reads pages up to 15 MB, as Googlebot does', () => {
    expect(DEFAULT_CRAWL_OPTIONS.maxBodyBytes).toBe(15 * 2 ** 20);
  });

  it('says a page was cut at the size limit, and checks the links before the cut', async () => {
    const filler = `<p>${'x'.repeat(3000)}</p>`;
    const big = page('Big', [['/early', 'early']]).replace(
      '</body>',
      `${filler}<a href="/late">late</a></body>`,
    );
    const report = await crawl({ '/': big, '/early': page('Early') }, 2000);
    const found = report.findings.filter((finding) => finding.code === 'page-too-large');
    expect(found.map((finding) => finding.url)).toEqual([`${O}/`]);
    expect(found[0]!.detail).toMatch(/first 0\.002 MB of this page were read/);
    expect(report.pages.find((row) => row.url === `${O}/`)?.truncated).toBe(true);
    expect(report.pages.map((row) => row.url)).toContain(`${O}/early`);
    expect(report.pages.map((row) => row.url)).not.toContain(`${O}/late`);
  });

  it('gives no page-too-large finding for pages read whole', async () => {
    const report = await crawl({ '/': page('Home', [['/a', 'a']]), '/a': page('A') });
    expect(report.findings.filter((finding) => finding.code === 'page-too-large')).toEqual([]);
  });

  it('checks a link that comes after more than the link limit of repeated links', async () => {
    // Debian's GHC docs: Haddock pages of 82,000-124,000 links to a few hundred URLs, and links to
    // missing pages after the 20,000th.
    const repeated = '<a href="/a">a</a><a href="/b">b</a>'.repeat(DEFAULT_MAX_LINKS);
    const home = page('Home').replace('</body>', `${repeated}<a href="/missing">m</a></body>`);
    const report = await crawl({ '/': home, '/a': page('A'), '/b': page('B') });
    expect(report.broken.map((row) => row.url)).toEqual([`${O}/missing`]);
  });
});
