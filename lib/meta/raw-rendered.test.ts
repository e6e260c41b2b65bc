import { describe, expect, it } from 'vitest';
import { capPageFacts } from './cap-page-facts.ts';
import { extractPageFacts } from './extract-page-facts.ts';
import { compareRawRendered, comparedFacts, type RawRenderedDifference } from './raw-rendered.ts';

const URL_ = 'https://example.com/shop/page';

/** A page whose head is `head` (a title of its own only where given). */
const page = (head: string, url = URL_) =>
  extractPageFacts(`<!doctype html><html><head>${head}</head><body><p>x</p></body></html>`, url);

const NOINDEX = '<meta name="robots" content="noindex">';

describe('compareRawRendered', () => {
  it.each<[string, string, string, string, RawRenderedDifference[]]>([
    [
      'identical pages',
      `<title>T</title>${NOINDEX}`,
      `<title>T</title>${NOINDEX}`,
      'googlebot',
      [],
    ],
    ['nothing on either', '', '', 'googlebot', []],
    [
      'noindex removed by a script',
      NOINDEX,
      '',
      'googlebot',
      [{ kind: 'noindex-removed', raw: NOINDEX, rendered: null }],
    ],
    [
      'noindex added by a script',
      '',
      '<meta name="googlebot" content="noindex">',
      'googlebot',
      [
        {
          kind: 'noindex-added',
          raw: null,
          rendered: '<meta name="googlebot" content="noindex">',
        },
      ],
    ],
    [
      'noindex for googlebot added: no difference for bingbot',
      '',
      '<meta name="googlebot" content="noindex">',
      'bingbot',
      [],
    ],
    [
      'noindex for bingbot removed: a difference for bingbot',
      '<meta name="bingbot" content="noindex">',
      '',
      'bingbot',
      [{ kind: 'noindex-removed', raw: '<meta name="bingbot" content="noindex">', rendered: null }],
    ],
    [
      'noindex for bingbot removed: none for googlebot',
      '<meta name="bingbot" content="noindex">',
      '',
      'googlebot',
      [],
    ],
    [
      'noindex moved from robots to googlebot: the same for googlebot',
      NOINDEX,
      '<meta name="googlebot" content="NOINDEX">',
      'googlebot',
      [],
    ],
    [
      'nofollow changed, noindex kept',
      '<meta name="robots" content="noindex, nofollow">',
      '<meta name="robots" content="noindex, follow">',
      'googlebot',
      [
        {
          kind: 'nofollow-removed',
          raw: '<meta name="robots" content="noindex, nofollow">',
          rendered: '<meta name="robots" content="noindex, follow">',
        },
      ],
    ],
    [
      'none added: noindex and nofollow both',
      '',
      '<meta name="robots" content="none">',
      'googlebot',
      [
        { kind: 'noindex-added', raw: null, rendered: '<meta name="robots" content="none">' },
        { kind: 'nofollow-added', raw: null, rendered: '<meta name="robots" content="none">' },
      ],
    ],
    [
      'other directives changed',
      '<meta name="robots" content="max-snippet:50">',
      '<meta name="robots" content="max-snippet:20">',
      'googlebot',
      [
        {
          kind: 'robots-changed',
          raw: '<meta name="robots" content="max-snippet:50">',
          rendered: '<meta name="robots" content="max-snippet:20">',
        },
      ],
    ],
    [
      'directives written otherwise, same rules',
      '<meta name="robots" content="noindex,nofollow">',
      '<meta name="robots" content="none">',
      'googlebot',
      [],
    ],
    [
      'canonical changed',
      '<link rel="canonical" href="https://example.com/a">',
      '<link rel="canonical" href="https://example.com/b">',
      'googlebot',
      [
        {
          kind: 'canonical-changed',
          raw: 'https://example.com/a',
          rendered: 'https://example.com/b',
        },
      ],
    ],
    [
      'canonical added',
      '',
      '<link rel="canonical" href="/shop/page">',
      'googlebot',
      [{ kind: 'canonical-added', raw: null, rendered: 'https://example.com/shop/page' }],
    ],
    [
      'canonical removed',
      '<link rel="canonical" href="https://example.com/shop/page">',
      '',
      'googlebot',
      [{ kind: 'canonical-removed', raw: 'https://example.com/shop/page', rendered: null }],
    ],
    [
      'relative and absolute canonical of the same URL',
      '<link rel="canonical" href="page">',
      '<link rel="canonical" href="HTTPS://Example.com:443/shop/page#top">',
      'googlebot',
      [],
    ],
    [
      'canonical relative to <base href> in one, absolute in the other',
      '<base href="/other/"><link rel="canonical" href="x">',
      '<link rel="canonical" href="https://example.com/other/x">',
      'googlebot',
      [],
    ],
    [
      'title changed',
      '<title>Served</title>',
      '<title>Rendered</title>',
      'googlebot',
      [{ kind: 'title-changed', raw: 'Served', rendered: 'Rendered' }],
    ],
    [
      'title added',
      '',
      '<title>Rendered</title>',
      'googlebot',
      [{ kind: 'title-added', raw: null, rendered: 'Rendered' }],
    ],
    [
      'title removed',
      '<title>Served</title>',
      '',
      'googlebot',
      [{ kind: 'title-removed', raw: 'Served', rendered: null }],
    ],
    [
      'title with other spacing, the same once collapsed',
      '<title> A  B </title>',
      '<title>A B</title>',
      'googlebot',
      [],
    ],
    [
      'several at once, robots first',
      `<title>A</title>${NOINDEX}`,
      '<title>B</title><link rel="canonical" href="/c">',
      'googlebot',
      [
        { kind: 'noindex-removed', raw: NOINDEX, rendered: null },
        { kind: 'canonical-added', raw: null, rendered: 'https://example.com/c' },
        { kind: 'title-changed', raw: 'A', rendered: 'B' },
      ],
    ],
  ])('%s', (_, rawHead, renderedHead, robot, expected) => {
    expect(compareRawRendered(page(rawHead), page(renderedHead), robot)).toEqual(expected);
  });
});

