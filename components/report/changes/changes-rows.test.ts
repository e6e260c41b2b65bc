/**
 * "Changes since <date>" on hand-made CrawlChanges: the headline's counts
 * on each side, the parts shown and their order, a page's reasons before
 * and now, the robots.txt diff's signs and context, the effect sentences
 * in both languages, the tables' rows, sorting and filters, and the CSV.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../lib/i18n/catalog.ts';
import { createTranslator } from '../../../lib/i18n/translator.ts';
import type { CrawlChanges, RobotsLineDiff } from '../../../lib/watch/types.ts';
import { englishTranslator as en } from '../../english.ts';
import { filterOptions, matchRows, prepareRows, sortRows } from '../table/table-model.ts';
import {
  changeCounts,
  changeParts,
  changesCsv,
  diffRows,
  diffWithContext,
  reasonDelta,
  sitemapRows,
} from './changes-rows.ts';
import {
  fixedSpec,
  lostIndexableSpec,
  newBrokenSpec,
  newRedirectsSpec,
  newTrapsSpec,
  regainedIndexableSpec,
  sitemapChangesSpec,
} from './changes-specs.tsx';
import { effectSentences } from './RobotsChanges.tsx';

const O = 'http://watch.test';

function korean() {
  const file = path.resolve(import.meta.dirname, '../../../public/_locales/ko/messages.json');
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
  return createTranslator('ko', (key, substitutions) => {
    const entry = catalog[key];
    if (!entry) return undefined;
    return entry.message.replace(/\$([a-z_]+)\$/gi, (_, name: string) => {
      const at = entry.placeholders?.[name.toLowerCase()]?.content;
      return at ? (substitutions[Number(at.slice(1)) - 1] ?? '') : '';
    });
  });
}

const NO_CHANGES: CrawlChanges = {
  sinceMs: Date.UTC(2026, 11, 1, 9, 30),
  untilMs: Date.UTC(2026, 11, 2, 9, 30),
  startUrl: `${O}/`,
  auditRobot: 'googlebot',
  broken: { added: [], fixed: [] },
  indexability: { lost: [], regained: [] },
  redirects: { added: [] },
  traps: { added: [] },
  robots: [],
  sitemap: null,
  worse: {
    newBroken: 0,
    lostIndexable: 0,
    newRedirects: 0,
    newTraps: 0,
    robotsBlocked: 0,
    robotsChanged: 0,
    sitemapUrlsRemoved: 0,
    total: 0,
  },
};

const ROBOTS_LINES: RobotsLineDiff[] = [
  { op: 'kept', oldLine: 1, newLine: 1, text: 'User-agent: *' },
  { op: 'kept', oldLine: 2, newLine: 2, text: 'Allow: /' },
  { op: 'added', oldLine: null, newLine: 3, text: 'Disallow: /archive/' },
];

/** The watch-site fixture's four changes (tests/fixtures/watch-site/README.md). */
const FOUR: CrawlChanges = {
  ...NO_CHANGES,
  broken: {
    added: [
      {
        url: `${O}/guide.html`,
        status: 404,
        kind: 'http-404',
        internal: true,
        pageCount: 1,
        pages: [{ page: `${O}/`, text: 'Guide', line: 12 }],
      },
    ],
    fixed: [
      {
        url: `${O}/old-link.html`,
        status: 404,
        kind: 'http-404',
        internal: true,
        pageCount: 1,
        pages: [{ page: `${O}/`, text: 'Old link' }],
      },
    ],
  },
  indexability: {
    lost: [{ url: `${O}/news.html`, before: [], now: ['meta-robots'] }],
    regained: [],
  },
  robots: [
    {
      origin: O,
      url: `${O}/robots.txt`,
      statusBefore: 200,
      statusNow: 200,
      lines: ROBOTS_LINES,
      effects: [
        {
          robot: '*',
          line: 3,
          text: 'Disallow: /archive/',
          nowBlocked: 2,
          nowAllowed: 0,
          examples: [`${O}/archive/2024.html`, `${O}/archive/2025.html`],
        },
      ],
    },
  ],
  worse: {
    ...NO_CHANGES.worse,
    newBroken: 1,
    lostIndexable: 1,
    robotsBlocked: 2,
    robotsChanged: 1,
    total: 5,
  },
};

