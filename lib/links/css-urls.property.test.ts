import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyString, checkProperty } from '../../tests/support/properties.ts';
import { cssUrls } from './css-urls.ts';

const cssPiece = fc.constantFrom(
  'url(',
  'URL(',
  ')',
  '"',
  "'",
  '\\',
  '/*',
  '*/',
  '@import ',
  ';',
  '{',
  '}',
  '\n',
  ' ',
  'a.png',
  '\\29 ',
);
const cssLike = fc.array(fc.oneof(cssPiece, anyString), { maxLength: 40 }).map((p) => p.join(''));
/** A URL that needs no escaping in a quoted string. */
const plainUrl = fc.stringMatching(/^[a-z0-9/._-]{1,20}$/);

describe('cssUrls, on any text', () => {
  it('never throws; every URL is non-empty and placed on a real line', () => {
    checkProperty(
      fc.property(cssLike, fc.integer({ min: 0, max: 5 }), (css, max) => {
        const found = cssUrls(css, max);
        expect(found.length).toBeLessThanOrEqual(max);
        const lines = css.split('\n').length;
        for (const u of found) {
          expect(u.url).not.toBe('');
          expect(u.line).toBeGreaterThanOrEqual(1);
          expect(u.line).toBeLessThanOrEqual(lines);
        }
      }),
      1500,
    );
  });

  it('finds every quoted url() between declarations, in order', () => {
    checkProperty(
      fc.property(fc.array(plainUrl, { maxLength: 10 }), (list) => {
        const css = list.map((u, i) => `.c${i} { background: url("${u}") }\n`).join('');
        expect(cssUrls(css).map((u) => u.url)).toEqual(list);
      }),
      500,
    );
  });

  it('stays linear on hostile input', () => {
    for (const unit of ['url(', 'url("', '/*', '@import "', 'url(a(', '\\']) {
      const css = unit.repeat(200_000);
      const startedMs = performance.now();
      cssUrls(css);
      expect(performance.now() - startedMs).toBeLessThan(2_000);
    }
  });
});
