import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { withText, type WithText } from '../i18n/with-text.ts';
import {
  MAX_SITEMAP_ENTRIES,
  MAX_SITEMAP_ERRORS,
  parseSitemap as parse,
  type ParsedSitemap,
} from './sitemap.ts';

/** The sitemap as it is written out (JSON): its errors in English, with their phrases. */
const parseSitemap = (...args: Parameters<typeof parse>) =>
  withText(parse(...args), english) as WithText<ParsedSitemap> & { errorPhrases: unknown[] };

const SITEMAP = 'https://example.com/sitemap.xml';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlset(...entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>\n${entries.join('\n')}\n</urlset>`;
}

describe('parseSitemap: what is kept', () => {
  it.each<[string, string, ReturnType<typeof parseSitemap>]>([
    [
      'a urlset with lastmod',
      urlset(
        '<url><loc>https://example.com/</loc><lastmod>2024-01-15</lastmod></url>',
        '<url><loc> https://example.com/a.html </loc><changefreq>daily</changefreq></url>',
      ),
      {
        kind: 'urlset',
        urls: [
          { loc: 'https://example.com/', lastmod: '2024-01-15' },
          { loc: 'https://example.com/a.html' },
        ],
        sitemaps: [],
        errors: [],
        errorPhrases: [],
      },
    ],
    [
      'a sitemap index',
      `<sitemapindex ${NS}><sitemap><loc>https://example.com/s1.xml</loc><lastmod>2024-02-01T10:00:00+00:00</lastmod></sitemap><sitemap><loc>https://example.com/s2.xml.gz</loc></sitemap></sitemapindex>`,
      {
        kind: 'sitemapindex',
        urls: [],
        sitemaps: ['https://example.com/s1.xml', 'https://example.com/s2.xml.gz'],
        errors: [],
        errorPhrases: [],
      },
    ],
    [
      'entities and CDATA',
      urlset(
        '<url><loc>https://example.com/?a=1&amp;b=2</loc></url>',
        '<url><loc><![CDATA[https://example.com/c?x=1&y=2]]></loc></url>',
      ),
      {
        kind: 'urlset',
        urls: [{ loc: 'https://example.com/?a=1&b=2' }, { loc: 'https://example.com/c?x=1&y=2' }],
        sitemaps: [],
        errors: [],
        errorPhrases: [],
      },
    ],
    [
      'image and video extensions (their loc is not a page)',
      urlset(
        '<url><loc>https://example.com/p</loc><image:image><image:loc>https://cdn.example.net/i.jpg</image:loc></image:image></url>',
      ),
      {
        kind: 'urlset',
        urls: [{ loc: 'https://example.com/p' }],
        sitemaps: [],
        errors: [],
        errorPhrases: [],
      },
    ],
    [
      'a namespace prefix on the sitemap elements',
      `<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>https://example.com/x</sm:loc></sm:url></sm:urlset>`,
      {
        kind: 'urlset',
        urls: [{ loc: 'https://example.com/x' }],
        sitemaps: [],
        errors: [],
        errorPhrases: [],
      },
    ],
    [
      'a plain-text sitemap, with a BOM, blank lines and CRLF',
      '\uFEFFhttps://example.com/one\r\n\r\n  https://example.com/two  \r\n',
      {
        kind: 'urlset',
        urls: [{ loc: 'https://example.com/one' }, { loc: 'https://example.com/two' }],
        sitemaps: [],
        errors: [],
        errorPhrases: [],
      },
    ],
    [
      'a URL normalized by the URL parser',
      urlset('<url><loc>HTTPS://EXAMPLE.com:443/a b</loc></url>'),
      {
        kind: 'urlset',
        urls: [{ loc: 'https://example.com/a%20b' }],
        sitemaps: [],
        errors: [],
        errorPhrases: [],
      },
    ],
  ])('reads %s', (_name, input, expected) => {
    expect(parseSitemap(input, SITEMAP)).toEqual(expected);
  });
});

