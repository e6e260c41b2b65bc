/**
 * The differential test: RobotLens's batch answers (verdict and deciding
 * line) against Google's reference parser (google/robotstxt, built from
 * ../shared/tools/robots-oracle) in `--rfc` mode — Google's matcher with
 * RobotLens's four readings — on tens of thousands of seeded cases, plus the
 * conformance table's files. Zero disagreements allowed. Also checks that
 * every `google` other-answer a decision carries is what the oracle answers
 * without `--rfc`.
 */
import { describe, expect, it } from 'vitest';
import { batchDecide, type BatchCase, type BatchResult } from '../../lib/robots/batch.ts';
import { parseRobotsTxt } from '../../lib/robots/parse.ts';
import { bytesToBase64 } from '../../lib/http/base64.ts';
import { base64ToBytes } from '../../lib/http/base64.ts';
import { CONFORMANCE_CASES } from '../fixtures/robots-conformance.ts';
import { runCli } from '../support/run-cli.ts';
import { generateFile, ROBOTS, seededRandom } from '../oracle/robots-cases.ts';
import { runOracle, type OracleAnswer, type OracleCase } from '../oracle/robots-oracle.ts';

const SEED = Number(process.env.ROBOTLENS_DIFF_SEED ?? 20_261_201);
const FILES = 2_500;

interface Suite {
  bodies: Uint8Array[];
  cases: OracleCase[];
}

function generatedSuite(seed: number): Suite {
  const rng = seededRandom(seed);
  const suite: Suite = { bodies: [], cases: [] };
  for (let f = 0; f < FILES; f++) {
    const { body, urls } = generateFile(rng, f % 1000 === 999 ? 'huge' : 'small');
    const index = suite.bodies.push(body) - 1;
    for (const url of urls) {
      const robots = 1 + Math.floor(rng() * 2);
      for (let r = 0; r < robots; r++)
        suite.cases.push({ body: index, url, ua: ROBOTS[Math.floor(rng() * ROBOTS.length)]! });
    }
  }
  return suite;
}

function conformanceSuite(): Suite {
  const suite: Suite = { bodies: [], cases: [] };
  const index = new Map<string, number>();
  for (const c of CONFORMANCE_CASES) {
    const bytes =
      c.robotstxt_base64 !== undefined
        ? base64ToBytes(c.robotstxt_base64)
        : new TextEncoder().encode(c.robotstxt ?? '');
    const key = bytesToBase64(bytes);
    let body = index.get(key);
    if (body === undefined) index.set(key, (body = suite.bodies.push(bytes) - 1));
    suite.cases.push({ body, ua: c.ua, url: c.url });
  }
  return suite;
}

function ours(suite: Suite): BatchResult[] {
  const base64 = suite.bodies.map(bytesToBase64);
  const cases: BatchCase[] = suite.cases.map((c) => ({
    robotstxt_base64: base64[c.body]!,
    ua: c.ua,
    url: c.url,
  }));
  return batchDecide(cases);
}

function disagreements(suite: Suite, got: BatchResult[], want: OracleAnswer[]) {
  const out: string[] = [];
  suite.cases.forEach((c, i) => {
    if (got[i]!.allowed === want[i]!.allowed && got[i]!.line === want[i]!.line) return;
    if (out.length < 10) {
      const file = new TextDecoder().decode(suite.bodies[c.body]).slice(0, 600);
      out.push(
        `${JSON.stringify(c.ua)} ${JSON.stringify(c.url)}: ours ${JSON.stringify(got[i])}, ` +
          `Google ${JSON.stringify(want[i])}\n${JSON.stringify(file)}`,
      );
    } else out.push('');
  });
  return out;
}

describe("differential test against Google's robots.txt parser (--rfc)", () => {
  it(`agrees on every generated case (seed ${SEED})`, () => {
    const suite = generatedSuite(SEED);
    const want = runOracle(suite.bodies, suite.cases);
    const started = performance.now();
    const got = ours(suite);
    const ms = performance.now() - started;
    const raw = runOracle(suite.bodies, suite.cases, []);
    const rawAgrees = suite.cases.filter(
      (_, i) => raw[i]!.allowed === want[i]!.allowed && raw[i]!.line === want[i]!.line,
    ).length;
    console.info(
      `differential: ${suite.cases.length} cases over ${suite.bodies.length} files in ${ms.toFixed(0)} ms; ` +
        `Google's parser alone answers the same in ${rawAgrees} (${((100 * rawAgrees) / suite.cases.length).toFixed(1)} %)`,
    );
    expect(suite.cases.length).toBeGreaterThan(20_000);
    expect(disagreements(suite, got, want)).toEqual([]);
  }, 180_000);

  it('`robotlens robots batch` (the command, stdin to stdout) agrees too', async () => {
    const suite = generatedSuite(SEED + 2);
    suite.cases = suite.cases.slice(0, 4_000);
    const want = runOracle(suite.bodies, suite.cases);
    const base64 = suite.bodies.map(bytesToBase64);
    const input = suite.cases.map((c) => ({
      robotstxt_base64: base64[c.body],
      ua: c.ua,
      url: c.url,
    }));
    const run = await runCli(['robots', 'batch'], JSON.stringify(input));
    expect(run.code).toBe(0);
    expect(disagreements(suite, JSON.parse(run.stdout) as BatchResult[], want)).toEqual([]);
  }, 180_000);

  it('agrees on every file and URL of the conformance table', () => {
    const suite = conformanceSuite();
    const want = runOracle(suite.bodies, suite.cases);
    expect(disagreements(suite, ours(suite), want)).toEqual([]);
  }, 120_000);

  it("says what Google's parser alone answers whenever it differs", () => {
    const suite = generatedSuite(SEED + 1);
    const cases = suite.cases.slice(0, 8_000);
    const want = runOracle(suite.bodies, cases);
    const raw = runOracle(suite.bodies, cases, []);
    const parsed = new Map<number, ReturnType<typeof parseRobotsTxt>>();
    let noted = 0;
    const wrong: string[] = [];
    cases.forEach((c, i) => {
      let robots = parsed.get(c.body);
      if (!robots)
        parsed.set(
          c.body,
          (robots = parseRobotsTxt(suite.bodies[c.body]!, 'http://example.com/robots.txt')),
        );
      const decision = robots.decide(c.url, c.ua);
      const google = decision.otherAnswers?.find((o) => o.parser === 'google') ?? null;
      const differs = raw[i]!.allowed !== want[i]!.allowed || raw[i]!.line !== want[i]!.line;
      if (google) noted++;
      const expected = differs ? { allowed: raw[i]!.allowed, line: raw[i]!.line } : null;
      const actual = google ? { allowed: google.allowed, line: google.line } : null;
      if (JSON.stringify(expected) !== JSON.stringify(actual) && wrong.length < 10)
        wrong.push(
          `${c.ua} ${JSON.stringify(c.url)}: note ${JSON.stringify(actual)}, Google alone ${JSON.stringify(expected)}`,
        );
    });
    console.info(`Google-alone notes: ${noted} of ${cases.length} cases`);
    expect(noted).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  }, 180_000);
});
