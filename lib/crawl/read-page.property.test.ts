import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { deeplyNestedPage, pageWithLinks } from '../../tests/fixtures/hostile-inputs.ts';
import { anyString, checkProperty, htmlLike, timed } from '../../tests/support/properties.ts';
import { urlLike, webUrl } from '../../tests/support/url-arbitraries.ts';
import { DEFAULT_MAX_LINKS } from '../links/extract-links.ts';
import { readPage } from './read-page.ts';

describe('readPage, on any HTML, page URL and robot', () => {
  it('never throws; permissions come with a reason', () => {
    checkProperty(
      fc.property(
        fc.oneof(htmlLike, anyString),
        fc.oneof(webUrl, urlLike),
        fc.oneof(anyString, fc.constantFrom('*', 'Googlebot')),
        (html, page, robot) => {
          const reading = readPage(html, page, { robot, maxLinks: 10 });
          expect(reading.links.length).toBeLessThanOrEqual(10);
          for (const permission of [reading.robotsMeta.follow, reading.robotsMeta.index]) {
            if (!permission.allowed) expect(english(permission.reason).length).toBeGreaterThan(0);
          }
        },
      ),
      1500,
    );
  });
});

describe('readPage on huge and broken pages, in bounded time and memory', () => {
  it('100,000 links: within 10 s, at most the link limit kept, the rest counted', () => {
    const html = pageWithLinks(100_000);
    let reading: ReturnType<typeof readPage> | undefined;
    expect(timed(() => (reading = readPage(html, 'https://example.com/')))).toBeLessThan(10_000);
    // Every tenth element is an image with a src and two srcset candidates.
    expect(reading?.links).toHaveLength(DEFAULT_MAX_LINKS);
    expect((reading?.links.length ?? 0) + (reading?.omittedLinkCount ?? 0)).toBe(120_000);
  });

  it.each<[string, () => string]>([
    ['10,000-deep nesting', () => deeplyNestedPage(10_000)],
    ['10,000 unclosed elements', () => deeplyNestedPage(10_000, false)],
    ['a 1 MB href of entities', () => `<a href="${'&amp;&#x;&'.repeat(100_000)}">x</a>`],
    [
      '100,000 spaces in a robots META',
      () => `<meta name="robots" content="none${' '.repeat(100_000)}x">`,
    ],
    ['100,000 chunks of anchor text', () => `<a href="/x">${'&amp;<b></b>'.repeat(100_000)}</a>`],
    ['a 100,000-candidate srcset', () => `<img srcset="${'a.png 1x, '.repeat(100_000)}">`],
    ['1 MB of NULs', () => `<a href="\0">\0</a>${'\0'.repeat(1_000_000)}`],
    [
      'closing tags that never opened',
      () => `${'<div>'.repeat(10_000)}${'</span>'.repeat(10_000)}`,
    ],
  ])('%s: within 10 s', (_name, build) => {
    const html = build();
    expect(
      timed(() => readPage(html, 'https://example.com/', { robot: 'Googlebot' })),
    ).toBeLessThan(10_000);
  });
});
