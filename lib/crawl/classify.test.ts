import { describe, expect, it } from 'vitest';
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
    expect(result.reason).toMatch(String(code));
  });
});

describe('classifyError', () => {
  it.each(['dns', 'connection', 'tls', 'redirect-loop', 'too-many-redirects'] as const)(
    '%s is broken with its reason',
    (kind) => {
      const result = classifyError({ kind, message: 'details' });
      expect(result).toMatchObject({ status: 'broken', brokenReason: kind });
      expect(result.reason).toContain('details');
    },
  );

  it('a timeout says the limit once, not the adapter’s words for it again', () => {
    const message = 'No complete answer within the timeout';
    const result = classifyError({ kind: 'timeout', message, timeoutMs: 3_000 });
    expect(result).toMatchObject({ status: 'broken', brokenReason: 'timeout' });
    expect(result.reason).toBe('no answer within 3 s');
    expect(classifyError({ kind: 'timeout', message, timeoutMs: 1_500 }).reason).toBe(
      'no answer within 1.5 s',
    );
    expect(classifyError({ kind: 'timeout', message, timeoutMs: 180_000 }).reason).toBe(
      'no answer within 3 min',
    );
    expect(classifyError({ kind: 'timeout', message }).reason).toBe(
      'no answer within the time limit',
    );
  });
});
