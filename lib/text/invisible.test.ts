import { describe, expect, it } from 'vitest';
import { codePointLabel, revealInvisible, splitInvisible } from './invisible.ts';

describe('revealInvisible', () => {
  it.each([
    ['plain text', 'plain text'],
    ['', ''],
    ['invoice\u202Etxt.exe', 'invoice⟨U+202E⟩txt.exe'],
    [
      '\u2066isolate\u2069 \u2067rtl\u2069 \u2068first\u2069',
      '⟨U+2066⟩isolate⟨U+2069⟩ ⟨U+2067⟩rtl⟨U+2069⟩ ⟨U+2068⟩first⟨U+2069⟩',
    ],
    [
      '\u202Aembed\u202C \u202Bembed\u202C \u202Doverride',
      '⟨U+202A⟩embed⟨U+202C⟩ ⟨U+202B⟩embed⟨U+202C⟩ ⟨U+202D⟩override',
    ],
    ['no\u200Bindex', 'no⟨U+200B⟩index'],
    ['no\u200Dindex no\u200Cindex', 'no⟨U+200D⟩index no⟨U+200C⟩index'],
    ['\uFEFFUser-agent', '⟨U+FEFF⟩User-agent'],
    ['a\u200Eb\u200Fc\u061Cd', 'a⟨U+200E⟩b⟨U+200F⟩c⟨U+061C⟩d'],
    ['word\u2060joiner soft\u00ADhyphen', 'word⟨U+2060⟩joiner soft⟨U+00AD⟩hyphen'],
    ['\u001B[2Jcleared\u0007', '⟨U+001B⟩[2Jcleared⟨U+0007⟩'],
    ['cr\rdel\u007Fc1\u0085', 'cr⟨U+000D⟩del⟨U+007F⟩c1⟨U+0085⟩'],
    ['line\u2028para\u2029', 'line⟨U+2028⟩para⟨U+2029⟩'],
    ['hangul\u3164filler\u115F', 'hangul⟨U+3164⟩filler⟨U+115F⟩'],
    ['cgj\u034Fkhmer\u17B4', 'cgj⟨U+034F⟩khmer⟨U+17B4⟩'],
    ['smuggled\u{E0041}\u{E0042}', 'smuggled⟨U+E0041⟩⟨U+E0042⟩'],
    ['tab\tand\nnewline', 'tab\tand\nnewline'],
  ])('%j → %j', (input, output) => {
    expect(revealInvisible(input)).toBe(output);
  });

  it.each([
    ['an emoji ZWJ sequence', 'dev \u{1F469}\u200D\u{1F4BB} team'],
    ['a ZWJ sequence after a skin tone', '\u{1F44B}\u{1F3FD}\u200D\u{2642}\u{FE0F}'],
    ['a subdivision flag', 'Go \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}!'],
    ['a Persian ZWNJ', 'می\u200Cخواهم'],
    ['a Devanagari ZWJ', 'क्\u200Dष'],
    ['right-to-left letters, which are text', 'שלום עולם'],
  ])('keeps %s', (_, text) => {
    expect(revealInvisible(text)).toBe(text);
  });

  it('reveals joiners that join nothing, even next to emoji or Persian', () => {
    expect(revealInvisible('\u200D\u{1F469}')).toBe('⟨U+200D⟩\u{1F469}');
    expect(revealInvisible('می\u200C ')).toBe('می⟨U+200C⟩ ');
    expect(revealInvisible('\u{E0067}\u{E007F}')).toBe('⟨U+E0067⟩⟨U+E007F⟩');
  });

  it('takes a custom rendering (the command line prints \\u{…})', () => {
    expect(revealInvisible('a\u202Eb', (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)).toBe(
      'a\\u{202e}b',
    );
  });
});

describe('splitInvisible', () => {
  it('cuts text into plain runs and named invisible characters', () => {
    expect(splitInvisible('x\u202E\u200By')).toEqual([
      { kind: 'text', text: 'x' },
      { kind: 'invisible', char: '\u202E', code: 'U+202E', name: 'right-to-left override' },
      { kind: 'invisible', char: '\u200B', code: 'U+200B', name: 'zero width space' },
      { kind: 'text', text: 'y' },
    ]);
    expect(splitInvisible('\u0007')[0]).toMatchObject({ name: 'control character' });
    expect(splitInvisible('plain')).toEqual([{ kind: 'text', text: 'plain' }]);
    expect(splitInvisible('')).toEqual([]);
  });

  it('labels code points with at least four hex digits', () => {
    expect(codePointLabel('\u0007')).toBe('U+0007');
    expect(codePointLabel('\u{E0041}')).toBe('U+E0041');
  });
});
