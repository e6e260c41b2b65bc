import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { anyString, checkProperty, timed } from '../../tests/support/properties.ts';
import { splitDirectiveList } from './directive-tokens.ts';
import { parseDirectives } from './directives.ts';
import { parseRobotsDate } from './robots-date.ts';

/** Directive lists dense in what the splitter must handle: separators, colons, dates. */
const directiveText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'noindex',
        'NOFOLLOW',
        'none',
        'all',
        'max-snippet',
        'max-image-preview',
        'unavailable_after',
        'Sunday',
        '25 Jun 2010 15:00:00 PST',
        '2010-06-25',
        ':',
        ' : ',
        ',',
        ';',
        ' ',
        '\t',
        '\u00a0',
        '\u2028',
        '-1',
      ),
      anyString,
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(''));

/** The splitter's rules before the colon handling was rewritten: the oracle for it. */
function referenceTokens(text: string): string[] {
  return text
    .split(',')
    .flatMap((piece) => piece.split(';'))
    .flatMap((part) => {
      const trimmed = part.trim();
      return trimmed === '' ? [] : trimmed.replace(/\s*:\s*/g, ':').split(/\s+/);
    });
}

describe('robots directives, on any text', () => {
  it('never throw; every token is accounted for', () => {
    checkProperty(
      fc.property(fc.oneof(directiveText, anyString), (text) => {
        const list = parseDirectives(text);
        for (const problem of list.problems)
          expect(english(problem.detail).length).toBeGreaterThan(0);
        for (const directive of list.directives)
          expect(text.replace(/\s/g, '')).toContain(
            directive.text.replace(/\s/g, '').split(':')[0],
          );
      }),
      1500,
    );
  });

  it('split like the reference splitter when no date is involved', () => {
    checkProperty(
      fc.property(fc.oneof(directiveText, anyString), (text) => {
        fc.pre(!/unavailable_after/i.test(text));
        expect(splitDirectiveList(text).tokens).toEqual(referenceTokens(text));
      }),
      1500,
    );
  });

  it('dates: never throw, and text over 100 characters is no date', () => {
    checkProperty(
      fc.property(fc.oneof(directiveText, anyString), fc.nat(200), (text, pad) => {
        const date = parseRobotsDate(text);
        if (date !== null) expect(Number.isFinite(date)).toBe(true);
        expect(parseRobotsDate(`${'Mon'.padEnd(pad, ' ')}${text}`.padEnd(101, 'x'))).toBeNull();
      }),
      1000,
    );
  });

  it.each([
    ['100,000 spaces', `noindex${' '.repeat(100_000)}nofollow`],
    ['100,000 colons and spaces', ' : '.repeat(100_000)],
    ['100,000 commas', ','.repeat(100_000)],
    ['100,000 directives', 'noindex, '.repeat(100_000)],
    ['a long date', `unavailable_after: ${'Sunday, '.repeat(20_000)}`],
    ['a date of spaces', `unavailable_after: Mon${' '.repeat(100_000)}x`],
    ['a date of letters', `unavailable_after: Mon${'jan'.repeat(30_000)}x`],
    ['dates after dates', 'unavailable_after: 25 Jun 2010, '.repeat(10_000)],
  ])('%s: parsed within 5 s', (_name, text) => {
    expect(timed(() => parseDirectives(text))).toBeLessThan(5_000);
  });
});
