import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyString, checkProperty, htmlLike } from '../../tests/support/properties.ts';
import { webUrl } from '../../tests/support/url-arbitraries.ts';
import { extractPageFacts } from '../meta/extract-page-facts.ts';
import { readPage } from './read-page.ts';

/** Markup where the two readings differ: noscript and template contents, head and body, svg titles. */
const trickyPage = fc
  .array(
    fc.constantFrom(
      '<noscript><meta name="robots" content="noindex"><a href="/ns">ns</a></noscript>',
      '<template><title>T</title><link rel="canonical" href="/t"></template>',
      '<svg><title>svg</title></svg>',
      '<title>A &amp; B</title>',
      '<meta name="googlebot" content="nofollow">',
      '<meta name="description" content="d&eacute;">',
      '<link rel="alternate" hreflang="de" href="/de">',
      '<link rel="canonical" href="/c">',
      '<base href="/b/">',
      '<meta http-equiv="refresh" content="0;url=/r">',
      '<div>text</div>',
      '<a href="/x" rel="nofollow">x</a>',
      '<head>',
      '</head>',
      '<body>',
      '\uFEFF',
      ' ',
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(''));

describe('readPage with facts: the same facts as extractPageFacts, from the link scan’s one parse', () => {
  it('on any HTML and page URL', () => {
    checkProperty(
      fc.property(fc.oneof(htmlLike, anyString, trickyPage), webUrl, (html, url) => {
        const reading = readPage(html, url, { withFacts: true, maxLinks: 20 });
        expect(reading.facts).toEqual(extractPageFacts(html, url));
      }),
      1500,
    );
  });

  it('reads noscript links while the facts keep noscript inert', () => {
    const html =
      '<head><noscript><meta name="robots" content="noindex"></noscript></head>' +
      '<body><noscript><a href="/ns">ns</a></noscript><template><a href="/t">t</a></template></body>';
    const reading = readPage(html, 'https://example.com/', { withFacts: true });
    expect(reading.links.map((link) => ('url' in link ? link.url : link.raw))).toEqual([
      'https://example.com/ns',
    ]);
    expect(reading.facts?.metas).toEqual([]);
    expect(reading.facts?.anchorCount).toBe(0);
  });

  it('leaves the facts out unless asked', () => {
    expect(readPage('<title>x</title>', 'https://example.com/').facts).toBeUndefined();
  });
});
