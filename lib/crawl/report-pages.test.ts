import { describe, expect, it } from 'vitest';
import { fakeSite, page } from '../../tests/support/fake-site.ts';
import { systemClock } from './clock.ts';
import { Crawler } from './crawl.ts';
import { buildReport } from './report.ts';

const O = 'http://site.test';

describe('the report of a broken link', () => {
  it('names every page that carries it, most links first, with a count per page', async () => {
    const others = Array.from({ length: 20 }, (_, i) => [`/p${i}.html`, `page ${i}`]);
    const toc = Array.from({ length: 800 }, (_, i) => [`/changelog.html#v${i}`, `Version ${i}`]);
    const answers = Object.fromEntries(
      others.map(([href]) => [`${O}${href}`, { html: page(href!, [['/changelog.html', 'log']]) }]),
    );
    const site = fakeSite({
      ...answers,
      [`${O}/`]: {
        html: page('Home', [...others, ['/contents.html', 'Contents']] as [string, string][]),
      },
      [`${O}/contents.html`]: { html: page('Contents', toc as [string, string][]) },
    });
    const crawler = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0 },
      { http: site.http, clock: systemClock },
    );
    const report = buildReport(await crawler.run(), crawler.stats());
    const changelog = report.broken.find((b) => b.url === `${O}/changelog.html`)!;
    expect(changelog.linkCount).toBe(820);
    expect(changelog.pageCount).toBe(21);
    expect(changelog.pages).toHaveLength(21);
    expect(changelog.pages[0]).toMatchObject({ page: `${O}/contents.html`, linkCount: 800 });
    expect(changelog.pages[0]!.links.map((l) => l.text)).toEqual([
      'Version 0',
      'Version 1',
      'Version 2',
    ]);
    expect(changelog.pages.slice(1).every((p) => p.linkCount === 1)).toBe(true);
    expect(new Set(changelog.foundOn.map((s) => s.page)).size).toBe(21);
  });
});

describe("a big site's report", () => {
  it('shares what every page says alike: no reasons, "no META description"', async () => {
    const pages = ['/a.html', '/b.html', '/c.html'];
    const site = fakeSite({
      [`${O}/`]: {
        html: page(
          'Home',
          pages.map((p) => [p, p] as [string, string]),
        ),
      },
      ...Object.fromEntries(pages.map((p) => [`${O}${p}`, { html: page(`Page ${p}`) }])),
    });
    const crawler = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0 },
      { http: site.http, clock: systemClock },
    );
    const report = buildReport(await crawler.run(), crawler.stats());
    const [first, ...rest] = report.pages;
    expect(report.pages).toHaveLength(4);
    // One list and one phrase for a million pages, not a million of each (frozen: never changed).
    expect(first!.reasons).toEqual([]);
    for (const row of rest) expect(row.reasons).toBe(first!.reasons);
    const missing = report.findings.filter((f) => f.code === 'description-missing');
    expect(missing).toHaveLength(4);
    for (const finding of missing) expect(finding.detail).toBe(missing[0]!.detail);
    expect(Object.isFrozen(missing[0]!.detail)).toBe(true);
  });
});
