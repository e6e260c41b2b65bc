/**
 * The scale benchmark's pure parts: the generated site (deterministic, the
 * links a page carries, every URL reachable, the engine finding them all)
 * and the curve (rates, saves, stop, and the targets marked).
 */
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/crawl/clock.ts';
import { Crawler } from '../../lib/crawl/crawl.ts';
import { inMemoryWeb } from '../../bench/in-memory-web.ts';
import {
  curveRows,
  parseChildLines,
  scaleTargets,
  type CurveRow,
  type SaveSample,
  type ScaleSample,
  type ScaleStop,
} from '../../bench/scale-curve.ts';
import {
  answerScalePath,
  pageIndex,
  pageLinks,
  pagePath,
  scaleSiteFor,
  siteUrlCount,
  type ScaleSite,
} from '../../bench/scale-site.ts';

const MILLION: ScaleSite = { pages: 909_091, brokenEvery: 10 };

describe('the generated site', () => {
  it('has about the URLs asked for, a million exactly', () => {
    expect(scaleSiteFor(1_000_000)).toEqual(MILLION);
    expect(siteUrlCount(MILLION)).toBe(1_000_000);
    expect(siteUrlCount(scaleSiteFor(2_000))).toBe(2_000);
  });

  it('answers the same page the same way every time', () => {
    for (const i of [0, 1, 17, 454_545, 909_090]) {
      const path = pagePath(i);
      expect(answerScalePath(path, MILLION)).toEqual(answerScalePath(path, MILLION));
      expect(pageLinks(i, MILLION)).toEqual(pageLinks(i, MILLION));
    }
  });

  // menu (home + 8), parent, 8 children, next in section, 12 nearby + 4 anywhere, #top, broken
  it.each([
    { i: 0, links: 1 + 8 + 0 + 8 + 0 + 16 + 1 + 0, broken: false },
    { i: 10, links: 1 + 8 + 1 + 8 + 1 + 16 + 1 + 1, broken: true },
    { i: 11, links: 1 + 8 + 1 + 8 + 1 + 16 + 1 + 0, broken: false },
    { i: 909_090, links: 1 + 8 + 1 + 0 + 0 + 16 + 1 + 1, broken: true },
    { i: 909_089, links: 1 + 8 + 1 + 0 + 0 + 16 + 1 + 0, broken: false },
  ])('page $i carries $links links', ({ i, links, broken }) => {
    const hrefs = pageLinks(i, MILLION);
    expect(hrefs).toHaveLength(links);
    expect(hrefs.some((href) => href.startsWith('/gone/'))).toBe(broken);
    const html = answerScalePath(pagePath(i), MILLION).html;
    expect(html.match(/<a href=/g)).toHaveLength(links);
    expect(html.length).toBeGreaterThan(2_000);
  });

  it.each([
    { path: '/', index: 0 },
    { path: '/s/5/p5.html', index: 5 },
    { path: '/s/0/p64.html', index: 64 },
    { path: '/s/1/p64.html', index: -1 },
    { path: '/s/2/p909091.html', index: -1 },
    { path: '/gone/10.html', index: -1 },
    { path: '/robots.txt', index: -1 },
  ])('reads $path as page $index', ({ path, index }) => {
    expect(pageIndex(path, MILLION)).toBe(index);
    expect(answerScalePath(path, MILLION).status).toBe(index < 0 ? 404 : 200);
  });

  it('reaches every URL it counts from /, and no other', () => {
    const site = scaleSiteFor(3_000);
    const origin = 'http://scale.test';
    const seen = new Set([`${origin}/`]);
    const pending = [`${origin}/`];
    let missing = 0;
    while (pending.length > 0) {
      const url = pending.pop()!;
      const i = pageIndex(new URL(url).pathname, site);
      if (i < 0) {
        missing++;
        continue;
      }
      for (const href of pageLinks(i, site)) {
        const target = new URL(href, url);
        target.hash = '';
        if (seen.has(target.href)) continue;
        seen.add(target.href);
        pending.push(target.href);
      }
    }
    expect(seen.size).toBe(siteUrlCount(site));
    expect(missing).toBe(Math.floor((site.pages - 1) / site.brokenEvery));
  });

  it('is crawled whole by the engine, its missing pages found broken', async () => {
    const site = scaleSiteFor(1_100);
    const crawler = Crawler.start(
      { startUrls: ['http://scale.test/'], delayMs: 0, maxPages: 5_000, concurrencyPerOrigin: 8 },
      { http: inMemoryWeb((path) => answerScalePath(path, site)), clock: systemClock },
    );
    await crawler.run();
    expect(crawler.book.known.size).toBe(siteUrlCount(site));
    expect(crawler.stats().broken).toBe(Math.floor((site.pages - 1) / site.brokenEvery));
    expect(crawler.book.stoppedBecause).toBe('finished');
  });
});

