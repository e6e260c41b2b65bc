import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { decideFromFetch } from './decide-fetch.ts';
import { parseRobotsTxt } from './parse.ts';
import type { RobotsFetch } from './types.ts';

const FILE = [
  'User-agent: *', // 1
  'Disallow: /private/', // 2
  '', // 3
  'User-agent: Googlebot Images', // 4
  'Sitemap: https://e.com/s.xml', // 5
  'User-agent: googlebot', // 6
  'Disallow: /tmp', // 7
  'Allow: /tmp/public', // 8
  'Allow: /docs/index.html', // 9
  'Disallow: /docs/', // 10
].join('\n');

const robots = parseRobotsTxt(FILE, 'https://e.com/robots.txt');

describe('decide', () => {
  it.each([
    ['googlebot', '/tmp/x', false, 7, 'Disallow: /tmp', 'Googlebot Images', 4, 'rule'],
    ['Googlebot', '/tmp/public/a', true, 8, 'Allow: /tmp/public', 'Googlebot Images', 4, 'rule'],
    ['googlebot', '/docs/', true, 9, 'Allow: /docs/index.html', 'Googlebot Images', 4, 'rule'],
    ['googlebot', '/private/x', true, null, null, 'Googlebot Images', 4, 'no-matching-rule'],
    ['bingbot', '/private/x', false, 2, 'Disallow: /private/', '*', 1, 'rule'],
    ['bingbot', '/public', true, null, null, '*', 1, 'no-matching-rule'],
    ['bingbot', '/robots.txt', true, null, null, '*', 1, 'robots-txt-self'],
  ] as const)('%s %s', (ua, path, allowed, line, rule, group, groupLine, code) => {
    const decision = robots.decide(`https://e.com${path}`, ua);
    expect(decision).toMatchObject({
      allowed,
      line,
      rule,
      group,
      groupLine,
      code,
      policy: 'rules',
    });
  });

  it('says why: longest match, Allow wins a tie, index.html', () => {
    expect(english(robots.decide('https://e.com/tmp/x', 'googlebot').reason)).toMatch(
      /Disallow: \/tmp is the longest matching rule.*Allow wins a tie/,
    );
    expect(english(robots.decide('https://e.com/docs/', 'googlebot').reason)).toMatch(
      /also allows its directory/,
    );
  });

  it('says when no group applies', () => {
    const decision = parseRobotsTxt(
      'User-agent: a\nDisallow: /',
      'https://e.com/robots.txt',
    ).decide('https://e.com/', 'b');
    expect(decision).toMatchObject({
      allowed: true,
      group: null,
      groupLine: null,
      code: 'no-group',
      line: null,
    });
  });

  it('keeps the groups as written, with Google boundaries', () => {
    expect(robots.groups.map((g) => g.userAgents.map((a) => [a.token, a.line]))).toEqual([
      [['*', 1]],
      [
        ['googlebot', 4],
        ['googlebot', 6],
      ],
    ]);
    expect(robots.sitemaps).toEqual([{ url: 'https://e.com/s.xml', line: 5 }]);
  });

  it('reads only the first 500 KiB', () => {
    const padding = '#'.repeat(512_000 - 'User-agent: *\n'.length);
    const big = parseRobotsTxt(
      `User-agent: *\n${padding}\nDisallow: /`,
      'https://e.com/robots.txt',
    );
    expect(big.truncated).toBe(true);
    expect(big.decide('https://e.com/x', 'a').allowed).toBe(true);
  });
});

describe('decideFromFetch', () => {
  const fetchOf = (over: Partial<RobotsFetch>): RobotsFetch => ({
    url: 'https://e.com/robots.txt',
    status: 200,
    redirects: [],
    fetchedAtMs: 0,
    body: new TextEncoder().encode('User-agent: *\nDisallow: /a'),
    contentType: 'text/plain',
    ...over,
  });

  it.each([
    ['200 applies the rules', {}, '/a', false, 'rules', 2, 'rule'],
    ['404 allows all', { status: 404 }, '/a', true, 'allow-all', null, 'policy-allow-all'],
    [
      '403 allows all (RFC 9309)',
      { status: 403 },
      '/a',
      true,
      'allow-all',
      null,
      'policy-allow-all',
    ],
    [
      '503 disallows all',
      { status: 503 },
      '/b',
      false,
      'disallow-all',
      null,
      'policy-disallow-all',
    ],
    [
      'timeout disallows all',
      { status: null, errorKind: 'timeout' as const },
      '/b',
      false,
      'disallow-all',
      null,
      'policy-disallow-all',
    ],
    [
      'soft 404 HTML: no rules',
      { contentType: 'text/html', body: new TextEncoder().encode('<html>Disallow: /a') },
      '/a',
      true,
      'rules',
      null,
      'no-group',
    ],
  ] as const)('%s', (_name, over, path, allowed, policy, line, code) => {
    expect(decideFromFetch(fetchOf(over), `https://e.com${path}`, 'googlebot')).toMatchObject({
      allowed,
      policy,
      line,
      code,
    });
  });
});

describe("paths spelled as Google's parser spells them (issue 12)", () => {
  const decide = (file: string, path: string) =>
    parseRobotsTxt(`User-agent: *\n${file}\n`, 'https://e.com/robots.txt').decide(
      `https://e.com${path}`,
      'bot',
    );

  it.each([
    ['Disallow: /a%3Fb', '/a%3fb', true, null],
    ['Disallow: /a%3fb', '/a%3Fb', false, 2],
    ['Disallow: /*?mobile%3dfalse', '/p?mobile%3dfalse', true, null],
    ['Disallow: /a b', '/a%20b', true, null],
    ['Disallow: /a b', '/a b', false, 2],
    ['Disallow: /it%27s', "/it's", true, null],
    ["Disallow: /it's", "/it's", false, 2],
    ["Disallow: /a'\nAllow: /*b", "/a'b", true, 3],
    ['Disallow: *|*', '/a|b', false, 2],
    ['Disallow: /%7C', '/|', true, null],
    ['Disallow: /{manageAccount}', '/{manageAccount}/x', false, 2],
  ])('%j, URL %j → allowed %s, line %s', (file, path, allowed, line) => {
    expect(decide(file, path)).toMatchObject({ allowed, line });
  });
});
