import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { compileUrlPattern, type UrlPattern } from '../url/url-pattern.ts';
import {
  checkBlockList as checkBlockListOf,
  checkDepth as checkDepthOf,
  checkRepeatingPath as checkRepeatingPathOf,
  checkUrlLength as checkUrlLengthOf,
  QuerySpaceTracker,
  type TrapVerdict,
} from './traps.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const checkBlockList = (...args: Parameters<typeof checkBlockListOf>) =>
  withText(checkBlockListOf(...args), english);
const checkDepth = (...args: Parameters<typeof checkDepthOf>) =>
  withText(checkDepthOf(...args), english);
const checkRepeatingPath = (...args: Parameters<typeof checkRepeatingPathOf>) =>
  withText(checkRepeatingPathOf(...args), english);
const checkUrlLength = (...args: Parameters<typeof checkUrlLengthOf>) =>
  withText(checkUrlLengthOf(...args), english);

const BASE = 'https://example.com';

describe('checkRepeatingPath', () => {
  it.each<[string, string]>([
    ['/a/a/a', 'a'],
    ['/a/a/a/a/a', 'a'],
    ['/x/subdir/subdir/subdir/page.html', 'subdir'],
    ['/a/b/a/b/a/b', 'a/b'],
    ['/x/a/b/a/b/a/b/y', 'a/b'],
    ['/a/b/c/a/b/c/a/b/c', 'a/b/c'],
    ['/1/1/1/', '1'],
    ['/a//a//a', 'a'],
  ])('refuses %s (repeats "%s")', (path, sequence) => {
    const verdict = checkRepeatingPath(BASE + path);
    expect(verdict).toMatchObject({ allowed: false, kind: 'repeating-path' });
    if (!verdict.allowed) expect(verdict.detail).toContain(`"${sequence}"`);
  });

  it.each([
    '/',
    '/a',
    '/x/x',
    '/a/b/a',
    '/a/b/a/b',
    '/a/b/a/b/a',
    '/2024/01/01/',
    '/a/b/c/a/b/c',
    '/a/b/c/d/a/b/c/d/a/b/c/d',
    '/a/a/b/a/a',
    '/page?x=/a/a/a',
  ])('allows %s', (path) => {
    expect(checkRepeatingPath(BASE + path)).toEqual({ allowed: true });
  });
});

describe('checkUrlLength', () => {
  it.each<[number, number | undefined, boolean]>([
    [2_000, undefined, true],
    [2_001, undefined, false],
    [100, 100, true],
    [101, 100, false],
  ])('%d chars with max %s → allowed %s', (length, max, allowed) => {
    const url = `${BASE}/${'a'.repeat(length - BASE.length - 1)}`;
    expect(url).toHaveLength(length);
    const verdict = checkUrlLength(url, max);
    expect(verdict.allowed).toBe(allowed);
    if (!verdict.allowed) {
      expect(verdict).toMatchObject({ kind: 'url-too-long' });
      expect(verdict.detail).toMatch(/is [\d,]+ characters long; the limit is [\d,]+/);
    }
  });
});

describe('checkDepth', () => {
  it.each<[number, number, TrapVerdict['allowed']]>([
    [0, 0, true],
    [5, 5, true],
    [6, 5, false],
  ])('depth %d, max %d → %s', (depth, max, allowed) => {
    const verdict = checkDepth(depth, max);
    expect(verdict.allowed).toBe(allowed);
    if (!verdict.allowed) expect(verdict.kind).toBe('too-deep');
  });
});

describe('checkBlockList', () => {
  const patterns: UrlPattern[] = ['/logout*', 're:[?&]sessionid='].map((source) => {
    const compiled = compileUrlPattern(source);
    if (!compiled.ok) throw new Error(compiled.reason);
    return compiled.pattern;
  });

  it.each<[string, string | null]>([
    ['/logout', '/logout*'],
    ['/logout?next=/', '/logout*'],
    ['/a?x=1&sessionid=9', 're:[?&]sessionid='],
    ['/login', null],
  ])('%s → %s', (path, pattern) => {
    const verdict = checkBlockList(BASE + path, patterns);
    if (pattern === null) expect(verdict).toEqual({ allowed: true });
    else
      expect(verdict).toEqual({
        allowed: false,
        kind: 'blocked-pattern',
        detail: `The URL matches the block-list pattern "${pattern}".`,
        detailPhrase: { key: 'trap_blocked_pattern', values: { pattern } },
      });
  });
});

describe('QuerySpaceTracker', () => {
  it('admits at most N distinct queries per path', () => {
    const tracker = new QuerySpaceTracker(3);
    const admit = (path: string) => tracker.admit(BASE + path).allowed;
    expect(['/cal?m=1', '/cal?m=2', '/cal?m=3'].map(admit)).toEqual([true, true, true]);
    expect(tracker.admit(`${BASE}/cal?m=4`)).toMatchObject({ allowed: false, kind: 'query-space' });
    // Already admitted queries stay allowed; other paths and query-less URLs are not limited.
    expect(['/cal?m=2', '/cal', '/other?m=4', '/cal/?m=4'].map(admit)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('counts the empty query once, and no query not at all', () => {
    const tracker = new QuerySpaceTracker(1);
    expect(tracker.admit(`${BASE}/a?`).allowed).toBe(true);
    expect(tracker.admit(`${BASE}/a`).allowed).toBe(true);
    expect(tracker.admit(`${BASE}/a?x`).allowed).toBe(false);
  });

  it('catches an endless calendar on its default of 20', () => {
    const tracker = new QuerySpaceTracker();
    const verdicts = Array.from({ length: 30 }, (_, i) =>
      tracker.admit(`${BASE}/calendar?month=${2026 + Math.floor(i / 12)}-${(i % 12) + 1}`),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(20);
    expect(verdicts[20]).toMatchObject({ allowed: false, kind: 'query-space' });
  });

  it('check() changes nothing', () => {
    const tracker = new QuerySpaceTracker(1);
    tracker.check(`${BASE}/a?1`);
    expect(tracker.admit(`${BASE}/a?2`).allowed).toBe(true);
  });

  it('round-trips through JSON for checkpoints', () => {
    const tracker = new QuerySpaceTracker(2);
    tracker.admit(`${BASE}/a?1`);
    tracker.admit(`${BASE}/a?2`);
    const state = JSON.parse(JSON.stringify(tracker)) as ReturnType<QuerySpaceTracker['toJSON']>;
    expect(state).toEqual({ maxQueriesPerPath: 2, queriesByPath: { [`${BASE}/a`]: ['1', '2'] } });
    const restored = QuerySpaceTracker.fromJSON(state);
    expect(restored.admit(`${BASE}/a?2`).allowed).toBe(true);
    expect(restored.admit(`${BASE}/a?3`).allowed).toBe(false);
  });

  it('skips malformed checkpoint entries', () => {
    const restored = QuerySpaceTracker.fromJSON({
      maxQueriesPerPath: 1,
      queriesByPath: { [`${BASE}/a`]: 'nope', [`${BASE}/b`]: ['x', 3] },
    } as never);
    expect(restored.toJSON().queriesByPath).toEqual({ [`${BASE}/b`]: ['x'] });
  });
});
