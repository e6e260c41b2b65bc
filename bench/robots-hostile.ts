/**
 * robots.txt on a hostile file: 6,000 wildcard rules in the `*` group and a
 * 2,000-character path (the shape that took 2 s per decision when
 * robots-parser's regular expressions matched). Target: 100 decisions in
 * under 1 s, and no single decision over 50 ms (what would block the
 * extension's service worker). Runnable alone:
 *   npx tsx bench/robots-hostile.ts
 */
import robotsParser from 'robots-parser';
import { parseRobotsTxt } from '../lib/robots/index.ts';

export interface HostileRobotsFigures {
  rules: number;
  pathChars: number;
  decisions: number;
  /** Wall time of all decisions (the file parsed once before). */
  totalMs: number;
  /** The slowest single decision. */
  maxDecisionMs: number;
  parseMs: number;
  /** robots-parser alone, one decision (for the record). */
  robotsParserOneMs: number;
}

const ROBOTS_URL = 'https://www.example.com/robots.txt';

/** Rules whose every piece is found in the path but the last: each one scans the whole path. */
export function hostileFile(rules = 6_000): string {
  const lines = ['User-agent: *'];
  for (let i = 0; i < rules; i++) {
    const shape = i % 4;
    if (shape === 0) lines.push(`Disallow: /*a*a*a*a*z${i}`);
    else if (shape === 1) lines.push(`Disallow: /*ab*ba*q${i}*$`);
    else if (shape === 2) lines.push(`Allow: /*a${i % 10}*b*${i}x$`);
    else lines.push(`Disallow: /a*b*a*b*a*b*${i}y`);
  }
  return `${lines.join('\n')}\n`;
}

export function hostilePath(index: number, chars = 2_000): string {
  const unit = 'ab'.repeat(8) + String(index % 10);
  return `/${unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars - 1)}`;
}

export function measureHostileRobots(decisions = 100): HostileRobotsFigures {
  const text = hostileFile();
  let started = performance.now();
  const robots = parseRobotsTxt(text, ROBOTS_URL);
  const parseMs = performance.now() - started;
  let maxDecisionMs = 0;
  started = performance.now();
  for (let i = 0; i < decisions; i++) {
    const one = performance.now();
    robots.decide(`https://www.example.com${hostilePath(i)}`, i % 2 ? 'Googlebot' : 'Bingbot');
    maxDecisionMs = Math.max(maxDecisionMs, performance.now() - one);
  }
  const totalMs = performance.now() - started;
  const parser = robotsParser(ROBOTS_URL, text);
  started = performance.now();
  parser.isAllowed(`https://www.example.com${hostilePath(0)}`, 'Googlebot');
  const robotsParserOneMs = performance.now() - started;
  return {
    rules: 6_000,
    pathChars: hostilePath(0).length,
    decisions,
    totalMs,
    maxDecisionMs,
    parseMs,
    robotsParserOneMs,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = measureHostileRobots();
  console.log(
    `${f.decisions} decisions, ${f.rules} wildcard rules, ${f.pathChars}-char paths: ` +
      `${f.totalMs.toFixed(0)} ms (target < 1000), slowest ${f.maxDecisionMs.toFixed(1)} ms (target ≤ 50); ` +
      `parse ${f.parseMs.toFixed(0)} ms; robots-parser alone: ${f.robotsParserOneMs.toFixed(0)} ms for one decision`,
  );
}
