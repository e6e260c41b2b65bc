import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal-safe.ts';

describe('terminalSafe', () => {
  it.each([
    ['plain text', 'plain text'],
    ['\u001b[2Jcleared', '\\u{1b}[2Jcleared'],
    ['a\u202eevil', 'a\\u{202e}evil'],
    ['zero\u200bwidth', 'zero\\u{200b}width'],
    ['한국어 제목', '한국어 제목'],
    ['tab\tkept', 'tab\tkept'],
  ])('%j → %j', (input, output) => {
    expect(terminalSafe(input)).toBe(output);
  });
});
