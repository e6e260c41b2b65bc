import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import { auditRobotsTxt as auditRobotsTxtOf } from './audit.ts';
import type { RobotsFetch } from './types.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const auditRobotsTxt = (...args: Parameters<typeof auditRobotsTxtOf>) =>
  withText(auditRobotsTxtOf(...args), english);

const FILE = [
  'User-agent: *',
  'Disallow: /x/',
  'Allow: /x/',
  '',
  'User-agent: googlebot',
  'Disallow: /a',
  'Allow: /a/b',
  'Crawl-delay: 5',
  'Sitemap: https://e.com/s.xml',
].join('\n');

const fetchOf = (over: Partial<RobotsFetch> = {}): RobotsFetch => ({
  url: 'https://e.com/robots.txt',
  status: 200,
  redirects: [{ url: 'http://e.com/robots.txt', status: 301 }],
  body: new TextEncoder().encode(FILE),
  contentType: 'text/plain',
  fetchedAtMs: 1000,
  ...over,
});

describe('auditRobotsTxt', () => {
  const audit = auditRobotsTxt(fetchOf(), {
    robots: ['googlebot', 'bingbot'],
    tests: ['/a/b/c', 'https://e.com/x/y', 'https://other.com/a'],
    nowMs: 2000,
  });

  it('reports the fetch, policy and file', () => {
    expect(audit).toMatchObject({
      url: 'https://e.com/robots.txt',
      status: 200,
      policy: 'rules',
      classicPolicy: 'rules',
      redirects: [{ url: 'http://e.com/robots.txt', status: 301 }],
      fetchedAtMs: 1000,
      ageMs: 1000,
      expiresAtMs: 1000 + 24 * 60 * 60 * 1000,
      bytes: FILE.length,
      truncated: false,
      sitemaps: [{ url: 'https://e.com/s.xml', line: 9 }],
    });
    expect(audit.lines).toHaveLength(9);
    expect(audit.groups[1]).toMatchObject({
      line: 5,
      userAgents: [{ value: 'googlebot', line: 5 }],
      rules: [
        { type: 'disallow', path: '/a', line: 6 },
        { type: 'allow', path: '/a/b', line: 7 },
      ],
      crawlDelay: { seconds: 5, line: 8 },
    });
    expect(audit.findings.map((f) => f.code)).toEqual([
      'group-unblocks',
      'prefix-match',
      'crawl-delay-ignored',
    ]);
  });

  it('explains each URL × robot: group, rule, line and why', () => {
    const byKey = new Map(audit.tests.map((t) => [`${t.ua} ${t.url}`, t]));
    expect(byKey.get('googlebot https://e.com/a/b/c')).toMatchObject({
      allowed: true,
      line: 7,
      rule: 'Allow: /a/b',
      group: 'googlebot',
      groupLine: 5,
    });
    expect(byKey.get('googlebot https://e.com/a/b/c')?.reason).toMatch(
      /longest of 2 matching rules, longer than Disallow: \/a \(line 6, length 2\)/,
    );
    expect(byKey.get('bingbot https://e.com/x/y')).toMatchObject({
      allowed: true,
      line: 3,
      group: '*',
      groupLine: 1,
    });
    expect(byKey.get('bingbot https://e.com/x/y')?.reason).toMatch(
      /same length \(3\): Allow wins the tie/,
    );
    expect(byKey.get('googlebot https://e.com/x/y')).toMatchObject({
      allowed: true,
      line: null,
      rule: null,
    });
    expect(byKey.get('bingbot https://other.com/a')?.reason).toMatch(
      /this robots\.txt is for https:\/\/e\.com/,
    );
  });

  it('shows both readings of a 403', () => {
    const forbidden = auditRobotsTxt(fetchOf({ status: 403, body: undefined }), {
      robots: ['googlebot'],
      tests: ['/a'],
      nowMs: 0,
    });
    expect(forbidden).toMatchObject({
      policy: 'allow-all',
      classicPolicy: 'disallow-all',
      policyCode: 'unauthorized',
      findings: [],
      groups: [],
    });
    expect(forbidden.tests[0]).toMatchObject({ allowed: true, line: null, group: null });
  });

  it('flags an HTML page served as robots.txt', () => {
    const html = auditRobotsTxt(
      fetchOf({
        contentType: 'text/html',
        body: new TextEncoder().encode('<html><body>hi</body></html>'),
      }),
      { robots: ['googlebot'], tests: ['/a'], nowMs: 0 },
    );
    expect(html.policyCode).toBe('html-served');
    expect(html.findings[0]).toMatchObject({ code: 'html-served', severity: 'error', line: null });
    expect(html.tests[0]?.allowed).toBe(true);
  });

  it("says where Google's parser alone and robots-parser answer otherwise", () => {
    const body = new TextEncoder().encode('User-agent: *\nDisallow: /~fred/\nDisallow: /x%3fy\n');
    const { tests } = auditRobotsTxt(fetchOf({ body }), {
      robots: ['Googlebot'],
      tests: ['/%7Efred/x', '/x%3fy', '/other'],
      nowMs: 2000,
    });
    expect(tests[0]).toMatchObject({ allowed: false, line: 2 });
    expect(tests[0]?.otherAnswers).toEqual([
      expect.objectContaining({
        parser: 'google',
        allowed: true,
        line: null,
        readings: ['unreserved'],
      }),
      expect.objectContaining({ parser: 'robots-parser', allowed: true, line: null }),
    ]);
    // Google's parser upper-cases the rule's hex only: the URL's %3f is not %3F.
    expect(tests[1]).toMatchObject({ allowed: true, line: null });
    expect(tests[1]?.otherAnswers).toEqual([
      expect.objectContaining({ parser: 'robots-parser', allowed: false, line: 3 }),
    ]);
    expect(tests[2]?.otherAnswers).toBeUndefined();
  });

  it('tests a path with its spelling as typed', () => {
    const body = new TextEncoder().encode('User-agent: *\nDisallow: /a b\nDisallow: /{x}\n');
    const { tests } = auditRobotsTxt(fetchOf({ body }), {
      robots: ['bot'],
      tests: ['/a b', '/{x}'],
      nowMs: 2000,
    });
    expect(tests.map((t) => [t.url, t.line])).toEqual([
      ['https://e.com/a b', 2],
      ['https://e.com/{x}', 3],
    ]);
  });
});
