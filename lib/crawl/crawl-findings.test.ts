/** What a crawl says about links that make no request: `file:` ones are findings, the rest a count. */
import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { fakeSite, page } from '../../tests/support/fake-site.ts';
import { systemClock } from './clock.ts';
import { Crawler } from './crawl.ts';
import { buildReport } from './report.ts';

const O = 'http://site.test';

async function crawlHome(html: string) {
  const site = fakeSite({ [`${O}/`]: { html }, [`${O}/a.html`]: { html: page('A') } });
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0 },
    { http: site.http, clock: systemClock },
  );
  return withText(buildReport(await crawler.run(), crawler.stats()), english);
}

describe('links that make no request', () => {
  it('reports file: links and canonicals as broken, with the pages that carry them', async () => {
    const report = await crawlHome(
      page(
        'Home',
        [['file:///C:/docs/a.html', 'Local copy']],
        '<link rel="canonical" href="file:///usr/share/doc/index.html">',
      ),
    );
    const files = report.broken.filter((b) => b.kind === 'file-url');
    expect(files.map((b) => b.url).sort()).toEqual([
      'file:///C:/docs/a.html',
      'file:///usr/share/doc/index.html',
    ]);
    expect(files.every((b) => b.foundOn[0]?.page === `${O}/`)).toBe(true);
    expect(files[0]!.reason).toMatch(/author's own computer/);
    expect(report.skipped.filter((s) => s.url.startsWith('file:'))).toEqual([]);
  });

  it('counts mailto:, tel: and javascript: links by scheme instead of listing them as skipped', async () => {
    const report = await crawlHome(
      page('Home', [
        ['mailto:webmaster@site.test', 'Write to us'],
        ['tel:+15551234', 'Call'],
        ['tel:+15559999', 'Call the other'],
        ['javascript:void(0)', 'Menu'],
      ]),
    );
    expect(report.notRequestedLinks).toEqual({ mailto: 1, tel: 2, javascript: 1 });
    expect(report.skipped.filter((s) => !s.url.startsWith('http'))).toEqual([]);
  });

  it('does not list an ordinary #fragment link as an alias of its page', async () => {
    const report = await crawlHome(
      page('Home', [
        ['/a.html#section-2', 'Section 2'],
        ['/A/../a.html', 'odd spelling'],
      ]),
    );
    expect(report.aliases.map((a) => a.raw)).toEqual(['/A/../a.html']);
  });
});