/** Every kind at once, each side. */
const ALL: CrawlChanges = {
  ...FOUR,
  indexability: {
    lost: [
      ...FOUR.indexability.lost,
      { url: `${O}/x.html`, before: ['http-status'], now: ['http-status', 'x-robots-tag'] },
    ],
    regained: [{ url: `${O}/back.html`, before: ['robots-txt'], now: [] }],
  },
  redirects: {
    added: [
      { from: `${O}/a`, to: `${O}/b`, hops: 1, hopsBefore: 0 },
      { from: `${O}/c`, to: `${O}/e`, hops: 3, hopsBefore: 1 },
    ],
  },
  traps: { added: [{ url: `${O}/cal?y=2030`, kind: 'query-depth' }] },
  sitemap: {
    sitemapsAdded: [`${O}/sitemap-2.xml`],
    sitemapsRemoved: [],
    urlsAdded: [`${O}/new.html`],
    urlsRemoved: [`${O}/news.html`, `${O}/gone.html`],
  },
};

describe('the headline', () => {
  it.each([
    ['no changes', NO_CHANGES, [], []],
    [
      'the four fixture changes',
      FOUR,
      ['1 new broken link', '1 page no longer indexable', 'robots.txt changed on 1 site'],
      ['1 fixed link'],
    ],
    [
      'every kind',
      ALL,
      [
        '1 new broken link',
        '2 pages no longer indexable',
        'robots.txt changed on 1 site',
        '2 new redirects or longer chains',
        '1 new trap',
        '2 URLs no longer in the sitemaps',
      ],
      ['1 fixed link', '1 page indexable again', '1 URL added to the sitemaps'],
    ],
  ])('%s: the worse and the better, each counted in words', (_name, changes, worse, better) => {
    const words = (side: boolean) =>
      changeCounts(changes)
        .filter((c) => c.worse === side)
        .map((c) => en.plural(HEADLINE[c.part], c.count));
    expect(words(true)).toEqual(worse);
    expect(words(false)).toEqual(better);
  });
});

// The headline's words, as ChangesSection names them (a typo there fails the messages test).
const HEADLINE = {
  'new-broken': 'changes_count_new_broken',
  fixed: 'changes_count_fixed',
  'lost-indexable': 'changes_count_lost_indexable',
  'regained-indexable': 'changes_count_regained_indexable',
  'new-redirects': 'changes_count_new_redirects',
  'new-traps': 'changes_count_new_traps',
  robots: 'changes_count_robots',
  'sitemap-removed': 'changes_count_sitemap_removed',
  'sitemap-added': 'changes_count_sitemap_added',
} as const;

describe('the parts', () => {
  it.each([
    ['no changes', NO_CHANGES, []],
    ['the four fixture changes', FOUR, ['new-broken', 'lost-indexable', 'robots', 'fixed']],
    [
      'every kind',
      ALL,
      [
        'new-broken',
        'lost-indexable',
        'robots',
        'new-redirects',
        'new-traps',
        'sitemap',
        'fixed',
        'regained-indexable',
      ],
    ],
  ])('%s: only the kinds with entries, worse first', (_name, changes, parts) => {
    expect(changeParts(changes)).toEqual(parts);
  });
});

describe('a page whose indexability changed', () => {
  it.each([
    ['gains a reason', [], ['meta-robots'], { gone: [], added: ['meta-robots'], kept: [] }],
    [
      'adds one to another',
      ['http-status'],
      ['http-status', 'x-robots-tag'],
      { gone: [], added: ['x-robots-tag'], kept: ['http-status'] },
    ],
    ['loses its reason', ['robots-txt'], [], { gone: ['robots-txt'], added: [], kept: [] }],
  ] as const)('%s', (_name, before, now, delta) => {
    expect(reasonDelta(before, now)).toEqual(delta);
  });

  it('is filtered by the reason that changed, and shows "Indexable" for no reason', () => {
    const spec = lostIndexableSpec(ALL, en);
    const rows = prepareRows(spec);
    expect(
      filterOptions(rows, 0)
        .map((o) => o.value)
        .sort(),
    ).toEqual(['meta-robots', 'x-robots-tag']);
    expect(matchRows(rows, ['x-robots-tag'], '').map((r) => r.row.url)).toEqual([`${O}/x.html`]);
    expect(regainedIndexableSpec(ALL, en).rows.map((r) => r.url)).toEqual([`${O}/back.html`]);
  });
});

