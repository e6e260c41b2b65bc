/**
 * robots.txt speed: parse time of a 500 KiB file, and decisions per second
 * on a realistic file, RobotLens's engine (parse + its own matcher, see
 * lib/robots/matcher.ts) against robots-parser alone. Loops are bounded in
 * count and time.
 */
import robotsParser from 'robots-parser';
import { parseRobotsTxt } from '../lib/robots/index.ts';

export interface RobotsFigures {
  largeBytes: number;
  parseMs: { robotlens: number; robotsParser: number };
  decisionsPerSecond: { robotlens: number; robotsParser: number };
  /** RobotLens time per decision / robots-parser's, minus one. */
  overhead: number;
}

const ROBOTS_URL = 'https://www.example.com/robots.txt';
const AGENTS = ['Googlebot', 'Bingbot', 'RobotLens', 'Googlebot-Image'];

function realisticFile(): string {
  const common = [
    'Disallow: /admin/',
    'Disallow: /cart',
    'Disallow: /checkout/',
    'Disallow: /*?sessionid=',
    'Disallow: /*.pdf$',
    'Allow: /admin/public/',
    'Disallow: /search',
    'Allow: /search/about',
    'Disallow: /*/print$',
    'Disallow: /tmp/*',
    'Disallow: /private*/',
    'Allow: /private-offers/',
  ];
  return [
    'User-agent: *',
    ...common,
    '',
    'User-agent: Googlebot',
    'User-agent: Googlebot-Image',
    ...common,
    'Allow: /*.css$',
    'Allow: /*.js$',
    '',
    'User-agent: Bingbot',
    'Crawl-delay: 5',
    ...common.slice(0, 6),
    '',
    'Sitemap: https://www.example.com/sitemap.xml',
  ].join('\n');
}

function largeFile(bytes: number): string {
  const lines = ['User-agent: *'];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 50 === 0
        ? `\nUser-agent: bot-${i}`
        : `${i % 3 ? 'Disallow' : 'Allow'}: /section-${i}/*/page-${i}.html$`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n').slice(0, bytes);
}

function paths(): string[] {
  const list = ['/', '/admin/users', '/admin/public/logo.png', '/cart?id=3', '/blog/post-1/print'];
  for (let i = 0; i < 200; i++) {
    list.push(
      `/products/${i}?sessionid=${i}`,
      `/docs/file-${i}.pdf`,
      `/private-${i}/x`,
      `/search/about/${i}`,
      `/a/${i}/b.css`,
    );
  }
  return list.map((p) => `https://www.example.com${p}`);
}

/** Median time of `runs` calls after as many unmeasured ones (the JIT warms up), in ms. */
function timeMs(runs: number, fn: () => void): number {
  for (let i = 0; i < runs; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** Decisions per second over all paths × agents, for at most `maxMs`. */
function rate(decide: (url: string, ua: string) => unknown, urls: string[], maxMs = 1_500): number {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < maxMs && count < 50_000_000) {
    for (const url of urls) for (const ua of AGENTS) decide(url, ua);
    count += urls.length * AGENTS.length;
  }
  return count / ((performance.now() - started) / 1000);
}

export function measureRobotsSpeed(): RobotsFigures {
  const large = largeFile(500 * 1024);
  const parseMs = {
    robotlens: timeMs(5, () => parseRobotsTxt(large, ROBOTS_URL)),
    robotsParser: timeMs(5, () => robotsParser(ROBOTS_URL, large)),
  };
  const text = realisticFile();
  const ours = parseRobotsTxt(text, ROBOTS_URL);
  const theirs = robotsParser(ROBOTS_URL, text);
  const urls = paths();
  rate((url, ua) => ours.decide(url, ua), urls, 300);
  rate((url, ua) => theirs.isAllowed(url, ua), urls, 300);
  const decisionsPerSecond = {
    robotlens: rate((url, ua) => ours.decide(url, ua), urls),
    robotsParser: rate((url, ua) => theirs.isAllowed(url, ua), urls),
  };
  return {
    largeBytes: Buffer.byteLength(large),
    parseMs,
    decisionsPerSecond,
    overhead: decisionsPerSecond.robotsParser / decisionsPerSecond.robotlens - 1,
  };
}
