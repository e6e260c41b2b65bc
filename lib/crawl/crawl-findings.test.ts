/** What a crawl says about links that make no request: `file:` ones are findings, the rest a count. */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
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

  it('does not list a home page written without its slash as an alias', async () => {
    const report = await crawlHome(
      page('Home', [
        ['https://numfocus.org', 'NumFOCUS'],
        [O, 'this site'],
        ['HTTPS://Example.org', 'shouting'],
      ]),
    );
    // Only what a webmaster would tidy: the case, not the missing "/" (the browser sends "/").
    expect(report.aliases.map((a) => [a.raw, a.reasons])).toEqual([
      ['HTTPS://Example.org', ['scheme-case', 'host-case']],
    ]);
  });

  it('lists an alias written twice on a page once for that page', async () => {
    const report = await crawlHome(
      page('Home', [
        ['/A/../a.html', 'in the menu'],
        ['/A/../a.html', 'in the text'],
        ['/B/../a.html', 'another spelling'],
        ['/a.html', 'the page'],
      ]),
    );
    expect(report.aliases.map((a) => a.raw)).toEqual(['/A/../a.html', '/B/../a.html']);
  });
});

describe('what the crawl keeps of a page', () => {
  it('keeps no page alive through the aliases it notes', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const pages = 30;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    const aliases = await crawlForAliases(pages);
    gc();
    const retainedMb = (process.memoryUsage().heapUsed - baseline) / 1e6;
    expect(aliases.map((alias) => alias.raw)).toContain('/x/../p0.html');
    // Each page is ~1 MB: a kept alias that is a view into its page keeps all of it.
    expect(retainedMb).toBeLessThan(pages / 3);
  });
});

/** Crawls `pages` pages of ~1 MB, each with a link to itself spelled oddly; gives back only the aliases. */
async function crawlForAliases(pages: number) {
  const answers: Record<string, { html: string }> = {};
  const links: [string, string][] = [];
  for (let i = 0; i < pages; i++) {
    links.push([`/dir/../p${i}.html`, `Page ${i}`]);
    const filler = `<meta name="description" content="${'words '.repeat(170_000)}">`;
    answers[`${O}/p${i}.html`] = { html: page(`P${i}`, [[`/x/../p${i}.html`, 'me']], filler) };
  }
  answers[`${O}/`] = { html: page('Home', links) };
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, checkExternal: false },
    { http: fakeSite(answers).http, clock: systemClock },
  );
  await crawler.run();
  return crawler.book.aliases;
}
