import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { extractPageFacts } from './extract-page-facts.ts';
import type { PageFindingKind } from './page-finding.ts';
import { findPageIssues as findPageIssuesOf } from './page-findings.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const findPageIssues = (...args: Parameters<typeof findPageIssuesOf>) =>
  withText(findPageIssuesOf(...args), english);

const PAGE = 'https://example.com/page';
const kinds = (html: string, ua?: string, url = PAGE): PageFindingKind[] =>
  findPageIssues(extractPageFacts(html, url), ua).map((f) => f.kind);

describe('findPageIssues: robots META', () => {
  it.each<[string, string, string | undefined, PageFindingKind[]]>([
    ['clean', '<head><meta name="robots" content="noindex, nofollow"></head>', undefined, []],
    [
      'in body',
      '<body><meta name="robots" content="noindex">',
      undefined,
      ['robots-meta-outside-head'],
    ],
    [
      'robot-specific in body',
      '<body><meta name="googlebot" content="noindex">',
      undefined,
      ['robots-meta-outside-head'],
    ],
    [
      'msnbot in body',
      '<body><meta name="MSNBot" content="noindex">',
      undefined,
      ['robots-meta-outside-head'],
    ],
    ['other META in body is fine', '<body><meta name="description" content="x">', undefined, []],
    [
      'conflict',
      '<meta name="robots" content="index, noindex">',
      undefined,
      ['directive-conflict'],
    ],
    ['repeat', '<meta name="robots" content="FOLLOW,FOLLOW">', undefined, ['directive-repeat']],
    [
      'spec example',
      '<meta name="robots" content="INDEX,NOINDEX,FOLLOW,FOLLOW">',
      undefined,
      ['directive-conflict', 'directive-repeat'],
    ],
    ['unknown', '<meta name="robots" content="noodp">', undefined, ['directive-unknown']],
    [
      'separator',
      '<meta name="robots" content="noindex nofollow">',
      undefined,
      ['directive-separator'],
    ],
    [
      'bad value',
      '<meta name="robots" content="max-snippet:lots">',
      undefined,
      ['directive-invalid'],
    ],
    // For one robot, only the META tags that speak to it.
    [
      'googlebot tag, checked for bingbot',
      '<body><meta name="googlebot" content="index,noindex">',
      'bingbot',
      [],
    ],
    [
      'googlebot tag, checked for googlebot',
      '<body><meta name="googlebot" content="index,noindex">',
      'googlebot',
      ['robots-meta-outside-head', 'directive-conflict'],
    ],
    [
      'custom robot name',
      '<meta name="mybot" content="follow,follow">',
      'MyBot',
      ['directive-repeat'],
    ],
    [
      'generic robot ignores robot-specific tags',
      '<meta name="googlebot" content="follow,follow">',
      '*',
      [],
    ],
  ])('%s', (_, html, ua, expected) => {
    expect(kinds(html, ua)).toEqual(expected);
  });

  it('quotes the tag it found', () => {
    const [finding] = findPageIssues(
      extractPageFacts('<body><meta name="GoogleBot" content="say &quot;no&quot;">', PAGE),
    );
    expect(finding?.source).toBe('<meta name="googlebot" content="say &quot;no&quot;">');
  });
});

describe('findPageIssues: canonical', () => {
  it.each<[string, string, PageFindingKind[]]>([
    ['absolute, same URL', '<link rel="canonical" href="https://example.com/page">', []],
    [
      'same URL after normalization',
      '<link rel="canonical" href="HTTPS://EXAMPLE.com:443/p%61ge#top">',
      [],
    ],
    ['relative, same URL', '<link rel="canonical" href="/page">', ['canonical-relative']],
    [
      'relative through base',
      '<base href="https://example.com/sub/"><link rel="canonical" href="../page">',
      ['canonical-relative'],
    ],
    [
      'elsewhere on the site',
      '<link rel="canonical" href="https://example.com/other">',
      ['canonical-elsewhere'],
    ],
    [
      'query differs',
      '<link rel="canonical" href="https://example.com/page?a=1">',
      ['canonical-elsewhere'],
    ],
    [
      'other site',
      '<link rel="canonical" href="https://other.example/page">',
      ['canonical-cross-origin'],
    ],
    [
      'other scheme is another origin',
      '<link rel="canonical" href="http://example.com/page">',
      ['canonical-cross-origin'],
    ],
    [
      'protocol-relative',
      '<link rel="canonical" href="//other.example/page">',
      ['canonical-relative', 'canonical-cross-origin'],
    ],
    [
      'in body',
      '<body><link rel="canonical" href="https://example.com/page">',
      ['canonical-outside-head'],
    ],
    ['empty href', '<link rel="canonical" href="">', ['canonical-invalid']],
    ['not http', '<link rel="canonical" href="javascript:alert(1)">', ['canonical-invalid']],
    [
      'unresolvable',
      '<link rel="canonical" href="https://exa mple.com:99999/">',
      ['canonical-invalid'],
    ],
    [
      'several that agree',
      '<link rel="canonical" href="https://example.com/page"><link rel="canonical" href="https://example.com/page#x">',
      ['canonical-several'],
    ],
    [
      'several that disagree',
      '<link rel="canonical" href="https://example.com/page"><link rel="canonical" href="https://example.com/b">',
      ['canonical-several', 'canonical-elsewhere'],
    ],
  ])('%s', (_, html, expected) => {
    expect(kinds(html)).toEqual(expected);
  });

  it('says whether several canonicals agree', () => {
    const [agree] = findPageIssues(
      extractPageFacts(
        '<link rel="canonical" href="/page"><link rel="canonical" href="https://example.com/page">',
        PAGE,
      ),
    );
    expect(agree?.detail).toContain('same canonical URL 2 times');
  });
});
