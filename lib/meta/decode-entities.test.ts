import { describe, expect, it } from 'vitest';
import { decodeAttributeEntities, decodeTextEntities } from './decode-entities.ts';

describe('decodeAttributeEntities', () => {
  it.each([
    ['plain', 'plain'],
    ['Fish &amp; chips', 'Fish & chips'],
    ['&quot;quoted&quot; &#39;single&#39;', `"quoted" 'single'`],
    ['raw "double" quotes', 'raw "double" quotes'],
    ["raw 'single' quotes", "raw 'single' quotes"],
    ['&#x263A; &#9786; &hearts;', '☺ ☺ ♥'],
    // Attribute rule: a legacy reference followed by `=` or a letter stays as written.
    ['?a=1&copy=2', '?a=1&copy=2'],
    ['&copy 2024', '© 2024'],
    ['&amp"x', '&"x'],
    ['& alone', '& alone'],
    ['&unknown;', '&unknown;'],
    ['<b>not markup</b>', '<b>not markup</b>'],
  ])('%j → %j', (raw, expected) => {
    expect(decodeAttributeEntities(raw)).toBe(expected);
  });
});

describe('decodeTextEntities', () => {
  it.each([
    ['plain', 'plain'],
    ['A &amp; B &lt;c&gt;', 'A & B <c>'],
    ['<b>&amp;</b>', '<b>&</b>'],
    ['&lt;/title&gt; still text', '</title> still text'],
    ['&#32;', ' '],
  ])('%j → %j', (raw, expected) => {
    expect(decodeTextEntities(raw)).toBe(expected);
  });
});
