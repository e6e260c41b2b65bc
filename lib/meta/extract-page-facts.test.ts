import { describe, expect, it } from 'vitest';
import { extractPageFacts } from './extract-page-facts.ts';
import type { PageFacts } from './page-facts.ts';

const URL_ = 'https://example.com/page';
const facts = (html: string): PageFacts => extractPageFacts(html, URL_);
const metas = (html: string) => facts(html).metas.map((m) => [m.name, m.content, m.inHead]);

describe('extractPageFacts: title', () => {
  it.each<[string, string | null]>([
    ['<title>Hello</title>', 'Hello'],
    ['<TITLE>  Hello \n\t world  </TITLE>', 'Hello world'],
    ['<title>Fish &amp; Chips &lt;b&gt; &#x263A;</title>', 'Fish & Chips <b> ☺'],
    ['<title>A <b>not bold</b></title>', 'A <b>not bold</b>'],
    ['<title>first</title><title>second</title>', 'first'],
    ['<body><svg><title>icon</title></svg><title>real</title>', 'real'],
    ['<title>unclosed', 'unclosed'],
    ['<title></title>', ''],
    ['<p>no title</p>', null],
  ])('%j → %j', (html, expected) => {
    expect(facts(html).title).toBe(expected);
  });
});

describe('extractPageFacts: meta tags and inHead', () => {
  it.each<[string, string, unknown[]]>([
    [
      'explicit head',
      '<html><head><meta name="robots" content="noindex"></head><body></body>',
      [['robots', 'noindex', true]],
    ],
    [
      'uppercase tags and attributes',
      '<HTML><HEAD><META NAME="ROBOTS" CONTENT="NoIndex"></HEAD>',
      [['robots', 'NoIndex', true]],
    ],
    [
      'entities in content',
      '<meta name="description" content="Fish &amp; chips &quot;fresh&quot;">',
      [['description', 'Fish & chips "fresh"', true]],
    ],
    [
      'untrimmed content, trimmed name',
      '<meta name=" Robots " content=" noindex ">',
      [['robots', ' noindex ', true]],
    ],
    [
      'no head at all',
      '<meta name="robots" content="noindex"><p>text</p>',
      [['robots', 'noindex', true]],
    ],
    [
      'meta in body',
      '<head></head><body><meta name="robots" content="noindex"></body>',
      [['robots', 'noindex', false]],
    ],
    [
      'after body content without body tag',
      '<title>t</title><div>x</div><meta name="googlebot" content="noindex">',
      [['googlebot', 'noindex', false]],
    ],
    [
      'after body text without any tag',
      'Hello<meta name="robots" content="noindex">',
      [['robots', 'noindex', false]],
    ],
    [
      'after </head> but before body',
      '<head></head>\n<meta name="robots" content="noindex"><body>',
      [['robots', 'noindex', true]],
    ],
    [
      'after a stray div in explicit head',
      '<head><div></div><meta name="robots" content="noindex"></head>',
      [['robots', 'noindex', false]],
    ],
    [
      'after head scripts and styles',
      '<head><script>if (a < b) document.write("<div>")</script><style>p{}</style><meta name="robots" content="x"></head>',
      [['robots', 'x', true]],
    ],
    ['property (Open Graph)', '<meta property="og:title" content="T">', [['og:title', 'T', true]]],
    [
      'name and property',
      '<meta name="description" property="og:description" content="D">',
      [
        ['description', 'D', true],
        ['og:description', 'D', true],
      ],
    ],
    ['missing content', '<meta name="robots">', [['robots', '', true]]],
    [
      'charset and http-equiv are not named metas',
      '<meta charset="utf-8"><meta http-equiv="content-type" content="text/html">',
      [],
    ],
    ['inside template', '<template><meta name="robots" content="noindex"></template>', []],
    [
      'inside noscript',
      '<noscript><meta name="robots" content="noindex"></noscript><meta name="a" content="b">',
      [['a', 'b', true]],
    ],
    [
      'unclosed everything',
      '<html><head><meta name="robots" content="noindex"<body><div><p><meta name="x" content="y"',
      [['robots', 'noindex', true]],
    ],
    ['unquoted attributes', '<meta name=robots content=noindex>', [['robots', 'noindex', true]]],
    [
      'comment and doctype first',
      '<!DOCTYPE html><!-- hi --><meta name="robots" content="noindex">',
      [['robots', 'noindex', true]],
    ],
    ['BOM first', '\uFEFF<meta name="robots" content="noindex">', [['robots', 'noindex', true]]],
  ])('%s', (_, html, expected) => {
    expect(metas(html)).toEqual(expected);
  });
});

