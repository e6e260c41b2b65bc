/** The report's reading order, and a crawl cut short carried on from its checkpoint. */
import { describe, expect, it } from 'vitest';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { systemClock } from './clock.ts';
import { continuedCheckpoint, cutShortOf } from './continue-crawl.ts';
import { Crawler } from './crawl.ts';
import { buildReport } from './report.ts';
import { reportSections } from './report-sections.ts';
import type { CrawlOptions } from './types.ts';

const O = 'http://site.test';
const X = 'http://elsewhere.test';
const Y = 'http://no-dns.test';

const SITE: Record<string, FakeAnswer> = {
  [`${O}/`]: {
    html: page('Home', [
      ['/a.html', 'A'],
      ['/b.html', 'B'],
      ['/c.html', 'C'],
      ['/once.html', 'Missing once'],
      ['/old.html', 'Moved'],
      [`${X}/gone.html`, 'Gone elsewhere'],
      [`${X}/slow.html`, 'Slow elsewhere'],
      [`${X}/wall.html`, 'Bot wall'],
      [`${Y}/page.html`, 'No DNS'],
    ]),
  },
  [`${O}/a.html`]: { html: page('A', [['/everywhere.html', 'Missing']]) },
  [`${O}/b.html`]: { html: page('B', [['/everywhere.html', 'Missing']]) },
  [`${O}/c.html`]: { html: page('C', [['/everywhere.html', 'Missing']]) },
  [`${O}/old.html`]: { status: 301, headers: [['location', `${O}/a.html`]] },
  [`${X}/slow.html`]: { error: 'timeout' },
  [`${X}/wall.html`]: { status: 999 },
  [`${Y}/robots.txt`]: { error: 'dns' },
};

async function crawl(options: Partial<CrawlOptions> = {}) {
  const site = fakeSite(SITE);
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0, ...options },
    { http: site.http, clock: systemClock },
  );
  const checkpoint = await crawler.run();
  return { site, checkpoint, report: buildReport(checkpoint, crawler.stats()) };
}

describe('reportSections', () => {
  it("puts the site's broken links most-linked first, and other sites' non-answers apart", async () => {
    const { report } = await crawl();
    const sections = reportSections(report);
    expect(sections.siteBroken.map((p) => [p.url, p.pageCount])).toEqual([
      [`${O}/everywhere.html`, 3],
      [`${O}/once.html`, 1],
    ]);
    expect(sections.siteBroken[0]!.pages.map((s) => s.page)).toEqual([
      `${O}/a.html`,
      `${O}/b.html`,
      `${O}/c.html`,
    ]);
    expect(sections.redirectsToFix).toMatchObject([
      { from: `${O}/old.html`, to: `${O}/a.html`, pageCount: 1 },
    ]);
    expect(sections.offSiteBroken.map((p) => p.url)).toEqual([`${X}/gone.html`]);
    expect(sections.unverified.map((p) => [p.url, p.kind]).sort()).toEqual(
      [
        [`${X}/slow.html`, 'timeout'],
        [`${X}/wall.html`, 'forbidden'],
        [`${Y}/page.html`, 'dns'],
      ].sort(),
    );
    expect(sections.otherSitesRobots).toEqual([Y]);
  });
});

describe('a crawl cut short by its page limit', () => {
  it('is named with what was left, and its continuation fetches only the rest', async () => {
    const { site, checkpoint } = await crawl({ maxPages: 2, checkExternal: false });
    // The engine calls it finished; the pages the limit skipped say otherwise.
    expect(checkpoint.finished).toBe(true);
    const cut = cutShortOf(checkpoint);
    expect(cut).toMatchObject({ reason: 'max-pages', limit: 2 });
    expect(cut!.left).toBeGreaterThan(0);
    const requestedBefore = site.requests.map((r) => r.url);
    expect(requestedBefore).toContain(`${O}/`);
    const next = continuedCheckpoint(checkpoint, { maxPages: 100 });
    const again = fakeSite(SITE);
    const resumed = Crawler.resume(next, { http: again.http, clock: systemClock });
    const done = await resumed.run();
    expect(cutShortOf(done)).toBeNull();
    const report = buildReport(done, resumed.stats());
    expect(reportSections(report).siteBroken.map((p) => p.url)).toContain(`${O}/everywhere.html`);
    // Only what the limit left is fetched: the start page is not asked again.
    const requestedNow = again.requests.map((r) => r.url);
    expect(requestedNow).not.toContain(`${O}/`);
    expect(requestedNow).toEqual(expect.arrayContaining([`${O}/b.html`, `${O}/c.html`]));
  });

  it('keeps every page linking a URL it skipped, which carrying on may find broken', async () => {
    const pages = ['p1', 'p2', 'p3', 'p4', 'p5'];
    const answers: Record<string, FakeAnswer> = {
      [`${O}/`]: {
        html: page('Home', [...pages.map((p) => [`/${p}.html`, p]), ['/gone.html', 'Gone']] as [
          string,
          string,
        ][]),
      },
    };
    for (const p of pages)
      answers[`${O}/${p}.html`] = { html: page(p, [['/gone.html', `Gone ${p}`]]) };
    const first = fakeSite(answers);
    const cut = await Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, maxPages: 1 + pages.length },
      { http: first.http, clock: systemClock },
    ).run();
    expect(first.requests.map((r) => r.url)).not.toContain(`${O}/gone.html`);
    const resumed = Crawler.resume(continuedCheckpoint(cut, { maxPages: 100 }), {
      http: fakeSite(answers).http,
      clock: systemClock,
    });
    const report = buildReport(await resumed.run(), resumed.stats());
    const gone = report.broken.find((b) => b.url === `${O}/gone.html`);
    expect(gone?.pages.map((p) => p.page).sort()).toEqual(
      [`${O}/`, ...pages.map((p) => `${O}/${p}.html`)].sort(),
    );
    expect(gone?.foundOn.map((s) => s.text).sort()).toEqual(
      ['Gone', ...pages.map((p) => `Gone ${p}`)].sort(),
    );
  });

  it('by the time limit gets a new time budget for the next run', async () => {
    const { checkpoint } = await crawl();
    const stopped = {
      ...checkpoint,
      finished: false,
      stoppedBecause: 'max-duration' as const,
      elapsedBeforeMs: 5_000,
    };
    expect(cutShortOf(stopped)).toMatchObject({ reason: 'max-duration' });
    expect(continuedCheckpoint(stopped, { runMs: 1_000 }).options.maxDurationMs).toBe(6_000);
    expect(cutShortOf(checkpoint)).toBeNull();
  });
});
