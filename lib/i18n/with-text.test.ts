import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeJsonChunks, stringifySafeJson } from '../text/safe-json.ts';
import { asWritten, phrase, type Phrase } from './phrase.ts';
import { textShaping, withText } from './with-text.ts';

const say = (p: Phrase) => `${p.key}(${JSON.stringify(p.values)})`;

/** A report-like value: phrases at every depth, in lists, inside phrases and beside plain data. */
const REPORT = {
  startUrl: 'https://example.test/',
  top: asWritten('at the top'),
  stats: { pages: 3, note: phrase('skip_not_reached', { why: 'page-limit' }) },
  broken: [
    { url: '/a', reason: asWritten('404'), foundOn: [{ page: '/', text: 'A' }] },
    { url: '/b', reason: phrase('skipped_rule', { rule: 'x', reason: asWritten('inner') }) },
  ],
  sitemap: { errors: [asWritten('one'), asWritten('two')], urls: 2 },
  empty: { errors: [] },
  deep: { a: { b: { c: asWritten('deep') } } },
  list: [[asWritten('in a list')], null, undefined],
};

describe('textShaping', () => {
  const shaped = (value: unknown, levels: number) =>
    [...safeJsonChunks(value, 2, levels, textShaping(say))].join('');

  it('writes in pieces exactly the JSON of withText, at any depth of pieces', () => {
    for (const levels of [0, 1, 2, 3, 6])
      expect(shaped(REPORT, levels)).toBe(stringifySafeJson(withText(REPORT, say), 2));
  });

  it('words a phrase member and keeps its phrase beside it; a phrase inside a phrase stays', () => {
    const json = JSON.parse(shaped(REPORT, 2)) as typeof REPORT & Record<string, unknown>;
    expect(json.top).toBe('text_as_written({"text":"at the top"})');
    expect(json.topPhrase).toEqual(asWritten('at the top'));
    expect(json.broken[1]).toMatchObject({
      reasonPhrase: { values: { reason: asWritten('inner') } },
    });
    expect(json.sitemap).toMatchObject({ errorPhrases: [asWritten('one'), asWritten('two')] });
  });

  it('matches withText for any data with phrases in it (property)', () => {
    const aPhrase = fc.record({ text: fc.string() }).map(({ text }) => asWritten(text) as unknown);
    const data = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.constant(null),
        aPhrase,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('errors', 'reason', 'url', 'x'), tie('value'), {
          maxKeys: 4,
        }),
      ),
    })).value;
    fc.assert(
      fc.property(data, fc.integer({ min: 0, max: 4 }), (value, levels) => {
        expect(shaped(value, levels)).toBe(stringifySafeJson(withText(value, say), 2));
      }),
      { numRuns: 500 },
    );
  });
});
