import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { anyString, checkProperty, htmlLike } from '../../tests/support/properties.ts';
import { urlLike, webUrl } from '../../tests/support/url-arbitraries.ts';
import { extractLinks } from './extract-links.ts';

const anyHtml = fc.oneof(htmlLike, anyString);
const pageUrl = fc.oneof(webUrl, urlLike);

describe('extractLinks, on any HTML and page URL', () => {
  it('never throws; links are bounded, classified and placed on a real line', () => {
    checkProperty(
      fc.property(anyHtml, pageUrl, fc.integer({ min: 0, max: 5 }), (html, page, maxLinks) => {
        const result = extractLinks(html, page, { maxLinks });
        // The first maxLinks, then links written unlike those, until maxLinks are written differently.
        expect(result.links.length).toBeLessThanOrEqual(2 * maxLinks);
        expect(new Set(result.links.map((link) => link.raw)).size).toBeLessThanOrEqual(maxLinks);
        expect(result.omittedLinkCount).toBeGreaterThanOrEqual(0);
        const lineCount = html.split('\n').length;
        for (const link of result.links) {
          expect(link.line).toBeGreaterThanOrEqual(1);
          expect(link.line).toBeLessThanOrEqual(lineCount);
          expect(link.text.length).toBeLessThanOrEqual(200);
          if (link.kind === 'request') expect(new URL(link.url).protocol).toMatch(/^https?:$/);
          if (link.kind === 'invalid') expect(english(link.reason).length).toBeLessThan(200);
        }
      }),
      1500,
    );
  });

  it('keeps the first links, then every link written differently up to the limit, and counts the rest', () => {
    checkProperty(
      fc.property(anyHtml, (html) => {
        const all = extractLinks(html, 'https://example.com/');
        const few = extractLinks(html, 'https://example.com/', { maxLinks: 2 });
        expect(few.links.slice(0, 2)).toEqual(all.links.slice(0, 2));
        expect(few.links.length + few.omittedLinkCount).toBe(
          all.links.length + all.omittedLinkCount,
        );
        // Kept links come in page order, and none is lost while the limit allows.
        const kept = few.links.map((link) => link.raw);
        const raws = all.links.map((link) => link.raw);
        expect(raws.filter((raw) => kept.includes(raw)).length).toBeGreaterThanOrEqual(kept.length);
        if (new Set(raws).size <= 2) expect(new Set(kept)).toEqual(new Set(raws));
      }),
      500,
    );
  });
});
