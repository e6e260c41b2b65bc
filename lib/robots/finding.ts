/**
 * What the robots.txt auditor reports: one finding per problem, on a line
 * (or on the file, line null), with a stable kebab-case code and a sentence
 * a webmaster understands.
 */
import type { Phrase } from '../i18n/phrase.ts';

export type FindingSeverity = 'error' | 'warning' | 'info';

export type RobotsFindingCode =
  // the file
  | 'empty-file'
  | 'file-too-large'
  | 'html-served'
  | 'not-text'
  // the line
  | 'bom-mid-file'
  | 'line-truncated'
  | 'missing-colon'
  | 'unparsable-line'
  // fields
  | 'field-typo'
  | 'unknown-field-typo'
  | 'unsupported-field'
  | 'unknown-field'
  | 'crawl-delay-ignored'
  | 'crawl-delay-invalid'
  | 'crawl-delay-too-large'
  | 'sitemap-relative'
  | 'sitemap-invalid'
  // user-agents and groups
  | 'user-agent-not-token'
  | 'user-agent-names-no-robot'
  | 'rule-before-user-agent'
  | 'groups-merged'
  | 'group-without-rules'
  | 'site-closed'
  | 'group-unblocks'
  // rules
  | 'multiple-paths'
  | 'path-not-absolute'
  | 'wildcard'
  | 'prefix-match'
  | 'index-html-directory'
  | 'costly-rule';

export interface RobotsFinding {
  /** 1-based line; null for findings about the whole file. */
  line: number | null;
  severity: FindingSeverity;
  code: RobotsFindingCode;
  /** The finding in English. */
  message: Phrase;
}

/** Shorthand constructor, so checks read as one line each. */
export function finding(
  line: number | null,
  severity: FindingSeverity,
  code: RobotsFindingCode,
  message: Phrase,
): RobotsFinding {
  return { line, severity, code, message: message };
}
