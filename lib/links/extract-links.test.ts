import { describe, expect, it } from 'vitest';
import { withText, type WithText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { decodeText } from '../http/decode-text.ts';
import { extractLinks } from './extract-links.ts';
import type { ExtractedLink } from './link-types.ts';

const PAGE = 'https://example.com/dir/page.html';
const links = (html: string, page = PAGE): ExtractedLink[] => extractLinks(html, page).links;
const summary = (html: string) =>
  links(html).map((l) => [l.element, l.attribute, l.kind === 'invalid' ? null : l.url]);

describe('extractLinks: link-bearing elements', () => {
  it.each<[string, string, [string, string, string][]]>([
    ['a[href]', '<a href="/a">A</a>', [['a', 'href', 'https://example.com/a']]],
    [
      'area[href]',
      '<map><area href="b.html" alt="B"></map>',
      [['area', 'href', 'https://example.com/dir/b.html']],
    ],
    [
      'link[href]',
      '<link rel="stylesheet" href="/s.css">',
      [['link', 'href', 'https://example.com/s.css']],
    ],
    ['img[src]', '<img src="i.png">', [['img', 'src', 'https://example.com/dir/i.png']]],
    [
      'img[srcset]',
      '<img srcset="a.png 1x, b,c.png 2x">',
      [
        ['img', 'srcset', 'https://example.com/dir/a.png'],
        ['img', 'srcset', 'https://example.com/dir/b,c.png'],
      ],
    ],
    [
      'picture source[srcset] and img',
      '<picture><source srcset="/w.webp"><img src="/f.jpg"></picture>',
      [
        ['source', 'srcset', 'https://example.com/w.webp'],
        ['img', 'src', 'https://example.com/f.jpg'],
      ],
    ],
    [
      'source[src]',
      '<video><source src="/v.mp4"></video>',
      [['source', 'src', 'https://example.com/v.mp4']],
    ],
    [
      'script[src]',
      '<script src="/app.js"></script>',
      [['script', 'src', 'https://example.com/app.js']],
    ],
    [
      'iframe[src]',
      '<iframe src="//cdn.example.net/x"></iframe>',
      [['iframe', 'src', 'https://cdn.example.net/x']],
    ],
    [
      'frame[src]',
      '<frameset><frame src="f.html"></frameset>',
      [['frame', 'src', 'https://example.com/dir/f.html']],
    ],
    [
      'meta refresh',
      '<meta http-equiv="Refresh" content="5; URL=\'/next\'">',
      [['meta-refresh', 'content', 'https://example.com/next']],
    ],
    ['meta refresh without url', '<meta http-equiv="refresh" content="30">', []],
    ['a without href', '<a name="x">anchor</a>', []],
    [
      'empty src is no request',
      '<img src=""><script src=" "></script><iframe src=""></iframe>',
      [],
    ],
    ['empty href is this page', '<a href="">self</a>', [['a', 'href', PAGE]]],
    [
      'upper-case markup',
      '<A HREF="/up">x</A><IMG SRC="/i">',
      [
        ['a', 'href', 'https://example.com/up'],
        ['img', 'src', 'https://example.com/i'],
      ],
    ],
    [
      'unquoted attributes',
      '<a href=/u?a=1&b=2>x</a>',
      [['a', 'href', 'https://example.com/u?a=1&b=2']],
    ],
    [
      'first of duplicate attributes',
      '<a href="/1" href="/2">x</a>',
      [['a', 'href', 'https://example.com/1']],
    ],
    [
      'template contents are inert',
      '<template><a href="/t">t</a></template><a href="/r">r</a>',
      [['a', 'href', 'https://example.com/r']],
    ],
    [
      'noscript links are read',
      '<noscript><a href="/n">n</a></noscript>',
      [['a', 'href', 'https://example.com/n']],
    ],
    ['not in script text', '<script>document.write("<a href=/js>")</script>', []],
    ['not in comments', '<!-- <a href="/c">c</a> -->', []],
  ])('%s', (_label, html, expected) => {
    expect(summary(html)).toEqual(expected);
  });
});

describe('extractLinks: resolution', () => {
  it('resolves against the first <base href>, itself resolved against the page, for links before it too', () => {
    const result = extractLinks(
      '<a href="early">e</a><base href="/base/"><base href="/ignored/"><a href="late">l</a>',
      PAGE,
    );
    expect(result.baseHref).toBe('/base/');
    expect(result.links.map((l) => l.kind === 'request' && l.url)).toEqual([
      'https://example.com/base/early',
      'https://example.com/base/late',
    ]);
  });

  it.each<[string, string]>([
    ['javascript:alert(1)', 'invalid base schemes are ignored'],
    ['http://[bad', 'an unparsable base is ignored'],
  ])('base %j: %s', (base) => {
    expect(summary(`<base href="${base}"><a href="x">x</a>`)).toEqual([
      ['a', 'href', 'https://example.com/dir/x'],
    ]);
  });

  it('decodes character references and trims whitespace as the URL parser does', () => {
    const [link] = links('<a href=" /a?x=1&amp;y=&#50;&lt;\n\t/b ">x</a>');
    expect(link).toMatchObject({
      raw: ' /a?x=1&y=2<\n\t/b ',
      kind: 'request',
      url: 'https://example.com/a?x=1&y=2%3C/b',
    });
  });

  it('keeps the fragment and does not normalize', () => {
    expect(links('<a href="HTTP://Example.com:80/%7Ex#top">x</a>')[0]).toMatchObject({
      kind: 'request',
      url: 'http://example.com/%7Ex#top',
    });
  });

  it.each<[string, Partial<WithText<ExtractedLink>>]>([
    ['mailto:a@example.com', { kind: 'not-a-request', scheme: 'mailto', reason: 'other-scheme' }],
    ['tel:+4912345', { kind: 'not-a-request', scheme: 'tel', reason: 'other-scheme' }],
    ['javascript:void(0)', { kind: 'not-a-request', scheme: 'javascript', reason: 'other-scheme' }],
    ['JavaScript:go()', { kind: 'not-a-request', scheme: 'javascript', reason: 'other-scheme' }],
    ['data:text/html,hi', { kind: 'not-a-request', scheme: 'data', reason: 'other-scheme' }],
    ['ftp://example.com/f', { kind: 'not-a-request', scheme: 'ftp', reason: 'other-scheme' }],
    [
      '#top',
      { kind: 'not-a-request', scheme: 'https', reason: 'fragment-only', url: `${PAGE}#top` },
    ],
    [' #top', { kind: 'not-a-request', reason: 'fragment-only' }],
    ['page.html#top', { kind: 'request', url: `${PAGE}#top` }],
    ['http://[bad', { kind: 'invalid', reason: '"http://[bad" is not a valid URL' }],
    ['https://exa mple.com/', { kind: 'invalid' }],
  ])('%j', (href, expected) => {
    expect(withText(links(`<a href="${href}">x</a>`)[0], english)).toMatchObject(expected);
  });

  it('treats #fragment as a request when <base> points it at another document', () => {
    expect(links('<base href="/other"><a href="#top">x</a>')[0]).toMatchObject({
      kind: 'request',
      url: 'https://example.com/other#top',
    });
  });
});

describe('extractLinks: origin of each link', () => {
  it.each<[string, string, string]>([
    [
      'anchor text collapsed',
      '<a href="/a">  Hello\n\t <b>bold</b>   world </a>',
      'Hello bold world',
    ],
    ['entities decoded', '<a href="/a">Fish &amp; chips&nbsp;&#x263A;</a>', 'Fish & chips ☺'],
    ['image alt inside anchor', '<a href="/a"><img src="/l.png" alt="Home"></a>', 'Home'],
    ['title when no text', '<a href="/a" title="Go &amp; see"></a>', 'Go & see'],
    ['text beats title', '<a href="/a" title="T">text</a>', 'text'],
    ['an anchor closes the open one', '<a href="/a">one<a href="/b">two</a>', 'one'],
    ['unclosed anchor runs to the end', '<p><a href="/a">open', 'open'],
  ])('%s', (_label, html, text) => {
    expect(links(html)[0]?.text).toBe(text);
  });

  it('caps text at 200 characters', () => {
    const [link] = links(`<a href="/a">${'word '.repeat(1000)}</a>`);
    expect(link?.text).toHaveLength(200);
    const [emoji] = links(`<a href="/a">${'x'.repeat(199)}😀😀</a>`);
    expect(emoji?.text).toBe('x'.repeat(199));
  });

  it('uses alt for images and areas, title elsewhere', () => {
    const html =
      '<img src="/i" alt="Alt" title="T"><img src="/j" title="Only title"><area href="/m" alt="Map">' +
      '<iframe src="/f" title="Frame"></iframe><link rel="alternate" href="/feed" title="Feed">';
    expect(links(html).map((l) => l.text)).toEqual(['Alt', 'Only title', 'Map', 'Frame', 'Feed']);
  });

  it('keeps rel tokens lower-cased', () => {
    const html =
      '<a href="/a" rel="NoFollow  sponsored">x</a><link rel="Canonical" href="/c"><img src="/i">';
    expect(links(html).map((l) => l.rel)).toEqual([['nofollow', 'sponsored'], ['canonical'], []]);
  });

  it('records the source line', () => {
    const html =
      '<html>\n<head>\n<link rel=icon href=/i>\n</head>\n<body>\n\n<a\nhref="/a">x</a> <img src="/b">\n<a href="/c">c</a>';
    expect(links(html).map((l) => l.line)).toEqual([3, 7, 8, 9]);
  });

  it('reads Korean anchor text from an EUC-KR page decoded by decodeText', () => {
    // "한국어" and "안녕" in EUC-KR, written byte by byte.
    const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
    const bytes = new Uint8Array([
      ...ascii('<html><head><meta charset="euc-kr"></head><body><a href="/ko">'),
      ...[0xc7, 0xd1, 0xb1, 0xb9, 0xbe, 0xee],
      ...ascii('</a><img src="/i.png" alt="'),
      ...[0xbe, 0xc8, 0xb3, 0xe7],
      ...ascii('"></body></html>'),
    ]);
    const html = decodeText(bytes, 'text/html');
    expect(links(html).map((l) => l.text)).toEqual(['한국어', '안녕']);
  });
});

describe('extractLinks: robustness and bounds', () => {
  it.each([
    '<a href="/a"',
    '<a href=">',
    '<<<a href="/x">>>',
    '</a></a><a>',
    '<img srcset=",,,">',
    '<a href="/a">\u0000\ud800</a>',
    '<svg><a href="/s">s</a></svg>',
    '<!doctype html><html><body><table><a href="/t">t</table>',
    '\uFEFF<a href="/bom">b</a>',
  ])('never throws on %j', (html) => {
    expect(() => extractLinks(html, PAGE)).not.toThrow();
  });

  it('never throws on a bad page URL', () => {
    expect(links('<a href="/a">a</a><a href="https://x.test/">x</a>', 'not a url')).toMatchObject([
      { kind: 'invalid' },
      { kind: 'request', url: 'https://x.test/' },
    ]);
  });

  it('keeps at most maxLinks links and counts the rest', () => {
    const html = '<a href="/a">a</a>'.repeat(10);
    const result = extractLinks(html, PAGE, { maxLinks: 3 });
    expect(result.links).toHaveLength(3);
    expect(result.omittedLinkCount).toBe(7);
  });

  it('past maxLinks links, still keeps a link written unlike the ones kept', () => {
    // A Haddock page: thousands of links to a few pages, and one to a missing page far down.
    const html = `${'<a href="/a">a</a><a href="/b">b</a>'.repeat(50)}<a href="/missing">m</a><a href="/a">a</a>`;
    const result = extractLinks(html, PAGE, { maxLinks: 10 });
    expect(result.links.map((link) => link.raw)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => (i % 2 ? '/b' : '/a')),
      '/missing',
    ]);
    expect(result.omittedLinkCount).toBe(91);
  });

  it('keeps no more than maxLinks links written differently', () => {
    const html = Array.from({ length: 30 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('');
    const repeated = `${'<a href="/a">a</a>'.repeat(10)}${html}`;
    const result = extractLinks(repeated, PAGE, { maxLinks: 10 });
    // The first 10 (one URL), then 9 more written differently: 10 in all.
    expect(result.links.map((link) => link.raw)).toEqual([
      ...Array.from({ length: 10 }, () => '/a'),
      ...Array.from({ length: 9 }, (_, i) => `/p${i}`),
    ]);
    expect(result.omittedLinkCount).toBe(21);
  });

  it('handles 100,000 links in bounded time and memory', () => {
    const html = Array.from({ length: 100_000 }, (_, i) => `<a href="/p/${i}">${i}</a>`).join('\n');
    const started = performance.now();
    const result = extractLinks(html, PAGE);
    expect(result.links).toHaveLength(20_000);
    expect(result.omittedLinkCount).toBe(80_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