describe('extractPageFacts: base, refresh, links, anchors', () => {
  it('reads the first <base href>', () => {
    expect(facts('<base target="_blank"><base href="/sub/"><base href="/other/">').baseHref).toBe(
      '/sub/',
    );
    expect(facts('<p>').baseHref).toBeUndefined();
  });

  it('reads meta refresh values', () => {
    expect(facts('<META HTTP-EQUIV="Refresh" CONTENT="0; url=/next">').refresh).toEqual([
      '0; url=/next',
    ]);
  });

  it('reads link tags with rel tokens, href and hreflang', () => {
    expect(
      facts(
        '<link rel="Canonical" href="/c"><link rel="alternate  stylesheet" href="/s"><link rel="alternate" hreflang="de-DE" href="/de"><link href="/no-rel"><link rel="icon">',
      ).links,
    ).toEqual([
      { rel: ['canonical'], href: '/c', inHead: true },
      { rel: ['alternate', 'stylesheet'], href: '/s', inHead: true },
      { rel: ['alternate'], href: '/de', hreflang: 'de-DE', inHead: true },
    ]);
  });

  it('marks links in body', () => {
    expect(facts('<body><link rel="canonical" href="/c">').links[0]?.inHead).toBe(false);
  });

  it('counts anchors with href and nofollow ones', () => {
    const page = facts(
      '<a href="/1">1</a><A HREF="/2" REL="NoFollow">2</A><a href="/3" rel="ugc nofollow">3</a><a name="x">no href</a><a href="">empty</a><a rel="nofollow">no href</a><area href="/map">',
    );
    expect([page.anchorCount, page.nofollowAnchorCount]).toEqual([4, 2]);
  });

  it('keeps the url', () => {
    expect(facts('').url).toBe(URL_);
  });
});

describe('extractPageFacts: never throws', () => {
  it.each([
    [''],
    ['<'],
    ['<<<>>>'],
    ['<meta'],
    ['<meta name="robots" content="noindex'],
    ['</head></head></body></html>'],
    ['<!-- unclosed comment <meta name=robots content=noindex>'],
    ['<script><meta name=robots content=noindex>'],
    ['<![CDATA[ x ]]><?xml version="1.0"?>'],
    ['\u0000\uFFFF\uD800'],
    ['<a href=x><a href=y><a'],
  ])('%j', (html) => {
    expect(() => facts(html)).not.toThrow();
  });

  it('survives random markup soup', () => {
    const pieces = [
      '<',
      '>',
      '/',
      '"',
      "'",
      '=',
      ' ',
      'meta',
      'head',
      'body',
      'a',
      'title',
      'script',
      '&',
      '#',
      'amp;',
      '<!--',
      '-->',
      'name',
      'content',
    ];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 200; run++) {
      const html = Array.from({ length: 200 }, () => pieces[next() % pieces.length]).join('');
      expect(() => facts(html)).not.toThrow();
    }
  });

  it('does not read robots META hidden in script or comments', () => {
    expect(
      metas(
        '<script>"<meta name=robots content=noindex>"</script><!-- <meta name=robots content=noindex> -->',
      ),
    ).toEqual([]);
  });
});

describe('extractPageFacts: references in the strings it keeps', () => {
  it('decodes names, rel, href, hreflang and base', () => {
    const page = facts(
      '<base href="/a&amp;b/"><meta name="&#114;obots" content="noindex"><link rel="c&#97;nonical" href="/x?a=1&amp;b=2" hreflang="d&#101;"><a href="/" rel="no&#102;ollow">x</a>',
    );
    expect(page.baseHref).toBe('/a&b/');
    expect(page.metas).toEqual([{ name: 'robots', content: 'noindex', inHead: true }]);
    expect(page.links).toEqual([
      { rel: ['canonical'], href: '/x?a=1&b=2', hreflang: 'de', inHead: true },
    ]);
    expect(page.nofollowAnchorCount).toBe(1);
  });

  it('does not start the body at a blank character reference', () => {
    expect(metas('&#32;<meta name="robots" content="noindex">')).toEqual([
      ['robots', 'noindex', true],
    ]);
    expect(metas('&nbsp;<meta name="robots" content="noindex">')).toEqual([
      ['robots', 'noindex', false],
    ]);
  });
});
