import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import {
  parseDirectives as parseDirectivesOf,
  type Directive,
  type DirectiveProblemKind,
} from './directives.ts';
import { NO_RULES, rulesOf, type RobotsRules } from './robots-rules.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const parseDirectives = (...args: Parameters<typeof parseDirectivesOf>) =>
  withText(parseDirectivesOf(...args), english);

const names = (text: string) => parseDirectives(text).directives.map((d) => d.name);
const problemKinds = (text: string): DirectiveProblemKind[] =>
  parseDirectives(text).problems.map((p) => p.kind);
const rules = (text: string): RobotsRules => rulesOf(parseDirectives(text).directives);

describe('parseDirectives: every directive', () => {
  it.each<[string, Partial<RobotsRules>]>([
    ['index', { index: true }],
    ['noindex', { noindex: true }],
    ['follow', { follow: true }],
    ['nofollow', { nofollow: true }],
    ['none', { noindex: true, nofollow: true }],
    ['all', { index: true, follow: true }],
    ['noarchive', { noarchive: true }],
    ['nocache', { noarchive: true }],
    ['nosnippet', { nosnippet: true }],
    ['max-snippet:50', { maxSnippet: 50 }],
    ['max-snippet:0', { maxSnippet: 0 }],
    ['max-snippet:-1', { maxSnippet: -1 }],
    ['max-image-preview:none', { maxImagePreview: 'none' }],
    ['max-image-preview:standard', { maxImagePreview: 'standard' }],
    ['max-image-preview:large', { maxImagePreview: 'large' }],
    ['max-video-preview:30', { maxVideoPreview: 30 }],
    ['max-video-preview:-1', { maxVideoPreview: -1 }],
    ['noimageindex', { noimageindex: true }],
    ['notranslate', { notranslate: true }],
    ['indexifembedded', { indexifembedded: true }],
    ['unavailable_after: 2020-09-21', { unavailableAfterMs: Date.parse('2020-09-21T00:00:00Z') }],
    ['', {}],
    ['somethingelse', {}],
  ])('%j', (text, expected) => {
    expect(rules(text)).toEqual({ ...NO_RULES, ...expected });
  });
});