describe('parseSitemap: what is noted as an error', () => {
  it.each<[string, string, { urls: string[]; error: string; kind?: string }]>([
    [
      'a relative loc',
      urlset('<url><loc>/relative.html</loc></url>'),
      { urls: [], error: '<url> #1: "/relative.html" is not an absolute URL' },
    ],
    [
      'a cross-origin loc',
      urlset(
        '<url><loc>https://other.example/a</loc></url>',
        '<url><loc>http://example.com/b</loc></url>',
        '<url><loc>https://example.com/c</loc></url>',
      ),
      {
        urls: ['https://example.com/c'],
        error:
          "<url> #1: https://other.example/a is not on the sitemap's origin https://example.com",
      },
    ],
    [
      'a non-http loc',
      urlset('<url><loc>ftp://example.com/file</loc></url>'),
      { urls: [], error: '<url> #1: ftp://example.com/file is not an http(s) URL' },
    ],
    [
      'a url without loc',
      urlset('<url><lastmod>2024-01-01</lastmod></url>'),
      { urls: [], error: '<url> #1: no <loc>' },
    ],
    ['an empty loc', urlset('<url><loc>  </loc></url>'), { urls: [], error: '<url> #1: no <loc>' }],
    [
      'a bad lastmod (the URL is kept without it)',
      urlset('<url><loc>https://example.com/a</loc><lastmod>yesterday</lastmod></url>'),
      {
        urls: ['https://example.com/a'],
        error: '<url> #1: <lastmod> "yesterday" is not a W3C date',
      },
    ],
    [
      'a URL listed twice',
      urlset(
        '<url><loc>https://example.com/a</loc></url>',
        '<url><loc>https://example.com/a</loc></url>',
      ),
      { urls: ['https://example.com/a'], error: '<url> #2: https://example.com/a is listed twice' },
    ],
    [
      'a URL of 2,048 characters or more',
      urlset(`<url><loc>https://example.com/${'x'.repeat(2100)}</loc></url>`),
      { urls: [], error: '<url> #1: URL of 2,120 characters (the limit is 2,047)' },
    ],
    [
      'an HTML page served as a sitemap',
      '<!doctype html><html><head><title>Not found</title></head><body>Sorry</body></html>',
      {
        urls: [],
        kind: 'unknown',
        error: 'the root element is <html>, not <urlset> or <sitemapindex>',
      },
    ],
    [
      'an RSS feed',
      '<?xml version="1.0"?><rss><channel><link>https://example.com/</link></channel></rss>',
      {
        urls: [],
        kind: 'unknown',
        error: 'the root element is <rss>, not <urlset> or <sitemapindex>',
      },
    ],
    ['an empty file', '  \n', { urls: [], kind: 'unknown', error: 'the sitemap is empty' }],
    [
      'markup without elements',
      '<!-- nothing -->',
      { urls: [], kind: 'unknown', error: 'no XML element found' },
    ],
    [
      'url entries inside a sitemap index',
      `<sitemapindex ${NS}><url><loc>https://example.com/a</loc></url></sitemapindex>`,
      {
        urls: [],
        kind: 'sitemapindex',
        error: '1 <url>/<sitemap> entries do not belong in <sitemapindex>; ignored',
      },
    ],
    [
      'a relative line in a text sitemap',
      'https://example.com/a\nnot a url\n',
      { urls: ['https://example.com/a'], error: 'line 2: "not a url" is not an absolute URL' },
    ],
    [
      'truncated XML (what was complete is kept)',
      urlset('<url><loc>https://example.com/a</loc></url>', '<url><loc>https://exa').replace(
        '</urlset>',
        '',
      ),
      {
        urls: ['https://example.com/a'],
        error: "<url> #2: https://exa is not on the sitemap's origin https://example.com",
      },
    ],
  ])('notes %s', (_name, input, expected) => {
    const result = parseSitemap(input, SITEMAP);
    expect(result.urls.map((u) => u.loc)).toEqual(expected.urls);
    expect(result.errors).toContain(expected.error);
    if (expected.kind) expect(result.kind).toBe(expected.kind);
  });

  it('notes a sitemap URL that is not absolute, and then checks no origin', () => {
    const result = parseSitemap(urlset('<url><loc>https://a.example/x</loc></url>'), 'sitemap.xml');
    expect(result.errors).toEqual(["the sitemap's own URL sitemap.xml is not absolute"]);
    expect(result.urls).toEqual([{ loc: 'https://a.example/x' }]);
  });
});

