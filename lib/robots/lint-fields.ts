/**
 * Fields robots.txt authors write that no standard defines, and what the
 * major robots do with them; and typos of the fields that do exist.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { finding, type RobotsFinding } from './finding.ts';
import type { RobotsLine } from './tokenize.ts';

/** What major robots do with a non-standard field (lower-case name → sentence). */
const UNSUPPORTED_FIELDS: Record<string, Phrase | null> = {
  noindex: phrase('field_noindex'),
  nofollow: phrase('field_nofollow'),
  noarchive: phrase('field_noarchive'),
  host: phrase('field_host'),
  'clean-param': phrase('field_clean_param'),
  'request-rate': phrase('field_1996', { field: 'Request-rate' }),
  'visit-time': phrase('field_1996', { field: 'Visit-time' }),
  'crawl-delay': null,
};

const KNOWN_FIELDS = ['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay'];

/** Findings for a line whose key no standard defines. */
export function lintOtherField(line: RobotsLine): RobotsFinding[] {
  const name = line.key.toLowerCase();
  const known = Object.hasOwn(UNSUPPORTED_FIELDS, name) ? UNSUPPORTED_FIELDS[name] : undefined;
  if (known === null) return [];
  if (known !== undefined) {
    return [
      finding(
        line.line,
        'warning',
        'unsupported-field',
        phrase('finding_unsupported_field', { field: line.key, what: known }),
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
        phrase('finding_unknown_field_typo', { key: line.key, field: meant }),
      ),
    ];
  }
  return [
    finding(line.line, 'info', 'unknown-field', phrase('finding_unknown_field', { key: line.key })),
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