describe('parseDirectives: case, separators and values', () => {
  it.each<[string, Directive['name'][]]>([
    ['NOINDEX, NoFollow', ['noindex', 'nofollow']],
    ['noindex,nofollow', ['noindex', 'nofollow']],
    [' noindex ,  nofollow , ', ['noindex', 'nofollow']],
    ['noindex,,nofollow', ['noindex', 'nofollow']],
    ['noindex nofollow', ['noindex', 'nofollow']],
    ['noindex;nofollow', ['noindex', 'nofollow']],
    ['noindex; nofollow, noarchive', ['noindex', 'nofollow', 'noarchive']],
    ['MAX-SNIPPET : 20', ['max-snippet']],
    ['max-snippet: 20 noindex', ['max-snippet', 'noindex']],
    ['noindex: yes', ['unknown']],
    ['noodp, noydir', ['unknown', 'unknown']],
  ])('%j → %j', (text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  // Found by read-page.property.test.ts (a robots META of spaces): `replace(/\s*:\s*/g)` took 10 s on this META content.
  it.each([
    ['100,000 spaces', `noindex${' '.repeat(100_000)}nofollow`, ['noindex', 'nofollow']],
    [
      'a date of spaces',
      `unavailable_after: Mon${' '.repeat(100_000)}x, noindex`,
      ['unavailable_after', 'noindex'],
    ],
    // Found by extract-page-facts.property.test.ts: `push(...words)` threw RangeError here.
    ['200,000 words in one piece', 'noindex '.repeat(200_000), Array(200_000).fill('noindex')],
  ])(
    'reads %s at once',
    (_name, text, expected) => {
      // Linear time, guarded by the test's timeout: a quadratic reading of 200,000 words
      // takes minutes. Figures belong in `npm run bench`, not in a timed assertion.
      expect(names(text)).toEqual(expected);
    },
    30_000,
  );

  it('reads values case-insensitively and keeps the text as written', () => {
    expect(parseDirectives('Max-Image-Preview:LARGE').directives).toEqual([
      { name: 'max-image-preview', value: 'large', text: 'Max-Image-Preview:LARGE' },
    ]);
  });

  it.each<[string, DirectiveProblemKind[]]>([
    ['noindex, nofollow', []],
    ['noindex nofollow', ['separator']],
    ['noindex;nofollow', ['separator']],
    ['foo', ['unknown']],
    ['max-snippet:abc', ['invalid-value']],
    ['max-snippet', ['invalid-value']],
    ['max-snippet:-2', ['invalid-value']],
    ['max-video-preview:1.5', ['invalid-value']],
    ['max-image-preview:huge', ['invalid-value']],
    ['unavailable_after: someday', ['invalid-value']],
    ['unavailable_after:', ['invalid-value']],
  ])('problems of %j: %j', (text, expected) => {
    expect(problemKinds(text)).toEqual(expected);
  });

  it('ignores unreadable values, as robots do', () => {
    expect(rules('max-snippet:abc, max-image-preview:huge')).toEqual(NO_RULES);
  });
});

describe('parseDirectives: conflicts and repeats (undefined behaviour, flagged)', () => {
  it.each<[string, DirectiveProblemKind[]]>([
    ['INDEX,NOINDEX,FOLLOW,FOLLOW', ['conflict', 'repeat']],
    ['index, noindex', ['conflict']],
    ['follow, nofollow', ['conflict']],
    ['all, none', ['conflict', 'conflict']],
    ['all, noindex', ['conflict']],
    ['FOLLOW,FOLLOW', ['repeat']],
    ['none, noindex', ['repeat']],
    ['nocache, noarchive', ['repeat']],
    ['max-snippet:10, max-snippet:50', ['repeat']],
    ['index, follow', []],
  ])('%j → %j', (text, expected) => {
    expect(problemKinds(text)).toEqual(expected);
  });

  it('explains the conflict and which side wins', () => {
    const [problem] = parseDirectives('index, noindex').problems;
    expect(problem?.detail).toContain('"index" and "noindex" contradict');
    expect(problem?.detail).toContain('most restrictive: noindex');
  });

  it('applies the most restrictive directive', () => {
    expect(rules('index, noindex')).toMatchObject({ index: true, noindex: true });
    expect(rules('max-snippet:50, max-snippet:10, max-snippet:-1')).toMatchObject({
      maxSnippet: 10,
    });
    expect(rules('max-image-preview:large, max-image-preview:standard')).toMatchObject({
      maxImagePreview: 'standard',
    });
  });
});

describe('parseDirectives: unavailable_after dates with commas', () => {
  it.each<[string, string, Directive['name'][]]>([
    [
      'unavailable_after: Sunday, 01-Jul-2007 15:00:00 PST',
      '2007-07-01T23:00:00Z',
      ['unavailable_after'],
    ],
    [
      'noindex, unavailable_after: Sunday, 01-Jul-2007 15:00:00 PST, nofollow',
      '2007-07-01T23:00:00Z',
      ['noindex', 'unavailable_after', 'nofollow'],
    ],
    ['unavailable_after: 25 Jun 2010 15:00:00 PST', '2010-06-25T23:00:00Z', ['unavailable_after']],
    [
      'UNAVAILABLE_AFTER: Sun, 06 Nov 1994 08:49:37 GMT, noarchive',
      '1994-11-06T08:49:37Z',
      ['unavailable_after', 'noarchive'],
    ],
    ['unavailable_after: June 25, 2010', '2010-06-25T00:00:00Z', ['unavailable_after']],
  ])('%j', (text, iso, expectedNames) => {
    expect(names(text)).toEqual(expectedNames);
    expect(rules(text).unavailableAfterMs).toBe(Date.parse(iso));
  });

  it('does not swallow a following directive into an unreadable date', () => {
    expect(names('unavailable_after: someday, noindex')).toEqual(['unavailable_after', 'noindex']);
    expect(rules('unavailable_after: someday, noindex')).toMatchObject({
      noindex: true,
      unavailableAfterMs: null,
    });
  });

  it('keeps the earliest of several dates', () => {
    expect(
      rules('unavailable_after: 2030-01-01, unavailable_after: 2020-01-01').unavailableAfterMs,
    ).toBe(Date.parse('2020-01-01T00:00:00Z'));
  });
});
