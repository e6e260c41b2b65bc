import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import { english } from '../../components/english.ts';
import {
  blockListSizeProblem,
  blockListText,
  blockPatternProblem,
  MAX_BLOCK_LIST_BYTES,
  MAX_BLOCK_PATTERNS,
  parseBlockListText as parseBlockListTextOf,
} from './block-list.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const parseBlockListText = (...args: Parameters<typeof parseBlockListTextOf>) =>
  withText(parseBlockListTextOf(...args), english);

describe('blockPatternProblem', () => {
  it.each(['/admin/*', '/cart?add=*', '*.pdf', 'https://example.com/private/*', 're:/tmp/\\d+$'])(
    'accepts %s',
    (pattern) => expect(blockPatternProblem(pattern)).toBeNull(),
  );

  it.each([
    ['admin/*', /Start the pattern with \//],
    ['example.com/admin', /Start the pattern with \//],
    ['HTTPS://example.com/x', /Start the pattern with \//],
    ['https://Example.com/x', /host in lower case/],
    ['/my page', /%20/],
    ['re:(a+)+$', null],
    [
      're:(?=a)a',
      /^Not valid RE2 syntax: invalid or unsupported Perl syntax: `\(\?=`\. .*no lookaround/,
    ],
    ['re:(x)\\1', /^Not valid RE2 syntax: invalid escape sequence: `\\1`\. .*no back-references/],
    ['re:[', /^Not valid RE2 syntax: missing closing \]/],
    [`re:${'[ab]{1,999}'.repeat(4)}`, /too complex: [\d,]+ RE2 instructions, at most 2,500\./],
    ['re:', /regular expression after re:/],
    [`/${'x'.repeat(500)}`, /longer than 500/],
  ] as [string, RegExp | null][])('judges %j', (pattern, why) => {
    if (why === null) expect(blockPatternProblem(pattern)).toBeNull();
    else expect(english(blockPatternProblem(pattern)!)).toMatch(why);
  });
});

describe('parseBlockListText', () => {
  it('reads one pattern a line, skipping blank lines and repeats, and numbers the bad lines', () => {
    const text = '/admin/*\r\n\n  /cart*  \nadmin\n/admin/*\nre:(?<!a)b\n';
    expect(parseBlockListText(text)).toEqual({
      patterns: ['/admin/*', '/cart*'],
      problems: [
        {
          line: 4,
          pattern: 'admin',
          message: expect.stringMatching(/Start the pattern/),
          messagePhrase: { key: 'options_error_pattern_start', values: {} },
        },
        {
          line: 6,
          pattern: 're:(?<!a)b',
          message: expect.stringMatching(/^Not valid RE2 syntax: .*no lookaround/),
          messagePhrase: expect.objectContaining({ key: 'block_pattern_re2_syntax' }),
        },
      ],
    });
  });

  it('round-trips through its text form', () => {
    const patterns = ['/a*', 'https://example.com/b', 're:\\.zip$'];
    expect(parseBlockListText(blockListText(patterns))).toEqual({ patterns, problems: [] });
  });
});

describe('blockListSizeProblem', () => {
  it('keeps the list small enough for browser sync', () => {
    expect(blockListSizeProblem(Array(MAX_BLOCK_PATTERNS).fill('/x'))).toBeNull();
    expect(english(blockListSizeProblem(Array(MAX_BLOCK_PATTERNS + 1).fill('/x'))!)).toMatch(
      /at most 200/,
    );
    // ["/xxx…"]: the brackets and quotes count too, as stored.
    const fits = '/' + 'x'.repeat(MAX_BLOCK_LIST_BYTES - 5);
    expect(blockListSizeProblem([fits])).toBeNull();
    expect(english(blockListSizeProblem([`${fits}x`])!)).toMatch(
      /6,001 bytes as stored; at most 6,000/,
    );
    // Non-ASCII counts in UTF-8 bytes.
    expect(english(blockListSizeProblem(['/' + 'é'.repeat(3_000)])!)).toMatch(/6,005 bytes/);
  });
});
