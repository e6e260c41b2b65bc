/**
 * The user's block list as settings: which patterns are accepted (beyond
 * compiling, the ones that could never match a URL are refused, so a typo
 * cannot leave a page the user meant to protect open to the crawl), and
 * the one-pattern-a-line text the Options page edits.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { compileUrlPattern, type PatternProblem } from '../url/url-pattern.ts';

/**
 * Patterns kept at most, and the list's size as stored (JSON, UTF-8): with
 * every other setting at its longest, the whole settings still fit one
 * browser-sync item (8,192 bytes).
 */
export const MAX_BLOCK_PATTERNS = 200;
export const MAX_BLOCK_LIST_BYTES = 6_000;
const MAX_PATTERN_CHARS = 500;

/** Null when `pattern` (trimmed) can be used, else why not. */
export function blockPatternProblem(pattern: string): Phrase | null {
  if (pattern.length > MAX_PATTERN_CHARS)
    return phrase('options_error_pattern_long', { max: MAX_PATTERN_CHARS });
  if (pattern === 're:') return phrase('options_error_regex_empty');
  const compiled = compileUrlPattern(pattern);
  if (!compiled.ok) return compileProblem(compiled);
  if (pattern.startsWith('re:')) return null;
  if (/\s/.test(pattern)) return phrase('options_error_pattern_space');
  if (!/^(?:\/|\*|https?:\/\/)/.test(pattern)) return phrase('options_error_pattern_start');
  // URLs are matched normalized: scheme and host in lower case.
  const host = /^https?:\/\/([^/*]*)/.exec(pattern)?.[1] ?? '';
  if (host !== host.toLowerCase()) return phrase('options_error_pattern_host_case');
  return null;
}

/** A pattern the compiler refused, worded for the user; RE2's own message stays as it is. */
function compileProblem(problem: PatternProblem): Phrase {
  switch (problem.kind) {
    case 'regex-syntax':
      return phrase('block_pattern_re2_syntax', { error: problem.engineMessage });
    case 'regex-too-complex':
      return phrase('block_pattern_re2_too_complex', {
        size: problem.programSize,
        max: problem.maxProgramSize,
      });
    case 'empty':
      return phrase('options_error_pattern_unusable', { reason: problem.reason });
    default:
      return problem satisfies never;
  }
}

/** Null when the list as a whole fits, else why not. */
export function blockListSizeProblem(patterns: readonly string[]): Phrase | null {
  if (patterns.length > MAX_BLOCK_PATTERNS)
    return phrase('options_error_block_count', {
      count: patterns.length,
      max: MAX_BLOCK_PATTERNS,
    });
  const bytes = new TextEncoder().encode(JSON.stringify(patterns)).length;
  if (bytes > MAX_BLOCK_LIST_BYTES)
    return phrase('options_error_block_bytes', { bytes, max: MAX_BLOCK_LIST_BYTES });
  return null;
}

export interface LineProblem {
  /** 1-based line of the text. */
  line: number;
  pattern: string;
  /** What is wrong. */
  message: Phrase;
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
    const problem = blockPatternProblem(pattern);
    if (problem !== null)
      problems.push({
        line: index + 1,
        pattern,
        message: problem,
      });
    else if (!patterns.includes(pattern)) patterns.push(pattern);
  });
  return { patterns, problems };
}

export function blockListText(patterns: readonly string[]): string {
  return patterns.join('\n');
}
