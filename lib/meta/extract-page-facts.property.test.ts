import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deeplyNestedPage, pageWithLinks } from '../../tests/fixtures/hostile-inputs.ts';
import { anyString, checkProperty, htmlLike, timed } from '../../tests/support/properties.ts';
import { extractPageFacts } from './extract-page-facts.ts';
import { findPageIssues } from './page-findings.ts';

describe('extractPageFacts, on any HTML', () => {
  it('never throws, and its findings never throw either', () => {
    checkProperty(
      fc.property(fc.oneof(htmlLike, anyString), (html) => {
        const facts = extractPageFacts(html, 'https://example.com/a');
        expect(facts.nofollowAnchorCount).toBeLessThanOrEqual(facts.anchorCount);
        for (const meta of facts.metas) expect(meta.name).toBe(meta.name.trim().toLowerCase());
        findPageIssues(facts);
        findPageIssues(facts, 'Googlebot');
      }),
      1500,
    );
  });

  it.each<[string, () => string]>([
    ['100,000 links', () => pageWithLinks(100_000)],
    ['10,000-deep nesting', () => deeplyNestedPage(10_000)],
    ['10,000 unclosed elements', () => deeplyNestedPage(10_000, false)],
    ['a 2 MB attribute', () => `<meta name="robots" content="${'noindex '.repeat(250_000)}">`],
    [
      '100,000 broken entities in the title',
      () => `<title>${'&amp&#x&#99999999999;&'.repeat(100_000)}</title>`,
    ],
    ['1 MB of NULs', () => `<meta name="robots\0" content="\0">${'\0'.repeat(1_000_000)}`],
  ])('%s: read, with findings, within 10 s', (_name, build) => {
    const html = build();
    expect(
      timed(() => findPageIssues(extractPageFacts(html, 'https://example.com/'))),
    ).toBeLessThan(10_000);
  });
});
