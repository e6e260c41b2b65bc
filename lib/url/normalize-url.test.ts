import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import {
  normalizeHref as normalizeHrefOf,
  normalizeUrl as normalizeUrlOf,
} from './normalize-url.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const normalizeHref = (...args: Parameters<typeof normalizeHrefOf>) =>
  withText(normalizeHrefOf(...args), english);
const normalizeUrl = (...args: Parameters<typeof normalizeUrlOf>) =>
  withText(normalizeUrlOf(...args), english);

describe('normalizeUrl', () => {
  it.each<[string, string, string]>([
    // The spec's (and the book's) alias examples.
    ['scheme and host case', 'HTTP://WWW.Example.COM/a', 'http://www.example.com/a'],
    ['default http port', 'http://example.com:80/a', 'http://example.com/a'],
    ['default https port', 'https://example.com:443/a', 'https://example.com/a'],
    ['non-default port kept', 'https://example.com:8443/a', 'https://example.com:8443/a'],
    ['port 443 on http kept', 'http://example.com:443/a', 'http://example.com:443/a'],
    ['%7E is ~', 'http://example.com/%7Efred/', 'http://example.com/~fred/'],
    ['%7e lower-case too', 'http://example.com/%7efred/', 'http://example.com/~fred/'],
    ['unreserved escapes decoded', 'http://x.test/%41%62%2D%2e%5F%30', 'http://x.test/Ab-._0'],
    ['reserved escape hex upper-cased', 'http://x.test/a%2fb%3a', 'http://x.test/a%2Fb%3A'],
    ['%2F stays distinct from /', 'http://x.test/a%2Fb', 'http://x.test/a%2Fb'],
    ['%25 stays escaped', 'http://x.test/100%25', 'http://x.test/100%25'],
    ['malformed escapes kept', 'http://x.test/%zz%4', 'http://x.test/%zz%4'],
    ['fragment removed', 'http://x.test/a#section', 'http://x.test/a'],
    ['empty fragment removed', 'http://x.test/a#', 'http://x.test/a'],
    ['dot segments', 'http://x.test/a/./b/../c', 'http://x.test/a/c'],
    ['escaped dot segments', 'http://x.test/a/%2e%2E/c', 'http://x.test/c'],
    ['.. above the root', 'http://x.test/../../a', 'http://x.test/a'],
    ['empty path', 'http://x.test', 'http://x.test/'],
    ['path case kept', 'http://x.test/Dir/File.HTML', 'http://x.test/Dir/File.HTML'],
    ['trailing slash kept distinct', 'http://x.test/dir', 'http://x.test/dir'],
    ['index.html kept distinct', 'http://x.test/dir/index.html', 'http://x.test/dir/index.html'],
    ['query kept as written', 'http://x.test/?b=2&a=1&a=1', 'http://x.test/?b=2&a=1&a=1'],
    ['query escapes normalized', 'http://x.test/?q=%7e%2f%e4', 'http://x.test/?q=~%2F%E4'],
    ['empty query kept', 'http://x.test/a?', 'http://x.test/a?'],
    ['IDN host to punycode', 'http://Bücher.example/', 'http://xn--bcher-kva.example/'],
    ['non-ASCII path encoded', 'http://x.test/ä b', 'http://x.test/%C3%A4%20b'],
    ['credentials dropped', 'http://user:pw@x.test/a', 'http://x.test/a'],
    ['backslashes are slashes', 'http:\\\\x.test\\a\\b', 'http://x.test/a/b'],
    ['outer whitespace, inner tabs', ' \thttp://x.test/a\n/b ', 'http://x.test/a/b'],
    ['IPv6 default port', 'http://[::1]:80/', 'http://[::1]/'],
    // Found by normalize-url.property.test.ts: decoding `%32` and `%46` turned a stray `%` into `%2F`.
    ['stray % before escapes', 'http://x.test/%%32%46?%%32%46', 'http://x.test/%%32F?%%32F'],
    ['stray %2 before an escape', 'http://x.test/%2%46', 'http://x.test/%2%46'],
    // Found by the same: Node 20's parser leaves dot segments after a segment starting with a dot.
    ['dot segments after a dot folder', 'http://x.test/a/.b/../c/./d', 'http://x.test/a/c/d'],
    ['trailing dot segment after a dot folder', 'http://x.test//.a/./', 'http://x.test//.a/'],
  ])('%s: %s', (_label, input, expected) => {
    expect(normalizeUrl(input)).toEqual({ ok: true, url: expected });
  });

  it.each<[string, string, string]>([
    ['../c', 'http://x.test/a/b/page', 'http://x.test/a/c'],
    ['?q=%7e', 'http://x.test/a', 'http://x.test/a?q=~'],
    ['//Other.test:80', 'http://x.test/', 'http://other.test/'],
    ['#only', 'http://x.test/a?q', 'http://x.test/a?q'],
  ])('resolves %j against %s', (input, base, expected) => {
    expect(normalizeUrl(input, base)).toEqual({ ok: true, url: expected });
  });

  it.each<[string, string | undefined, RegExp]>([
    ['/relative', undefined, /not a valid URL \(and no base URL/],
    ['http://[bad', undefined, /not a valid URL/],
    ['', undefined, /not a valid URL/],
    ['a', 'not a base', /not a valid URL/],
    ['mailto:a@x.test', undefined, /^mailto: URLs are not fetched/],
    ['javascript:void(0)', undefined, /^javascript: URLs/],
    ['ftp://x.test/', undefined, /^ftp: URLs/],
    ['x'.repeat(500), undefined, /…" is not a valid URL/],
  ])('refuses %j (base %j) with a reason', (input, base, reason) => {
    const result = normalizeUrl(input, base);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('is idempotent and never throws, on awkward and random input', () => {
    const awkward = [
      'http://x.test/%2e./%2E%2e/a',
      'http://x.test/a/.%2e/b',
      'http://x.test/%252e%252e/',
      'http://x.test/a%2F..%2Fb',
      'http://x.test/?%23#%23',
      'HTTP://X.TEST:0080/%7E%7e%7a?%7A',
      'http://x.test/\u00e9/\ud83d\ude00?\u00e9',
      'http://x.test/a%',
      'http://x.test/%%41',
    ];
    const alphabet = [
      '%',
      '2',
      'e',
      'E',
      'f',
      '7',
      '/',
      '.',
      '?',
      '#',
      'a',
      '~',
      '\\',
      ':',
      ' ',
      'é',
    ];
    let seed = 1;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let n = 0; n < 500; n++) {
      let tail = '';
      for (let i = 0; i < 12; i++) tail += alphabet[Math.floor(random() * alphabet.length)];
      awkward.push(`http://x.test/${tail}`);
    }
    for (const input of awkward) {
      const once = normalizeUrl(input);
      expect(once.ok, input).toBe(true);
      if (once.ok) expect(normalizeUrl(once.url), input).toEqual(once);
    }
    expect(() => normalizeUrl('\u0000\ud800http://')).not.toThrow();
  });
});

describe('normalizeHref', () => {
  it('gives what normalizeUrl gives for any URL parser serialization', () => {
    const inputs = [
      'http://example.com/a/b.html',
      'https://example.com/a?q=1&r=2',
      'https://example.com/a?',
      'http://user:pw@example.com/x',
      'http://example.com/%7Efred/%2f',
      'http://example.com/a#top',
      'https://example.com/@me',
      'http://xn--bcher-kva.example/',
      'https://example.com/caf%C3%A9?x=%e2%82%ac',
      'http://example.com/a/b.html#',
      'http://example.com/a?q=1#sec/../x%41@y',
      'http://example.com/a/.b/../c#f',
      'http://example.com#x',
      'https://user@example.com/#x',
    ];
    for (const input of inputs) {
      const href = new URL(input).href;
      expect(normalizeHref(href)).toEqual(normalizeUrl(href));
    }
  });

  it('refuses what normalizeUrl refuses', () => {
    expect(normalizeHref('mailto:a@example.com').ok).toBe(false);
    expect(normalizeHref('ftp://example.com/').ok).toBe(false);
  });
});