describe('parseSitemap: where a sitemap may point (sitemaps.org)', () => {
  const entries = urlset(
    '<url><loc>https://example.com/catalog/a.html</loc></url>',
    '<url><loc>https://example.com/images/b.png</loc></url>',
    '<url><loc>https://other.example/catalog/c.html</loc></url>',
  );

  it('keeps only URLs under its own folder on its own host', () => {
    const result = parseSitemap(entries, 'https://example.com/catalog/sitemap.xml');
    expect(result.urls.map((u) => u.loc)).toEqual(['https://example.com/catalog/a.html']);
    expect(result.errors).toEqual([
      "<url> #2: https://example.com/images/b.png is outside the sitemap's folder /catalog/ and not on the host whose robots.txt names the sitemap",
      "<url> #3: https://other.example/catalog/c.html is not on the sitemap's origin https://example.com",
    ]);
  });

  it('keeps URLs anywhere on the host whose robots.txt named it', () => {
    const result = parseSitemap(entries, 'https://example.com/catalog/sitemap.xml', {
      provenOrigin: 'https://example.com',
    });
    expect(result.urls.map((u) => u.loc)).toEqual([
      'https://example.com/catalog/a.html',
      'https://example.com/images/b.png',
    ]);
  });
});

describe('parseSitemap: bounds', () => {
  it('keeps 50,000 URLs and notes the rest', () => {
    const count = MAX_SITEMAP_ENTRIES + 5;
    const lines = Array.from({ length: count }, (_, i) => `https://example.com/${i}`);
    const result = parseSitemap(lines.join('\n'), 'https://example.com/sitemap.txt');
    expect(result.urls).toHaveLength(MAX_SITEMAP_ENTRIES);
    expect(result.urls.at(-1)?.loc).toBe(`https://example.com/${MAX_SITEMAP_ENTRIES - 1}`);
    expect(result.errors).toEqual([
      `${count.toLocaleString('en')} entries; the limit is ${MAX_SITEMAP_ENTRIES.toLocaleString('en')}, the rest are ignored`,
    ]);
  });

  it('bounds a sitemap index the same way', () => {
    const count = MAX_SITEMAP_ENTRIES + 1;
    const entries = Array.from(
      { length: count },
      (_, i) => `<sitemap><loc>https://example.com/s${i}.xml</loc></sitemap>`,
    );
    const result = parseSitemap(`<sitemapindex>${entries.join('')}</sitemapindex>`, SITEMAP);
    expect(result.sitemaps).toHaveLength(MAX_SITEMAP_ENTRIES);
    expect(result.errors).toHaveLength(1);
  });

  it('keeps at most 100 errors and counts the rest', () => {
    const lines = Array.from({ length: 250 }, (_, i) => `relative-${i}`);
    const result = parseSitemap(lines.join('\n'), SITEMAP);
    expect(result.errors).toHaveLength(MAX_SITEMAP_ERRORS + 1);
    expect(result.errors.at(-1)).toBe('… and 150 more errors');
  });

  it.each([
    ['binary noise', '\u0000\u0001\u0002<\u0003'],
    ['unbalanced tags', '<urlset><url><loc>https://example.com/a</url></loc></urlset></urlset>'],
    ['a lone angle bracket', '<'],
    ['deep nesting', `<urlset>${'<url>'.repeat(10_000)}</urlset>`],
  ])('never throws on %s', (_name, input) => {
    expect(() => parseSitemap(input, SITEMAP)).not.toThrow();
  });
});
