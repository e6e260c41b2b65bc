import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import {
  bigRobotsTxt,
  crOnlyRobotsTxt,
  longLineRobotsTxt,
  randomBytes,
} from '../../tests/fixtures/hostile-inputs.ts';
import { anyBytes, anyString, checkProperty, timed } from '../../tests/support/properties.ts';
import { auditRobotsTxt } from './audit.ts';
import { ROBOTS_MAX_LINE_BYTES, ROBOTS_MAX_PARSE_BYTES } from './limits.ts';
import { lintParsed, lintRobotsTxt } from './lint.ts';
import { parseRobotsTxt } from './parse.ts';
import type { RobotsTxt } from './robots-txt.ts';
import { ALL_READINGS } from './spelling.ts';
import type { RobotsFetch } from './types.ts';

const URL = 'https://example.com/robots.txt';
const anyBody = fc.oneof(anyBytes, anyString);

/** What every parse promises, whatever the bytes. */
function expectSaneParse(robots: RobotsTxt, input: string | Uint8Array): void {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input).length : input.length;
  expect(robots.byteLength).toBe(bytes);
  expect(robots.truncated).toBe(bytes > ROBOTS_MAX_PARSE_BYTES);
  expect(robots.lines.length).toBeGreaterThan(0);
  robots.lines.forEach((line, index) => expect(line.line).toBe(index + 1));
  const ruleLines = new Set(
    robots.lines.filter((l) => l.kind === 'allow' || l.kind === 'disallow').map((l) => l.line),
  );
  for (const group of robots.groups)
    for (const rule of group.rules) expect(ruleLines).toContain(rule.line);
  // Rule patterns are spelled as Google spells them: no raw byte above 0x7F.
  for (const group of robots.compiled(ALL_READINGS))
    for (const c of group.candidates)
      expect([...c.pattern].every((ch) => ch.charCodeAt(0) < 0x80)).toBe(true);
}

describe('robots.txt parse and lint, on any bytes', () => {
  it('never throw; every finding has a known severity and a real line', () => {
    checkProperty(
      fc.property(anyBody, (input) => {
        const robots = parseRobotsTxt(input, URL);
        expectSaneParse(robots, input);
        const findings = lintParsed(robots, {
          body: typeof input === 'string' ? undefined : input,
        });
        for (const finding of findings) {
          expect(['error', 'warning', 'info']).toContain(finding.severity);
          expect(english(finding.message).length).toBeGreaterThan(0);
          if (finding.line !== null) {
            expect(finding.line).toBeGreaterThanOrEqual(1);
            expect(finding.line).toBeLessThanOrEqual(robots.lines.length);
          }
        }
        // File-level findings first, then by line.
        const lines = findings.map((f) => f.line ?? 0);
        expect(lines).toEqual([...lines].sort((a, b) => a - b));
      }),
      1000,
    );
  });

  it('audit any fetch result, with any URLs and robots to test', () => {
    const fetchResult: fc.Arbitrary<RobotsFetch> = fc.record({
      url: fc.constantFrom(URL, 'http://[::1]:8080/robots.txt', 'not a url'),
      status: fc.option(fc.integer({ min: 0, max: 999 })),
      redirects: fc.array(
        fc.record({ url: anyString, status: fc.integer({ min: 300, max: 399 }) }),
        {
          maxLength: 6,
        },
      ),
      body: fc.option(anyBytes, { nil: undefined }),
      contentType: fc.option(
        fc.oneof(anyString, fc.constantFrom('text/html', 'text/plain; charset=utf-8')),
        {
          nil: undefined,
        },
      ),
      headers: fc.option(
        fc.dictionary(fc.constantFrom('cache-control', 'expires', 'age', 'retry-after'), anyString),
        {
          nil: undefined,
        },
      ),
      truncated: fc.option(fc.boolean(), { nil: undefined }),
      fetchedAtMs: fc.integer({ min: 0, max: 2 ** 42 }),
    });
    checkProperty(
      fc.property(
        fetchResult,
        fc.array(anyString, { maxLength: 3 }),
        fc.array(anyString, { maxLength: 3 }),
        (fetch, tests, robots) => {
          const audit = auditRobotsTxt(fetch, { tests, robots, nowMs: 2 ** 42 });
          expect(audit.tests).toHaveLength(tests.length * robots.length);
          for (const test of audit.tests) {
            expect(typeof test.allowed).toBe('boolean');
            expect(english(test.reason).length).toBeGreaterThan(0);
          }
        },
      ),
      500,
    );
  });
});

describe('robots.txt parse and lint of huge and broken files, in bounded time', () => {
  // Loose bounds (a few hundred ms each on a laptop): a slow shared machine stays far below them.
  const lintAndAudit = (input: string | Uint8Array) => {
    const findings = lintRobotsTxt(input, { url: URL });
    const body = typeof input === 'string' ? new TextEncoder().encode(input) : input;
    const audit = auditRobotsTxt(
      { url: URL, status: 200, redirects: [], body, fetchedAtMs: 0 },
      { tests: ['/a*a*a*a/b', `/${'a'.repeat(2_000)}`], robots: ['Googlebot', '*'], nowMs: 0 },
    );
    return { findings, audit };
  };

  it.each<[string, () => string | Uint8Array]>([
    ['10 MB of rules', () => bigRobotsTxt()],
    ['10 MB of random bytes', () => randomBytes(10_000_000)],
    ['10 MB of NUL bytes', () => new Uint8Array(10_000_000)],
    ['512,000 lines ended by CR alone', () => crOnlyRobotsTxt()],
    ['BOMs everywhere', () => '\ufeff'.repeat(200_000)],
    ['invalid UTF-8 everywhere', () => new Uint8Array(1_000_000).fill(0xc3)],
  ])(
    '%s: a result within 60 s, the size flagged',
    (_name, build) => {
      const input = build();
      let result: ReturnType<typeof lintAndAudit> | undefined;
      // Generous for a slow shared machine; a quadratic pass over 10 MB takes hours.
      expect(timed(() => (result = lintAndAudit(input)))).toBeLessThan(60_000);
      const size =
        typeof input === 'string' ? new TextEncoder().encode(input).length : input.length;
      const tooLarge = result?.findings.some((f) => f.code === 'file-too-large');
      expect(tooLarge).toBe(size > ROBOTS_MAX_PARSE_BYTES);
      expect(result?.audit.lines.length).toBeLessThanOrEqual(ROBOTS_MAX_PARSE_BYTES + 1);
    },
    60_000,
  );

  it('one 100,000-character line: a result within 10 s, the cut flagged', () => {
    const input = longLineRobotsTxt(100_000);
    let findings: ReturnType<typeof lintRobotsTxt> = [];
    expect(timed(() => (findings = lintAndAudit(input).findings))).toBeLessThan(10_000);
    expect(findings).toContainEqual(expect.objectContaining({ code: 'line-truncated', line: 2 }));
    const robots = parseRobotsTxt(input, URL);
    expect(robots.groups[0]?.rules[0]?.pattern.length).toBeLessThanOrEqual(ROBOTS_MAX_LINE_BYTES);
  });
});
