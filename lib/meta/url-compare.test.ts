import { describe, expect, it } from 'vitest';
import { documentBase, isRelativeUrl, resolveUrl, resourceKey } from './url-compare.ts';

describe('resourceKey', () => {
  it.each<[string, string]>([
    ['HTTP://Example.COM:80/a#frag', 'http://example.com/a'],
    ['https://example.com:443', 'https://example.com/'],
    ['https://example.com:8443/', 'https://example.com:8443/'],
    ['http://example.com/%7Efred/%2fhi?q=%41%2f', 'http://example.com/~fred/%2Fhi?q=A%2F'],
    ['not a url', 'not a url'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
  ])('%s', (url, expected) => {
    expect(resourceKey(url)).toBe(expected);
  });
});

describe('resolution', () => {
  it.each<[string, string, string | null]>([
    ['/a', 'https://example.com/x/y', 'https://example.com/a'],
    ['b', 'https://example.com/x/y', 'https://example.com/x/b'],
    ['  https://other.example/  ', 'https://example.com/', 'https://other.example/'],
    ['http://[bad', 'https://example.com/', null],
  ])('resolveUrl(%j, %j)', (href, base, expected) => {
    expect(resolveUrl(href, base)).toBe(expected);
  });

  it('uses <base href> resolved against the page, else the page', () => {
    expect(documentBase('https://example.com/a/b', '/sub/')).toBe('https://example.com/sub/');
    expect(documentBase('https://example.com/a/b', undefined)).toBe('https://example.com/a/b');
    expect(documentBase('https://example.com/a/b', 'http://[bad')).toBe('https://example.com/a/b');
  });

  it.each<[string, boolean]>([
    ['/a', true],
    ['//host/a', true],
    ['a:b', false],
    ['https://x/', false],
  ])('isRelativeUrl(%j) = %s', (href, expected) => {
    expect(isRelativeUrl(href)).toBe(expected);
  });
});