function sample(
  point: number | null,
  known: number,
  checked: number,
  seconds: number,
): ScaleSample {
  return {
    point,
    known,
    checked,
    requests: checked,
    elapsedMs: seconds * 1000,
    rssMb: 100,
    peakRssMb: 100,
    heapUsedMb: 50,
  };
}

function save(seconds: number, known: number, checked: number, bytes: number): SaveSample {
  return { elapsedMs: seconds * 1000, known, checked, bytes, ms: 10 };
}

describe('the curve', () => {
  it('rates each point over the interval since the one before, ticks left out', () => {
    const rows = curveRows(
      [sample(null, 5, 1, 1), sample(10, 10, 4, 2), sample(null, 15, 6, 3), sample(20, 20, 12, 4)],
      [],
    );
    expect(rows.map((row) => [row.point, row.ratePerSecond])).toEqual([
      [10, 2],
      [20, 4],
    ]);
  });

  it('gives each point the latest save done by then and what changed since the save before', () => {
    const saves = [save(1, 4, 1, 400), save(3, 14, 5, 1_400), save(5, 30, 20, 3_000)];
    const rows = curveRows([sample(10, 10, 2, 2), sample(20, 20, 10, 4)], saves);
    expect(rows[0]!.save).toEqual({ ...saves[0], changed: 5, sinceMs: 1_000 });
    expect(rows[1]!.save).toEqual({ ...saves[1], changed: 10 + 4, sinceMs: 2_000 });
    expect(curveRows([sample(10, 10, 2, 0.5)], saves)[0]!.save).toBeNull();
  });

  it('keeps the lines a kill left whole and drops the one it cut', () => {
    const lines = [
      JSON.stringify({ kind: 'sample', ...sample(10, 10, 2, 1) }),
      JSON.stringify({ kind: 'save', ...save(1, 4, 1, 400) }),
      '{"kind":"sample","point":20,"kno',
    ].join('\n');
    const parsed = parseChildLines(lines);
    expect(parsed.samples).toHaveLength(1);
    expect(parsed.saves).toHaveLength(1);
    expect(parsed.done).toBeNull();
    expect(parsed.saving).toBeNull();
  });

  it('tells a save the child was still in when its output stopped', () => {
    const saving = (seconds: number, known: number) =>
      JSON.stringify({ kind: 'saving', elapsedMs: seconds * 1000, known });
    const saveLine = JSON.stringify({ kind: 'save', ...save(2, 4, 1, 400) });
    expect(parseChildLines([saving(1, 4), saveLine].join('\n')).saving).toBeNull();
    expect(parseChildLines([saving(1, 4), saveLine, saving(9, 90)].join('\n')).saving).toEqual({
      elapsedMs: 9_000,
      known: 90,
    });
  });
});

function row(point: number, ratePerSecond: number, save: CurveRow['save']): CurveRow {
  return { ...sample(point, point, point / 10, 1), point, ratePerSecond, save };
}

/** A save of `bytes` holding `known` URLs, `changed` of them new or checked since the save before. */
function saved(known: number, changed: number, bytes: number): CurveRow['save'] {
  return { ...save(1, known, known / 10, bytes), changed, sinceMs: 1_000 };
}

