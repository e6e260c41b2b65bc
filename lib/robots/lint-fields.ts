/**
 * Fields robots.txt authors write that no standard defines, and what the
 * major robots do with them; and typos of the fields that do exist.
 */
import { finding, type RobotsFinding } from './finding.ts';
import type { RobotsLine } from './tokenize.ts';

/** What major robots do with a non-standard field (lower-case name → sentence). */
const UNSUPPORTED_FIELDS: Record<string, string> = {
  noindex:
    'Google stopped reading Noindex in robots.txt in 2019 and no other major robot reads it; use a robots meta tag or X-Robots-Tag header',
  nofollow: 'no major robot reads Nofollow in robots.txt; use a robots meta tag or rel="nofollow"',
  noarchive: 'no major robot reads Noarchive in robots.txt; use a robots meta tag',
  host: 'only Yandex ever read Host (to pick the main mirror) and it dropped it in 2018; use redirects or rel="canonical"',
  'clean-param': 'only Yandex reads Clean-param; Google and Bing ignore it',
  'request-rate': 'Request-rate is from a 1996 extension proposal; Google and Bing ignore it',
  'visit-time': 'Visit-time is from a 1996 extension proposal; Google and Bing ignore it',
  'crawl-delay': '',
};

const KNOWN_FIELDS = ['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay'];

/** Findings for a line whose key no standard defines. */
export function lintOtherField(line: RobotsLine): RobotsFinding[] {
  const name = line.key.toLowerCase();
  const known = UNSUPPORTED_FIELDS[name];
  if (known === '') return [];
  if (known !== undefined) {
    return [
      finding(
        line.line,
        'warning',
        'unsupported-field',
        `${line.key} is not part of robots.txt: ${known}.`,
      ),
    ];
  }
  const meant = likelyField(name);
  if (meant !== null) {
    return [
      finding(
        line.line,
        'error',
        'unknown-field-typo',
        `"${line.key}" looks like a typo of ${meant}: no robot reads this line.`,
      ),
    ];
  }
  return [
    finding(
      line.line,
      'info',
      'unknown-field',
      `${line.key} is not a robots.txt field: robots ignore this line.`,
    ),
  ];
}

/** The standard field a key is a likely typo of, or null. */
export function likelyField(name: string): string | null {
  for (const field of KNOWN_FIELDS) {
    const allowed = field.length <= 5 ? 1 : 2;
    // The distance is at least the difference in length: most keys need no table.
    if (Math.abs(name.length - field.length) > allowed) continue;
    if (editDistance(name, field) <= allowed) return field;
  }
  return null;
}

/** Levenshtein distance with adjacent transpositions (typos swap letters). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number) => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
}
