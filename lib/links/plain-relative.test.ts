import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProperty } from '../../tests/support/properties.ts';
import { appendPlainPath, baseDirectory } from './plain-relative.ts';

const BASES = [
  'http://127.0.0.1:8611/',
  'http://127.0.0.1:8611/user/a01234.html',
  'https://example.com/dir/sub/page.html?q=/x/y#frag/z',
  'https://user:pa%2Fss@example.com:8443/a/b/',
  'http://example.com/a/b?',
  'http://example.com/#/x',
];

describe('baseDirectory', () => {
  it.each<[string, string | null]>([
    ['http://127.0.0.1:8611/', 'http://127.0.0.1:8611/'],
    ['http://127.0.0.1:8611/user/a01234.html', 'http://127.0.0.1:8611/user/'],
    ['https://example.com/dir/page.html?q=/x/y#frag/z', 'https://example.com/dir/'],
    ['http://example.com/#/x', 'http://example.com/'],
    ['file:///tmp/a.html', null],
    ['mailto:someone@example.com', null],
  ])('%s', (href, prefix) => {
    expect(baseDirectory(href)?.prefix ?? null).toBe(prefix);
  });
});

describe('appendPlainPath', () => {
  const base = baseDirectory('http://h/dir/page.html');
  it.each<[string, string | null]>([
    ['a01234.html', 'http://h/dir/a01234.html'],
    ['sub/page.html#a2929dd45c1', 'http://h/dir/sub/page.html#a2929dd45c1'],
    ['a//b', 'http://h/dir/a//b'],
    ['.../x', 'http://h/dir/.../x'],
    ['dir/', 'http://h/dir/dir/'],
    // The URL parser's cases: dot segments, absolute paths, schemes, fragments only,
    // whitespace, characters it encodes or reads otherwise.
    ['../up.html', null],
    ['./here.html', null],
    ['a/../b', null],
    ['a/.', null],
    ['..#x', null],
    ['/root.html', null],
    ['//other.host/x', null],
    ['mailto:x', null],
    ['#top', null],
    ['', null],
    [' a.html', null],
    ['a b.html', null],
    ['a\\b', null],
    ['a?q=1', null],
    ['a%2e', null],
    ['a#b#c', null],
    ['a#b/c', null],
    ['é.html', null],
  ])('%j', (raw, href) => {
    expect(base && appendPlainPath(base, raw)).toBe(href);
  });

  it('gives what the URL parser gives, whenever it gives anything', () => {
    const raw = fc
      .array(
        fc.constantFrom(
          'a',
          'Z',
          '9',
          '.',
          '..',
          '/',
          '#',
          '-',
          '_',
          '~',
          ':',
          '%2e',
          '?',
          ' ',
          '\\',
        ),
        {
          maxLength: 12,
        },
      )
      .map((parts) => parts.join(''));
    let taken = 0;
    checkProperty(
      fc.property(fc.constantFrom(...BASES), raw, (baseHref, value) => {
        const directory = baseDirectory(baseHref);
        const href = directory && appendPlainPath(directory, value);
        if (href === null || directory === null) return;
        taken++;
        const parsed = new URL(value, baseHref);
        expect(href).toBe(parsed.href);
        expect(directory.protocol).toBe(parsed.protocol);
      }),
      5000,
    );
    // The property means little unless the shortcut was taken often.
    expect(taken).toBeGreaterThan(500);
  });
});
