/**
 * The user's block list as settings: which patterns are accepted (beyond
 * compiling, the ones that could never match a URL are refused, so a typo
 * cannot leave a page the user meant to protect open to the crawl), and
 * the one-pattern-a-line text the Options page edits.
 */
import { compileUrlPattern } from '../url/url-pattern.ts';

/**
 * Patterns kept at most, and the list's size as stored (JSON, UTF-8): with
 * every other setting at its longest, the whole settings still fit one
 * browser-sync item (8,192 bytes).
 */
export const MAX_BLOCK_PATTERNS = 200;
export const MAX_BLOCK_LIST_BYTES = 6_000;
const MAX_PATTERN_CHARS = 500;

/** Null when `pattern` (trimmed) can be used, else why not, as a sentence. */
export function blockPatternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_CHARS)
    return `The pattern is longer than ${MAX_PATTERN_CHARS} characters.`;
  if (pattern === 're:') return 'Write a regular expression after re:.';
  const compiled = compileUrlPattern(pattern);
  if (!compiled.ok) return `${capitalize(compiled.reason)}.`;
  if (pattern.startsWith('re:')) return null;
  if (/\s/.test(pattern))
    return 'URLs are compared percent-encoded and never contain a space: write %20.';
  if (!/^(?:\/|\*|https?:\/\/)/.test(pattern))
    return 'Start the pattern with / (a path on any site), http:// or https:// (a whole URL), * or re: (a regular expression).';
  // URLs are matched normalised: scheme and host in lower case.
  const host = /^https?:\/\/([^/*]*)/.exec(pattern)?.[1] ?? '';
  if (host !== host.toLowerCase()) return 'Write the host in lower case, as URLs are compared.';
  return null;
}

/** Null when the list as a whole fits, else why not. */
export function blockListSizeProblem(patterns: readonly string[]): string | null {
  if (patterns.length > MAX_BLOCK_PATTERNS)
    return `The block list has ${patterns.length} patterns; at most ${MAX_BLOCK_PATTERNS} are kept.`;
  const bytes = new TextEncoder().encode(JSON.stringify(patterns)).length;
  if (bytes > MAX_BLOCK_LIST_BYTES)
    return `The block list is too long for browser sync: ${bytes.toLocaleString('en')} bytes as stored; at most ${MAX_BLOCK_LIST_BYTES.toLocaleString('en')}.`;
  return null;
}

export interface LineProblem {
  /** 1-based line of the text. */
  line: number;
  pattern: string;
  message: string;
}

/** One pattern a line; blank lines are skipped and repeats kept once. */
export function parseBlockListText(text: string): {
  patterns: string[];
  problems: LineProblem[];
} {
  const patterns: string[] = [];
  const problems: LineProblem[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const pattern = raw.trim();
    if (pattern === '') return;
    const message = blockPatternProblem(pattern);
    if (message !== null) problems.push({ line: index + 1, pattern, message });
    else if (!patterns.includes(pattern)) patterns.push(pattern);
  });
  return { patterns, problems };
}

export function blockListText(patterns: readonly string[]): string {
  return patterns.join('\n');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
