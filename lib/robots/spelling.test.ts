import { describe, expect, it } from 'vitest';
import { textToBinary } from './bytes.ts';
import { ALL_READINGS, NO_READINGS, googleRulePath, rulePathFor, urlPathFor } from './spelling.ts';

const bin = textToBinary;

describe("rule paths: Google's spelling, then the unreserved reading", () => {
  it.each([
    ['/a/b/c', '/a/b/c', '/a/b/c'],
    ['/a%3fb', '/a%3Fb', '/a%3Fb'],
    ['/%7efred', '/%7Efred', '/~fred'],
    ['/%62%61%7A', '/%62%61%7A', '/baz'],
    ['/á', '/%C3%A1', '/%C3%A1'],
    ['/a b|"c"', '/a b|"c"', '/a b|"c"'],
    ["/it's", "/it's", "/it's"],
    ['/100%', '/100%', '/100%'],
    ['/%zz', '/%zz', '/%zz'],
    ['/%4%31', '/%4%31', '/%4%31'],
    ['/%%32%46', '/%%32%46', '/%%32F'],
    ['/*.php$', '/*.php$', '/*.php$'],
  ])('%j → Google %j, RobotLens %j', (value, google, robotlens) => {
    expect(googleRulePath(bin(value))).toBe(google);
    expect(rulePathFor(bin(value), NO_READINGS)).toBe(google);
    expect(rulePathFor(bin(value), ALL_READINGS)).toBe(robotlens);
  });

  it('encodes raw bytes that are not UTF-8 as they are', () => {
    expect(googleRulePath('/caf\xe9')).toBe('/caf%E9');
  });
});

describe('URL paths: kept as written by Google; RobotLens applies two readings', () => {
  it.each([
    ['/a%3fb', '/a%3fb', '/a%3fb'],
    ['/%7efred', '/%7efred', '/~fred'],
    ['/ツ', bin('/ツ'), '/%E3%83%84'],
    ["/it's a b", "/it's a b", "/it's a b"],
    ['/%%32%46', '/%%32%46', '/%%32F'],
  ])('%j → Google %j, RobotLens %j', (path, google, robotlens) => {
    expect(urlPathFor(bin(path), NO_READINGS)).toBe(google);
    expect(urlPathFor(bin(path), ALL_READINGS)).toBe(robotlens);
  });
});
