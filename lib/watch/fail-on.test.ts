import { describe, expect, it } from 'vitest';
import { at, broken, noChanges } from '../../tests/support/watch-snapshots.ts';
import { failedConditions, needsComparison, parseFailOn } from './fail-on.ts';
import { FAIL_CONDITIONS, type CrawlChanges, type FailCondition } from './types.ts';

describe('parseFailOn', () => {
  it.each<[string, FailCondition[]]>([
    ['broken', ['broken']],
    ['new-broken,noindex-change', ['new-broken', 'noindex-change']],
    [' new-broken , robots-change ', ['new-broken', 'robots-change']],
    ['new-trap,new-trap,new-trap', ['new-trap']],
    [',,sitemap-change,,', ['sitemap-change']],
    ['', []],
    [FAIL_CONDITIONS.join(','), [...FAIL_CONDITIONS]],
  ])('%j → %j', (text, conditions) => {
    expect(parseFailOn(text)).toEqual(conditions);
  });

  it.each(['noindex', 'new-broken,Broken', 'broken;new-trap', '__proto__'])(
    'names the unknown condition in %j and lists the known ones',
    (text) => {
      expect(() => parseFailOn(text)).toThrow(/unknown --fail-on condition/);
      expect(() => parseFailOn(text)).toThrow(FAIL_CONDITIONS.join(', '));
    },
  );

  it('says which name is unknown', () => {
    expect(() => parseFailOn('new-broken,noindx-change')).toThrow('"noindx-change"');
  });
});

describe('needsComparison', () => {
  it.each<[FailCondition[], boolean]>([
    [[], false],
    [['broken'], false],
    [['broken', 'new-broken'], true],
    ...FAIL_CONDITIONS.filter((c) => c !== 'broken').map((c): [FailCondition[], boolean] => [
      [c],
      true,
    ]),
  ])('%j → %s', (conditions, needed) => {
    expect(needsComparison(conditions)).toBe(needed);
  });
});

const redirect = { from: at('/r'), to: at('/s'), hops: 1, hopsBefore: 0 };
const robots = {
  origin: at(''),
  url: at('/robots.txt'),
  statusBefore: 200,
  statusNow: 200,
  lines: [],
  effects: [],
};
const sitemap = { sitemapsAdded: [], sitemapsRemoved: [], urlsAdded: [at('/n')], urlsRemoved: [] };
const lost = { url: at('/p'), before: [], now: ['meta-robots' as const] };

/** For each comparison condition: the changes that make it hold, and a near miss that does not. */
const CASES: [FailCondition, Partial<CrawlChanges>, Partial<CrawlChanges>][] = [
  [
    'new-broken',
    { broken: { added: [broken('/x')], fixed: [] } },
    { broken: { added: [], fixed: [broken('/x')] } },
  ],
  [
    'noindex-change',
    { indexability: { lost: [lost], regained: [] } },
    { indexability: { lost: [], regained: [lost] } },
  ],
  ['robots-change', { robots: [robots] }, { robots: [] }],
  ['new-redirect', { redirects: { added: [redirect] } }, { redirects: { added: [] } }],
  [
    'new-trap',
    { traps: { added: [{ url: at('/t'), kind: 'calendar' }] } },
    { traps: { added: [] } },
  ],
  ['sitemap-change', { sitemap }, { sitemap: null }],
];

describe('failedConditions', () => {
  it.each(CASES)('%s holds when its change is there', (condition, fires) => {
    expect(failedConditions([condition], { siteBroken: 0, changes: noChanges(fires) })).toEqual([
      condition,
    ]);
  });

  it.each(CASES)('%s does not hold on a near miss', (condition, _fires, miss) => {
    expect(failedConditions([condition], { siteBroken: 3, changes: noChanges(miss) })).toEqual([]);
  });

  it.each(CASES)('%s does not hold without a comparison', (condition) => {
    expect(failedConditions([condition], { siteBroken: 3, changes: null })).toEqual([]);
  });

  it.each<[number, FailCondition[]]>([
    [0, []],
    [1, ['broken']],
    [12, ['broken']],
  ])('broken with %i broken links → %j', (siteBroken, failed) => {
    expect(failedConditions(['broken'], { siteBroken, changes: null })).toEqual(failed);
  });

  it('new-broken passes when only old broken links remain', () => {
    const changes = noChanges();
    expect(failedConditions(['new-broken'], { siteBroken: 5, changes })).toEqual([]);
  });

  it('lists every condition that holds, in the order given', () => {
    const changes = noChanges({ robots: [robots], sitemap });
    expect(
      failedConditions(['sitemap-change', 'new-broken', 'broken', 'robots-change'], {
        siteBroken: 1,
        changes,
      }),
    ).toEqual(['sitemap-change', 'broken', 'robots-change']);
  });
});
