/**
 * Input bounds: how long the pure core takes on hostile input — robots.txt
 * files that are huge, one endless line or random bytes; pages with 100,000
 * links or nested 10,000 deep; 100,000 random strings through the URL
 * normalizer. The same inputs as the time-bound tests
 * (tests/fixtures/hostile-inputs.ts), measured precisely here instead of
 * bounded loosely. Pure Node, no browser.
 *
 * `npx tsx bench/input-bounds.ts` prints the figures.
 */
import {
  bigRobotsTxt,
  crOnlyRobotsTxt,
  deeplyNestedPage,
  longLineRobotsTxt,
  pageWithLinks,
  randomBytes,
  randomStrings,
} from '../tests/fixtures/hostile-inputs.ts';
import { readPage } from '../lib/crawl/read-page.ts';
import { extractLinks } from '../lib/links/extract-links.ts';
import { lintRobotsTxt } from '../lib/robots/index.ts';
import { normalizeUrl } from '../lib/url/normalize-url.ts';

/** Times of repeated runs of one measurement, in ms. */
export interface Timing {
  /** What was measured, e.g. "parse + lint, 10 MB robots.txt". */
  name: string;
  /** Size of the input, in bytes (UTF-8) or items. */
  inputSize: number;
  inputUnit: 'bytes' | 'strings';
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

export interface InputBoundsResult {
  robots: {
    /** 10 MB of rules (only the first 500 KiB are read). */
    tenMegabytes: Timing;
    /** One `Disallow` line of 100,000 characters. */
    longLine: Timing;
    /** 1 MB of random bytes. */
    randomMegabyte: Timing;
    /** 512,000 empty lines ended by CR: the most lines 500 KiB can hold. */
    crOnlyLines: Timing;
  };
  page: {
    readPageHundredThousandLinks: Timing;
    extractLinksHundredThousandLinks: Timing;
    readPageDeepNesting: Timing;
    extractLinksDeepNesting: Timing;
  };
  normalizeUrl: {
    timing: Timing;
    /** Strings normalized per second (median run). */
    perSecond: number;
  };
}

const ROBOTS_URL = 'https://example.com/robots.txt';
const PAGE_URL = 'https://example.com/dir/page.html';
const encoder = new TextEncoder();

/** Runs `fn` once to warm up, then `runs` times, and reports the spread. */
function measure(
  name: string,
  input: { size: number; unit: Timing['inputUnit'] },
  runs: number,
  fn: () => unknown,
): Timing {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    inputSize: input.size,
    inputUnit: input.unit,
    runs,
    medianMs: times[Math.floor(runs / 2)] ?? NaN,
    minMs: times[0] ?? NaN,
    maxMs: times[runs - 1] ?? NaN,
  };
}

const bytesOf = (input: string | Uint8Array) => ({
  size: typeof input === 'string' ? encoder.encode(input).length : input.length,
  unit: 'bytes' as const,
});

function robotsTiming(name: string, input: string | Uint8Array): Timing {
  return measure(`parse + lint, ${name}`, bytesOf(input), 7, () =>
    lintRobotsTxt(input, { url: ROBOTS_URL }),
  );
}

function pageTimings(name: string, html: string): [Timing, Timing] {
  return [
    measure(`readPage, ${name}`, bytesOf(html), 7, () => readPage(html, PAGE_URL)),
    measure(`extractLinks, ${name}`, bytesOf(html), 7, () => extractLinks(html, PAGE_URL)),
  ];
}

export async function measureInputBounds(): Promise<InputBoundsResult> {
  const robots = {
    tenMegabytes: robotsTiming('10 MB robots.txt', bigRobotsTxt(10_000_000)),
    longLine: robotsTiming('one 100,000-character line', longLineRobotsTxt(100_000)),
    randomMegabyte: robotsTiming('1 MB of random bytes', randomBytes(1_000_000)),
    crOnlyLines: robotsTiming('512,000 CR-only lines', crOnlyRobotsTxt(512_000)),
  };
  const [readPageHundredThousandLinks, extractLinksHundredThousandLinks] = pageTimings(
    '100,000 links',
    pageWithLinks(100_000),
  );
  const [readPageDeepNesting, extractLinksDeepNesting] = pageTimings(
    '10,000-deep nesting',
    deeplyNestedPage(10_000),
  );
  const strings = randomStrings(100_000);
  const timing = measure(
    'normalizeUrl, 100,000 random strings',
    { size: strings.length, unit: 'strings' },
    7,
    () => strings.forEach((text) => normalizeUrl(text)),
  );
  return {
    robots,
    page: {
      readPageHundredThousandLinks,
      extractLinksHundredThousandLinks,
      readPageDeepNesting,
      extractLinksDeepNesting,
    },
    normalizeUrl: { timing, perSecond: strings.length / (timing.medianMs / 1000) },
  };
}

function printFigures(result: InputBoundsResult): void {
  const timings = [
    ...Object.values(result.robots),
    ...Object.values(result.page),
    result.normalizeUrl.timing,
  ];
  const rows = timings.map((t) => [
    t.name,
    `${t.inputSize.toLocaleString('en')} ${t.inputUnit}`,
    `${t.medianMs.toFixed(1)} ms`,
    `${t.minMs.toFixed(1)}–${t.maxMs.toFixed(1)} ms`,
  ]);
  rows.push([
    'normalizeUrl throughput',
    '',
    `${Math.round(result.normalizeUrl.perSecond).toLocaleString('en')} strings/s`,
    '',
  ]);
  const header = ['measurement', 'input', `median of ${timings[0]?.runs ?? 0}`, 'min–max'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  }
}

if (process.argv[1]?.endsWith('input-bounds.ts')) {
  printFigures(await measureInputBounds());
}
