import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { asWritten } from '../i18n/phrase.ts';
import { classifyError, classifyStatus } from './classify.ts';

describe('classifyStatus', () => {
  it.each([
    [200, 'ok', undefined],
    [204, 'ok', undefined],
    [299, 'ok', undefined],
    [304, 'unchanged', undefined],
    [301, 'broken', 'redirect-without-location'],
    [399, 'broken', 'redirect-without-location'],
    [400, 'broken', 'http-4xx'],
    [404, 'broken', 'http-4xx'],
    [410, 'broken', 'http-4xx'],
    [418, 'broken', 'http-4xx'],
    [401, 'forbidden', undefined],
    [403, 'forbidden', undefined],
    [999, 'forbidden', undefined],
    [429, 'rate-limited', undefined],
    [500, 'broken', 'http-5xx'],
    [503, 'broken', 'http-5xx'],
    [599, 'broken', 'http-5xx'],
    [0, 'broken', 'http-other'],
    [600, 'broken', 'http-other'],
    [150, 'broken', 'http-other'],
  ] as const)('%i → %s (%s)', (code, status, brokenReason) => {
    const result = classifyStatus(code);
    expect(result.status).toBe(status);
    expect(result.brokenReason).toBe(brokenReason);
    expect(english(result.reason)).toMatch(String(code));
  });
});

describe('classifyStatus with the URL that answered', () => {
  it('says why a URL with a stray % got a 400', () => {
    const result = classifyStatus(400, 'http://site.test/boost/yap/operator%.html');
    expect(result).toMatchObject({ status: 'broken', brokenReason: 'http-4xx' });
    expect(english(result.reason)).toMatch(/HTTP 400.*“%25”/);
  });

  it.each([
    [400, 'http://site.test/a%20b.html'],
    [404, 'http://site.test/operator%.html'],
  ])('keeps the plain reason for %i at %s', (code, url) => {
    expect(classifyStatus(code, url).reason).toEqual(classifyStatus(code).reason);
  });
});

describe('classifyError', () => {
  it.each(['dns', 'connection', 'tls', 'redirect-loop', 'too-many-redirects'] as const)(
    '%s is broken with its reason',
    (kind) => {
      const result = classifyError({ kind, detail: asWritten('details') });
      expect(result).toMatchObject({ status: 'broken', brokenReason: kind });
      expect(english(result.reason)).toContain('details');
    },
  );

  it('a timeout says the limit once, not the adapter’s words for it again', () => {
    const detail = asWritten('No complete answer within the timeout');
    const result = classifyError({ kind: 'timeout', detail, timeoutMs: 3_000 });
    expect(result).toMatchObject({ status: 'broken', brokenReason: 'timeout' });
    expect(english(result.reason)).toBe('no answer within 3 s');
    expect(english(classifyError({ kind: 'timeout', detail, timeoutMs: 1_500 }).reason)).toBe(
      'no answer within 1.5 s',
    );
    expect(english(classifyError({ kind: 'timeout', detail, timeoutMs: 180_000 }).reason)).toBe(
      'no answer within 3 min',
    );
    expect(english(classifyError({ kind: 'timeout', detail }).reason)).toBe(
      'no answer within the time limit',
    );
  });
});
