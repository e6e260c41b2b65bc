/**
 * One robots.txt line to a token: `key: value`, a comment, a blank line, or
 * something no robot can read. This is the auditor's own tokenizer (robots-parser
 * drops silently what it does not understand) and the matcher's front end, so
 * both agree line by line with Google's reference parser:
 * - a NUL byte ends the line (the C parser works on C strings);
 * - `#` starts a comment anywhere;
 * - ASCII white space around key and value is dropped;
 * - with no colon, one run of spaces/tabs between exactly two words separates
 *   key and value (`Disallow /tmp`), a Google-only leniency.
 */
import { binaryToText } from './bytes.ts';
import { readKey, type KeySpelling, type RobotsKeyName } from './keys.ts';
import type { RawLine } from './lines.ts';

export type LineKind = 'blank' | 'comment' | 'invalid' | Exclude<RobotsKeyName, 'other'> | 'other';

export interface RobotsLine {
  line: number;
  /** The whole line as written (UTF-8 text). */
  text: string;
  kind: LineKind;
  /** Key as written (trimmed); '' for blank, comment and invalid lines. */
  key: string;
  /** Value as written (trimmed, without comment); '' when none. */
  value: string;
  /** The value's bytes as a binary string: what the matcher reads. */
  valueBinary: string;
  /** How the key was spelled; null when there is no key. */
  spelling: KeySpelling | null;
  /** What separated key and value; null when there is no key. */
  separator: 'colon' | 'whitespace' | null;
  /** The comment text after `#`, when any. */
  comment: string | null;
  byteLength: number;
  truncated: boolean;
}

/** Tokenizes one raw line. */
export function tokenizeLine(raw: RawLine): RobotsLine {
  const nul = raw.binary.indexOf('\0');
  const content = nul >= 0 ? raw.binary.slice(0, nul) : raw.binary;
  const hash = content.indexOf('#');
  const comment = hash >= 0 ? binaryToText(content.slice(hash + 1)) : null;
  const body = stripAscii(hash >= 0 ? content.slice(0, hash) : content);
  if (body === '') return lineOf(raw, comment, comment === null ? 'blank' : 'comment', null, null);
  const split = splitKeyValue(body);
  if (split === null) return lineOf(raw, comment, 'invalid', null, null);
  const reading = readKey(split.key);
  return lineOf(raw, comment, reading.name, split, reading.spelling);
}

/**
 * One literal with every field, not `{ ...base, ...fields }`: V8 builds a
 * spread object through a slow runtime path, which made a file of 500,000
 * empty lines take seconds and hundreds of megabytes.
 */
function lineOf(
  raw: RawLine,
  comment: string | null,
  kind: LineKind,
  field: KeyValue | null,
  spelling: KeySpelling | null,
): RobotsLine {
  return {
    line: raw.line,
    text: raw.text,
    kind,
    key: field === null ? '' : binaryToText(field.key),
    value: field === null ? '' : binaryToText(field.value),
    valueBinary: field === null ? '' : field.value,
    spelling,
    separator: field === null ? null : field.separator,
    comment,
    byteLength: raw.byteLength,
    truncated: raw.truncated,
  };
}

interface KeyValue {
  key: string;
  value: string;
  separator: 'colon' | 'whitespace';
}

/** `key: value`, or Google's colon-less `key value`; null when neither reads. */
function splitKeyValue(body: string): KeyValue | null {
  const colon = body.indexOf(':');
  if (colon >= 0) {
    const key = stripAscii(body.slice(0, colon));
    return key === ''
      ? null
      : { key, value: stripAscii(body.slice(colon + 1)), separator: 'colon' };
  }
  const words = /^([^ \t]+)[ \t]+([^ \t]+)$/.exec(body);
  if (words === null) return null;
  return { key: words[1] ?? '', value: words[2] ?? '', separator: 'whitespace' };
}

/** Strips ASCII white space (space, \t, \n, \v, \f, \r) at both ends, like absl::StripAsciiWhitespace. */
function stripAscii(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isAsciiSpace(s.charCodeAt(start))) start++;
  while (end > start && isAsciiSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}
