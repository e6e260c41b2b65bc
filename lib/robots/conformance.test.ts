import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { base64ToBytes } from '../http/base64.ts';
import { batchDecide } from './batch.ts';
import {
  CONFORMANCE_CASES,
  type ConformanceCase,
} from '../../tests/fixtures/robots-conformance.ts';
import { decodeUtf8 } from './bytes.ts';

/**
 * What robots-parser 3.0.1 alone answers, for the record of the gaps we close.
 * Measured when the table was written: 228 of 284 cases (80%); the misses are
 * exactly the cases marked "robots-parser gap" plus the RFC/seed percent cases.
 * With the independent-review cases added: 258 of 321 (80%). With the
 * table following Google's spelling of paths (issue 12): 255 of 324 (79%).
 */
function robotsParserAlone(c: ConformanceCase): { allowed: boolean; line: number | null } {
  const text = c.robotstxt ?? decodeUtf8(base64ToBytes(c.robotstxt_base64 ?? ''));
  let base = 'http://foo.bar/robots.txt';
  try {
    base = new URL('/robots.txt', c.url).href;
  } catch {
    // Not an absolute URL: robots-parser resolves it against its own base.
  }
  const robot = robotsParser(base, text);
  const line = robot.getMatchingLineNumber(c.url, c.ua);
  return { allowed: robot.isAllowed(c.url, c.ua) !== false, line: line > 0 ? line : null };
}

const label = (c: ConformanceCase, i: number) =>
  `#${i} ${c.source} | ${c.ua} ${c.url.slice(0, 80)}`;

describe('conformance table', () => {
  it('has at least 150 cases', () => {
    expect(CONFORMANCE_CASES.length).toBeGreaterThanOrEqual(150);
  });

  const results = batchDecide(CONFORMANCE_CASES);
  it.each(CONFORMANCE_CASES.map((c, i) => [label(c, i), c, i] as const))('%s', (_name, c, i) => {
    expect(results[i]).toEqual({ allowed: c.allowed, line: c.line });
  });

  it('records how robots-parser alone does (the gaps this engine closes)', () => {
    const passed = CONFORMANCE_CASES.filter((c) => {
      const alone = robotsParserAlone(c);
      return alone.allowed === c.allowed && alone.line === c.line;
    }).length;
    console.info(
      `robots-parser 3.0.1 alone: ${passed}/${CONFORMANCE_CASES.length} conformance cases`,
    );
    expect(passed).toBeLessThan(CONFORMANCE_CASES.length);
  });
});
