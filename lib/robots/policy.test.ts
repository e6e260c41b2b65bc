import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import type { HttpErrorKind } from '../http/types.ts';
import { robotsPolicyFor as robotsPolicyForOf, type RobotsPolicyCode } from './policy.ts';
import type { RobotsFetch, RobotsPolicyName } from './types.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const robotsPolicyFor = (...args: Parameters<typeof robotsPolicyForOf>) =>
  withText(robotsPolicyForOf(...args), english);

const text = (s: string) => new TextEncoder().encode(s);

type Row = [
  name: string,
  fetch: Partial<RobotsFetch> & { errorKind?: HttpErrorKind },
  policy: RobotsPolicyName,
  classic: RobotsPolicyName,
  code: RobotsPolicyCode,
];

const rows: Row[] = [
  [
    '200 text/plain',
    { status: 200, contentType: 'text/plain', body: text('User-agent: *') },
    'rules',
    'rules',
    'ok',
  ],
  ['204 no body', { status: 204 }, 'rules', 'rules', 'ok'],
  ['299 is a 2xx', { status: 299, body: text('') }, 'rules', 'rules', 'ok'],
  [
    '200 text/html',
    { status: 200, contentType: 'text/html; charset=utf-8', body: text('x') },
    'rules',
    'rules',
    'html-served',
  ],
  [
    '200 <!doctype',
    { status: 200, contentType: 'text/plain', body: text('\n  <!DOCTYPE html><p>') },
    'rules',
    'rules',
    'html-served',
  ],
  [
    '200 <html',
    { status: 200, body: text('\uFEFF<HTML lang=en>') },
    'rules',
    'rules',
    'html-served',
  ],
  [
    '200 image/png',
    { status: 200, contentType: 'image/png', body: new Uint8Array([0x89, 0x50, 0, 0, 0x0d]) },
    'rules',
    'rules',
    'not-text',
  ],
  [
    '200 binary bytes, no type',
    { status: 200, body: new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]) },
    'rules',
    'rules',
    'not-text',
  ],
  [
    '200 application/xml is text',
    { status: 200, contentType: 'application/xml', body: text('User-agent: *') },
    'rules',
    'rules',
    'ok',
  ],
  ['301 left over', { status: 301 }, 'allow-all', 'allow-all', 'redirect-unresolved'],
  [
    'too many redirects',
    { status: 302, errorKind: 'too-many-redirects', error: 'too many' },
    'allow-all',
    'allow-all',
    'redirect-unresolved',
  ],
  [
    'redirect loop',
    { status: null, errorKind: 'redirect-loop', error: 'loop' },
    'allow-all',
    'allow-all',
    'redirect-unresolved',
  ],
  ['401', { status: 401 }, 'allow-all', 'disallow-all', 'unauthorized'],
  ['403', { status: 403 }, 'allow-all', 'disallow-all', 'unauthorized'],
  ['404', { status: 404 }, 'allow-all', 'allow-all', 'not-found'],
  ['410', { status: 410 }, 'allow-all', 'allow-all', 'not-found'],
  ['400', { status: 400 }, 'allow-all', 'allow-all', 'client-error'],
  ['418 is a 4xx', { status: 418 }, 'allow-all', 'allow-all', 'client-error'],
  ['429', { status: 429 }, 'disallow-all', 'disallow-all', 'rate-limited'],
  ['500', { status: 500 }, 'disallow-all', 'disallow-all', 'server-error'],
  ['503', { status: 503 }, 'disallow-all', 'disallow-all', 'server-error'],
  ['599', { status: 599 }, 'disallow-all', 'disallow-all', 'server-error'],
  [
    'timeout',
    { status: null, errorKind: 'timeout', error: 'timed out' },
    'disallow-all',
    'disallow-all',
    'unreachable',
  ],
  [
    'dns',
    { status: null, errorKind: 'dns', error: 'ENOTFOUND' },
    'disallow-all',
    'disallow-all',
    'unreachable',
  ],
  ['no status', { status: null }, 'disallow-all', 'disallow-all', 'unreachable'],
  ['100', { status: 100 }, 'disallow-all', 'disallow-all', 'unexpected-status'],
  ['600', { status: 600 }, 'disallow-all', 'disallow-all', 'unexpected-status'],
];

describe('robotsPolicyFor', () => {
  it.each(rows)('%s', (_name, partial, policy, classic, code) => {
    const fetch: RobotsFetch = {
      url: 'https://e.com/robots.txt',
      status: null,
      redirects: [],
      fetchedAtMs: 0,
      ...partial,
    };
    const result = robotsPolicyFor(fetch);
    expect(result).toMatchObject({ policy, classicPolicy: classic, code });
    expect(result.reason.length).toBeGreaterThan(10);
  });

  it('names Google and the 1996 draft for 401/403', () => {
    const fetch: RobotsFetch = { url: 'x', status: 403, redirects: [], fetchedAtMs: 0 };
    const { reason } = robotsPolicyFor(fetch);
    expect(reason).toMatch(/RFC 9309 and Google/);
    expect(reason).toMatch(/1996/);
  });

  it('says what Google does with unresolved redirects', () => {
    const fetch: RobotsFetch = { url: 'x', status: 301, redirects: [], fetchedAtMs: 0 };
    const { reason } = robotsPolicyFor(fetch);
    expect(reason).toMatch(/like Google, treated as 404/);
  });
});
