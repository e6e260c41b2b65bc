import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import {
  aliasReasons,
  describeAlias as describeAliasOf,
  type AliasReason,
} from './alias-reasons.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const describeAlias = (...args: Parameters<typeof describeAliasOf>) =>
  withText(describeAliasOf(...args), english);

describe('aliasReasons', () => {
  it.each<[string, string | undefined, AliasReason[]]>([
    ['http://example.com/~fred', undefined, []],
    ['HTTP://example.com/', undefined, ['scheme-case']],
    ['http://Example.COM/', undefined, ['host-case']],
    ['http://example.com:80/', undefined, ['default-port']],
    ['https://example.com:443/', undefined, ['default-port']],
    ['//example.com:443/', 'https://x.test/', ['default-port']],
    ['http://example.com:/', undefined, ['default-port']],
    ['http://example.com:8080/', undefined, []],
    ['http://[::1]:80/', undefined, ['default-port']],
    ['http://[::1]/', undefined, []],
    ['http://example.com', undefined, ['empty-path']],
    ['http://example.com/%7Efred', undefined, ['unreserved-escape']],
    ['http://example.com/a%2fb', undefined, ['escape-case']],
    ['http://example.com/a%2Fb', undefined, []],
    ['http://example.com/?q=%41', undefined, ['unreserved-escape']],
    ['http://example.com/a/./b', undefined, ['dot-segment']],
    ['/a/../b', 'http://x.test/', ['dot-segment']],
    ['../b', 'http://x.test/a/c', []],
    ['./../b', 'http://x.test/a/c', []],
    ['a/../b', 'http://x.test/', ['dot-segment']],
    ['http://example.com/a#top', undefined, ['fragment']],
    ['#top', 'http://x.test/', ['fragment']],
    [' http://example.com/', undefined, ['whitespace']],
    ['http://example.com/a\nb', undefined, ['whitespace']],
    ['http:\\\\example.com\\a', undefined, ['backslash']],
    // Kept as written after the path (Scaladoc's `#…$@:\[B](z:B)…` fragments).
    ['http://example.com/a?b\\c', undefined, []],
    ['http://example.com/a#b\\c', undefined, ['fragment']],
    ['../index.html#x$@:\\[B](z:B)', 'http://x.test/a/b.html', ['fragment']],
    ['http://bücher.example/', undefined, ['idn-host']],
    // Found by alias-reasons.property.test.ts: these collapsed with no reason given.
    ['http://0x7f.1/', undefined, ['ip-address']],
    ['http://2130706433/', undefined, ['ip-address']],
    ['http://[0:0::1]/', undefined, ['ip-address']],
    ['http://127.0.0.1/', undefined, []],
    ['http://example.com/ä', undefined, ['unencoded-character']],
    ['http://u:p@example.com/', undefined, ['credentials']],
    [
      'HTTP://WWW.EXAMPLE.COM:80/a/../%7Efred#x',
      undefined,
      ['scheme-case', 'host-case', 'default-port', 'dot-segment', 'unreserved-escape', 'fragment'],
    ],
  ])('%j (base %j) → %j', (raw, base, expected) => {
    expect(aliasReasons(raw, base)).toEqual(expected);
  });
});

describe('describeAlias', () => {
  it('says why two spellings collapse to one URL', () => {
    expect(describeAlias('http://example.com/~fred', 'HTTP://Example.com:80/%7Efred#bio')).toEqual({
      collapses: true,
      url: 'http://example.com/~fred',
      reasons: ['scheme-case', 'host-case', 'default-port', 'unreserved-escape', 'fragment'],
    });
  });

  it('has no reasons for identical spellings', () => {
    expect(describeAlias('http://x.test/a', 'http://x.test/a')).toEqual({
      collapses: true,
      url: 'http://x.test/a',
      reasons: [],
    });
  });

  it.each<[string, string, RegExp]>([
    ['http://x.test/a', 'http://x.test/a/', /are different URLs/],
    ['http://x.test/dir/', 'http://x.test/dir/index.html', /are different URLs/],
    ['http://x.test/A', 'http://x.test/a', /are different URLs/],
    ['http://x.test/a%2Fb', 'http://x.test/a/b', /are different URLs/],
    ['mailto:a@x.test', 'http://x.test/', /mailto: URLs/],
  ])('%s and %s do not collapse', (a, b, reason) => {
    const verdict = describeAlias(a, b);
    expect(verdict.collapses).toBe(false);
    if (!verdict.collapses) expect(verdict.reason).toMatch(reason);
  });

  it('resolves relative spellings against a base', () => {
    expect(describeAlias('./b', '/a/%62', 'http://x.test/a/page')).toMatchObject({
      collapses: true,
      url: 'http://x.test/a/b',
      reasons: ['unreserved-escape'],
    });
  });
});

describe('aliasReasons on plain relative links', () => {
  it('finds dot segments only where a path has them, never in the query', () => {
    expect(aliasReasons('/p/12.html', 'http://example.com/')).toEqual([]);
    expect(aliasReasons('/a/./b', 'http://example.com/')).toEqual(['dot-segment']);
    expect(aliasReasons('/a/../b', 'http://example.com/')).toEqual(['dot-segment']);
    expect(aliasReasons('../img/a.png', 'http://example.com/x/y')).toEqual([]);
    expect(aliasReasons('img/../a.png', 'http://example.com/x/y')).toEqual(['dot-segment']);
    expect(aliasReasons('/search?next=../x', 'http://example.com/')).toEqual([]);
    expect(aliasReasons('', 'http://example.com/')).toEqual([]);
  });
});
