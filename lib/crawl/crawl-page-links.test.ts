/**
 * Whether a URL is crawled (fetched as a page, its links read) depends on
 * every link to it, found in any order and across a resume: a first link
 * from an `img`, a `script` or a `<link rel=index>` does not make it a mere
 * check when an `<a href>` points at it too.
 */
import { describe, expect, it } from 'vitest';
import { fakeSite, page, type FakeAnswer } from '../../tests/support/fake-site.ts';
import { systemClock } from './clock.ts';
import type { CrawlCheckpoint } from './crawl-book.ts';
import { Crawler } from './crawl.ts';
import { buildReport } from './report.ts';
import { checkpointStats } from './stats.ts';

const O = 'http://site.test';

async function crawl(answers: Record<string, FakeAnswer>) {
  const site = fakeSite(answers);
  const crawler = Crawler.start(
    { startUrls: [`${O}/`], delayMs: 0 },
    { http: site.http, clock: systemClock },
  );
  const checkpoint = await crawler.run();
  // The live counters, kept as URLs are recorded (a URL checked, then crawled, is recorded twice),
  // agree with a count of the records.
  const counted = checkpointStats(checkpoint);
  expect(crawler.stats()).toMatchObject({ ...counted, elapsedMs: crawler.stats().elapsedMs });
  return { site, report: buildReport(checkpoint, crawler.stats()) };
}

const gets = (site: ReturnType<typeof fakeSite>, url: string) =>
  site.requests.filter((r) => r.url === url && r.method === 'GET').length;

/** A page (no extension, so only its links say what it is) that links a dead page. */
const LINKS_A_DEAD_PAGE: FakeAnswer = { html: page('Index', [['/gone.html', 'gone']]) };

describe('a page first named by a link that is only checked', () => {
  it('crawls a page a <link rel=index> names, as Sphinx writes on every page', async () => {
    const { site, report } = await crawl({
      [`${O}/`]: { html: page('Home', [], '<link rel="index" href="/genindex">') },
      [`${O}/genindex`]: LINKS_A_DEAD_PAGE,
    });
    expect(gets(site, `${O}/genindex`)).toBe(1);
    expect(report.broken.map((b) => b.url)).toEqual([`${O}/gone.html`]);
  });

  for (const [element, tag] of [
    ['img', '<img src="/thing" alt="x">'],
    ['script', '<script src="/thing"></script>'],
  ]) {
    it(`crawls a page first named by <${element}> when an <a href> on the same page names it`, async () => {
      const { site, report } = await crawl({
        [`${O}/`]: { html: page('Home', [['/thing', 'The thing']], tag) },
        [`${O}/thing`]: LINKS_A_DEAD_PAGE,
      });
      expect(gets(site, `${O}/thing`)).toBe(1);
      expect(report.broken.map((b) => b.url)).toEqual([`${O}/gone.html`]);
    });
  }

  it('crawls it when the <a href> is found on a later page, after the check ended', async () => {
    const { site, report } = await crawl({
      [`${O}/`]: { html: page('Home', [['/p1', 'one']], '<img src="/thing" alt="x">') },
      [`${O}/p1`]: { html: page('One', [['/p2', 'two']]) },
      [`${O}/p2`]: { html: page('Two', [['/thing', 'The thing']]) },
      [`${O}/thing`]: LINKS_A_DEAD_PAGE,
    });
    expect(site.count(`${O}/thing`)).toBe(2); // HEAD, then GET once the <a href> is seen
    expect(report.broken.map((b) => b.url)).toEqual([`${O}/gone.html`]);
  });

  it('does not fetch an image again because an <a href> points at it', async () => {
    const { site } = await crawl({
      [`${O}/`]: { html: page('Home', [['/p1', 'one']], '<img src="/pic" alt="x">') },
      [`${O}/p1`]: { html: page('One', [['/pic', 'The picture']]) },
      [`${O}/pic`]: { body: 'PNG', headers: [['content-type', 'image/png']] },
    });
    expect(gets(site, `${O}/pic`)).toBe(0);
  });

  it('crawls it when the <a href> is found after a resume', async () => {
    const answers: Record<string, FakeAnswer> = {
      [`${O}/`]: { html: page('Home', [['/p1', 'one']], '<img src="/thing" alt="x">') },
      [`${O}/p1`]: { html: page('One', [['/p2', 'two']]) },
      [`${O}/p2`]: { html: page('Two', [['/thing', 'The thing']]) },
      [`${O}/thing`]: LINKS_A_DEAD_PAGE,
    };
    const site = fakeSite(answers);
    const stop = new AbortController();
    const first = Crawler.start(
      { startUrls: [`${O}/`], delayMs: 0, concurrencyPerOrigin: 1 },
      {
        http: site.http,
        clock: systemClock,
        onEvent: (e) => {
          if (e.type === 'result' && e.record.url === `${O}/thing`) stop.abort();
        },
      },
    );
    const checkpoint = JSON.parse(JSON.stringify(await first.run(stop.signal))) as CrawlCheckpoint;
    expect(checkpoint.records.find((r) => r.url === `${O}/thing`)?.method).toBe('HEAD');
    const resumed = Crawler.resume(checkpoint, { http: site.http, clock: systemClock });
    const report = buildReport(await resumed.run(), resumed.stats());
    expect(gets(site, `${O}/thing`)).toBe(1);
    expect(report.broken.map((b) => b.url)).toEqual([`${O}/gone.html`]);
  });

  it('reads the final page of a redirect within the site', async () => {
    const { site, report } = await crawl({
      [`${O}/`]: { html: page('Home', [['/docs', 'Docs']]) },
      [`${O}/docs`]: { status: 301, headers: [['location', '/docs/']] },
      [`${O}/docs/`]: LINKS_A_DEAD_PAGE,
    });
    expect(gets(site, `${O}/docs/`)).toBe(1);
    expect(report.broken.map((b) => b.url)).toEqual([`${O}/gone.html`]);
  });
});