const finished: ScaleStop = { reason: 'finished', at: null, detail: 'the crawl ended' };
const capped: ScaleStop = {
  reason: 'rss-cap',
  at: sample(null, 150_000, 12_000, 100),
  detail: 'RSS passed the 2000 MB cap',
};
/** Whole-state saves: every save writes 300 bytes per URL known. */
const wholeState = [
  row(10_000, 500, saved(9_000, 9_000, 2_700_000)),
  row(1_000_000, 480, saved(990_000, 20_000, 297_000_000)),
];
/** Saves of what changed: 300 bytes per changed URL. */
const incremental = [
  row(10_000, 500, saved(9_000, 9_000, 2_700_000)),
  row(1_000_000, 480, saved(990_000, 20_000, 6_000_000)),
];

describe('the targets, marked', () => {
  it.each([
    {
      name: 'a store that meets all three',
      rows: incremental,
      peak: 480,
      stop: finished,
      met: [true, true, true],
    },
    {
      name: 'the same crawl over 512 MB',
      rows: incremental,
      peak: 600,
      stop: finished,
      met: [false, true, true],
    },
    {
      name: 'whole-state saves',
      rows: wholeState,
      peak: 480,
      stop: finished,
      met: [true, true, false],
    },
    {
      name: 'a whole-state save after most of the state changed',
      rows: [wholeState[0]!, row(1_000_000, 480, saved(990_000, 600_000, 297_000_000))],
      peak: 480,
      stop: finished,
      met: [true, true, false],
    },
    {
      name: 'a rate fallen by more than 20 %',
      rows: [incremental[0]!, row(1_000_000, 399, incremental[1]!.save)],
      peak: 480,
      stop: finished,
      met: [true, false, true],
    },
    {
      name: 'reached 1M but cut by the time cap',
      rows: incremental,
      peak: 480,
      stop: { ...finished, reason: 'time-cap' as const, detail: 'time passed the 240 s cap' },
      met: [false, true, true],
    },
    {
      name: 'stopped by the RSS cap before 1M',
      rows: incremental.slice(0, 1),
      peak: 2_010,
      stop: capped,
      met: [false, false, false],
    },
    {
      name: 'no peak measured',
      rows: incremental,
      peak: null,
      stop: finished,
      met: [false, true, true],
    },
  ])('$name', ({ rows, peak, stop, met }) => {
    const targets = scaleTargets({ siteUrls: 1_000_000, peakRssMb: peak, rows, stop });
    expect(targets.map((t) => t.pass)).toEqual(met);
  });

  it.each([
    { name: 'writes what changed', bytes: 6_000_000, met: true },
    { name: 'writes 2.4× what changed', bytes: 14_500_000, met: false },
    { name: 'writes more than half the state', bytes: 5_400_000, changed: 600_000, met: false },
  ])('a store that says its size and rows: $name', ({ bytes, changed = 20_000, met }) => {
    // 300 MB of state for 990,000 URLs; 20,000 rows changed are 2 % of them.
    const exact = (b: number, rows: number) => ({
      ...saved(990_000, rows, b)!,
      rows,
      stateBytes: 300_000_000,
    });
    const rows = [
      row(10_000, 500, { ...saved(9_000, 9_000, 1_000_000)!, rows: 9_000, stateBytes: 3_000_000 }),
      row(1_000_000, 480, exact(bytes * (changed / 20_000), changed)),
    ];
    const [, , save] = scaleTargets({ siteUrls: 1_000_000, peakRssMb: 400, rows, stop: finished });
    expect(save!.pass, save!.figure).toBe(met);
  });

  it('says where and why a capped run stopped', () => {
    const [peak, rate] = scaleTargets({
      siteUrls: 1_000_000,
      peakRssMb: 2_010,
      rows: incremental.slice(0, 1),
      stop: capped,
    });
    expect(peak!.figure).toBe(
      'peak RSS 2010 MB; stopped at 150,000 URLs known, 12,000 checked (RSS passed the 2000 MB cap)',
    );
    expect(rate!.figure).toBe('500/s at 10,000; 1,000,000 not reached');
  });
});
