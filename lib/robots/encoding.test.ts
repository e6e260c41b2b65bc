import { describe, expect, it } from 'vitest';
import { textToBinary } from './bytes.ts';
import { canonicalisePath, extractPathParamsQuery, matchPathOf } from './encoding.ts';
import { parseRobotsTxt } from './parse.ts';

describe('extractPathParamsQuery (Google GetPathParamsQuery)', () => {
  it.each([
    ['', '/'],
    ['http://www.example.com', '/'],
    ['http://www.example.com/', '/'],
    ['http://www.example.com/a', '/a'],
    ['http://www.example.com/a/', '/a/'],
    ['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
    ['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
    ['example.com', '/'],
    ['example.com/', '/'],
    ['example.com/a', '/a'],
    ['example.com/a/', '/a/'],
    ['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
    ['a', '/'],
    ['a/', '/'],
    ['/a', '/a'],
    ['a/b', '/b'],
    ['example.com?a', '/?a'],
    ['example.com/a;b#c', '/a;b'],
    ['//a/b/c', '/b/c'],
    ['http://e.com#x/y', '/'],
  ])('%j → %j', (url, path) => {
    expect(extractPathParamsQuery(url)).toBe(path);
  });
});

describe('canonicalisePath', () => {
  it.each([
    ['/a/b/c', '/a/b/c'],
    ['/%7efred', '/~fred'],
    ['/%7Efred', '/~fred'],
    ['/%62%61%7A', '/baz'],
    ['/a%2fb', '/a%2Fb'],
    ['/%aa', '/%AA'],
    ['/%2A%24', '/%2A%24'],
    ['/á', '/%C3%A1'],
    ['/ツ', '/%E3%83%84'],
    ['/a b', '/a%20b'],
    ['/a|b', '/a%7Cb'],
    ["/o'reilly?q='x'", '/o%27reilly?q=%27x%27'],
    ["/<svg/onload=alert('x')>", '/%3Csvg/onload=alert(%27x%27)%3E'],
    ['/100%', '/100%'],
    ['/%zz', '/%zz'],
    ['/*.php$', '/*.php$'],
    ['/a?b=c&d', '/a?b=c&d'],
    // Found by decide.property.test.ts: decoding made a stray `%` an escape (`/%4%31` → `/%41` → `/A`).
    ['/%4%31', '/%4%31'],
    ['/%%32%46', '/%%32F'],
  ])('%j → %j', (input, expected) => {
    expect(canonicalisePath(textToBinary(input))).toBe(expected);
  });

  it('encodes raw bytes that are not UTF-8 as they are', () => {
    expect(canonicalisePath('/caf\xe9')).toBe('/caf%E9');
  });

  it('keeps a literal "%2F" (`%%32%46`) apart from an escaped slash', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /a%2Fb\n', 'https://e.com/robots.txt');
    expect(robots.decide('https://e.com/a%2fb', 'x').allowed).toBe(false);
    expect(robots.decide('https://e.com/a%%32%46b', 'x').allowed).toBe(true);
  });

  it('normalises URLs the same way as rules', () => {
    expect(matchPathOf('https://e.com/%7Efred/ツ?q=%41#frag')).toBe('/~fred/%E3%83%84?q=A');
  });
});