describe('the robots.txt diff', () => {
  it('marks each line by a sign beside its numbers', () => {
    expect(diffRows(FOUR.robots[0]!).map((r) => [r.sign, r.oldLine, r.newLine])).toEqual([
      ['', 1, 1],
      ['', 2, 2],
      ['+', null, 3],
    ]);
  });

  it('keeps two unchanged lines around a change and folds the rest', () => {
    const lines: RobotsLineDiff[] = [
      ...Array.from({ length: 6 }, (_, i) => ({
        op: 'kept' as const,
        oldLine: i + 1,
        newLine: i + 1,
        text: `# ${i + 1}`,
      })),
      { op: 'removed', oldLine: 7, newLine: null, text: 'Disallow: /old/' },
      { op: 'kept', oldLine: 8, newLine: 7, text: '# 8' },
    ];
    const shown = diffWithContext(diffRows({ ...FOUR.robots[0]!, lines }));
    expect(shown.map((r) => (r === 'gap' ? 'gap' : `${r.sign}${r.text}`))).toEqual([
      'gap',
      '# 5',
      '# 6',
      '−Disallow: /old/',
      '# 8',
    ]);
  });

  it.each([
    [
      'en',
      { line: 3, nowBlocked: 2, nowAllowed: 0 },
      ['Line 3 (Disallow: /archive/) now blocks 2 crawled pages for any robot (*).'],
    ],
    [
      'en',
      { line: 3, nowBlocked: 1, nowAllowed: 4 },
      [
        'Line 3 (Disallow: /archive/) now blocks 1 crawled page for any robot (*).',
        'Line 3 (Disallow: /archive/) now allows 4 crawled pages for any robot (*).',
      ],
    ],
    [
      'en',
      { line: null, nowBlocked: 5, nowAllowed: 0 },
      ['robots.txt now blocks 5 crawled pages for any robot (*).'],
    ],
    [
      'ko',
      { line: 3, nowBlocked: 2, nowAllowed: 0 },
      [
        '3번째 줄(Disallow: /archive/)이 이제 모든 로봇(*)에 대해 크롤링한 페이지 2개를 차단합니다.',
      ],
    ],
  ] as const)('%s: %o as sentences', (lang, counts, sentences) => {
    const effect = { ...FOUR.robots[0]!.effects[0]!, ...counts };
    expect(effectSentences(effect, lang === 'en' ? en : korean())).toEqual(sentences);
  });
});

describe('the tables', () => {
  const specs = [
    ['new broken', newBrokenSpec(ALL, en), 1],
    ['fixed', fixedSpec(ALL, en), 1],
    ['no longer indexable', lostIndexableSpec(ALL, en), 2],
    ['indexable again', regainedIndexableSpec(ALL, en), 1],
    ['new redirects', newRedirectsSpec(ALL, en), 2],
    ['new traps', newTrapsSpec(ALL, en), 1],
    ['sitemap', sitemapChangesSpec(ALL, en), 4],
  ] as const;

  it.each(specs)('%s: its rows, each column sortable, ids unique', (_name, spec, count) => {
    expect(spec.rows).toHaveLength(count);
    expect(spec.columns.filter((c) => !c.sortValue).map((c) => c.id)).toEqual([]);
    expect(new Set(specs.map(([, s]) => s.id)).size).toBe(specs.length);
  });

  it('new broken links: searched by the page carrying them', () => {
    const rows = prepareRows(newBrokenSpec(FOUR, en));
    expect(matchRows(rows, [''], 'guide')).toHaveLength(1);
    expect(matchRows(rows, [''], 'old link')).toHaveLength(0);
  });

  it('new redirects sort by their hops now', () => {
    const spec = newRedirectsSpec(ALL, en);
    const hops = spec.columns.find((c) => c.id === 'hops');
    const sorted = sortRows(prepareRows(spec), hops, 'descending').map((r) => r.row.from);
    expect(sorted).toEqual([`${O}/c`, `${O}/a`]);
  });

  it('sitemap: what was removed first, each named added or removed', () => {
    expect(sitemapRows(ALL).map((r) => `${r.change} ${r.what} ${r.url}`)).toEqual([
      `removed url ${O}/news.html`,
      `removed url ${O}/gone.html`,
      `added sitemap ${O}/sitemap-2.xml`,
      `added url ${O}/new.html`,
    ]);
  });
});

describe('the changes as CSV', () => {
  it('one line per change, the robots.txt lines that changed only', () => {
    expect(changesCsv(FOUR).split('\r\n')).toEqual([
      'change,url,detail,before,now',
      `new-broken,${O}/guide.html,http-404,,404`,
      `fixed,${O}/old-link.html,http-404,404,`,
      `lost-indexable,${O}/news.html,,,meta-robots`,
      `robots-line-added,${O}/robots.txt,Disallow: /archive/,,3`,
      '',
    ]);
  });

  it('has no line but its header without changes', () => {
    expect(changesCsv(NO_CHANGES)).toBe('change,url,detail,before,now\r\n');
  });
});
