import { describe, expect, it } from 'vitest';
import { fakeSite, page } from '../../tests/support/fake-site.ts';
import { systemClock } from './clock.ts';
import { Crawler } from './crawl.ts';
import { buildReport } from './report.ts';

const O = 'http://site.test';
const css = (body: string) => ({
  body,
  headers: [['content-type', 'text/css']] as [string, string][],
});

describe('the site’s stylesheets', () => {
  it('are read for url() and @import links, which are checked like any other', async () => {
    const site = fakeSite({
      [`${O}/`]: {
        html: page('Home', [], '<link rel="stylesheet" href="/s/site.css">'),
      },
      [`${O}/s/site.css`]: css(
        '@import "fonts.css";\n/* url(commented.png) */\n.a { background: url(img/ui-icons.png) }',
      ),
      [`${O}/s/fonts.css`]: css('@font-face { src: url("../f/font.woff2") }'),
      [`${O}/s/img/ui-icons.png`]: { status: 404 },
    });
    const crawler = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0 },
      { http: site.http, clock: systemClock },
    );
    const report = buildReport(await crawler.run(), crawler.stats());
    const broken = Object.fromEntries(report.broken.map((b) => [b.url, b]));
    expect(Object.keys(broken).sort()).toEqual([`${O}/f/font.woff2`, `${O}/s/img/ui-icons.png`]);
    expect(broken[`${O}/s/img/ui-icons.png`]!.foundOn[0]).toMatchObject({
      page: `${O}/s/site.css`,
      element: 'style',
      attribute: 'css',
      line: 3,
    });
    expect(broken[`${O}/f/font.woff2`]!.foundOn[0]!.page).toBe(`${O}/s/fonts.css`);
    expect(site.count(`${O}/s/commented.png`)).toBe(0);
  });
});