describe('comparedFacts', () => {
  const served = page(
    `<title>T</title><base href="/b/">${NOINDEX}<meta name="description" content="d">` +
      '<meta name="googlebot" content="nofollow"><link rel="canonical" href="c">' +
      '<link rel="alternate" hreflang="ko" href="/ko">',
  );

  it('keeps only what the comparison reads', () => {
    const kept = comparedFacts(served);
    expect(kept.metas.map((m) => m.name)).toEqual(['robots', 'googlebot']);
    expect(kept.links.map((l) => l.rel)).toEqual([['canonical']]);
    expect(kept).toMatchObject({ url: URL_, baseHref: '/b/', title: 'T', refresh: [] });
  });

  it.each(['googlebot', 'bingbot', '*'])('compares as the whole page does, for %s', (robot) => {
    const rendered = page('<title>U</title><link rel="canonical" href="/elsewhere">');
    expect(compareRawRendered(capPageFacts(comparedFacts(served)), rendered, robot)).toEqual(
      compareRawRendered(served, rendered, robot),
    );
  });

  it('keeps a huge served page small: its robots META survives the cap', () => {
    const junk = Array.from(
      { length: 600 },
      (_, i) => `<meta name="m${i}" content="${'x'.repeat(1_000)}">`,
    );
    const huge = page(`${junk.join('')}${NOINDEX}`);
    const kept = capPageFacts(comparedFacts(huge));
    expect(JSON.stringify(kept).length).toBeLessThan(1_000);
    expect(compareRawRendered(kept, page(''), 'googlebot').map((d) => d.kind)).toEqual([
      'noindex-removed',
    ]);
  });
});
