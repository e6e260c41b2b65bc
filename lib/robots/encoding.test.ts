import { describe, expect, it } from 'vitest';
import { extractPathParamsQuery, matchPathOf } from './encoding.ts';

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

describe('matchPathOf (the URL path RobotLens compares)', () => {
  it('decodes unreserved escapes, percent-encodes non-ASCII, keeps every other spelling', () => {
    expect(matchPathOf('https://e.com/%7Efred/ツ?q=%41#frag')).toBe('/~fred/%E3%83%84?q=A');
    expect(matchPathOf("https://e.com/a%3fb/it's a|b")).toBe("/a%3fb/it's a|b");
  });
});
