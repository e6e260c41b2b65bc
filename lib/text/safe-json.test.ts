import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeJsonChunks, stringifySafeJson } from './safe-json.ts';

const HOSTILE = {
  title: '\u001B[2J\u001B]8;;https://evil.test\u001B\\click\u001B]8;;\u001B\\',
  csi: 'a\u009B2Jb',
  bidi: '\u202Etxt.exe',
  separators: 'x\u2028y\u2029z\u0085',
  tag: 'flag\u{E0001}',
  del: 'd\u007F',
};

describe('stringifySafeJson', () => {
  it('writes no control or invisible character raw, and reads back the same', () => {
    for (const indent of [undefined, 2]) {
      const json = stringifySafeJson(HOSTILE, indent);
      expect(json).not.toMatch(/(?!\n)[\p{Cc}\u2028\u2029\u202E]/u);
      expect(json).not.toMatch(/[\u{E0000}-\u{E007F}]/u);
      expect(JSON.parse(json)).toEqual(HOSTILE);
    }
  });

  it('uses \\u escapes (surrogate pairs beyond U+FFFF)', () => {
    const json = stringifySafeJson(HOSTILE);
    expect(json).toContain('a\\u009b2Jb');
    expect(json).toContain('\\u202etxt.exe');
    expect(json).toContain('\\u001b[2J');
    expect(json).toContain('flag\\udb40\\udc01');
    expect(json).toContain('d\\u007f');
  });

  it('keeps the layout and plain text, emoji joiners included, as JSON.stringify writes them', () => {
    const plain = { a: [1, 'two'], b: { c: 'é 한국어' } };
    expect(stringifySafeJson(plain, 2)).toBe(JSON.stringify(plain, null, 2));
    expect(JSON.parse(stringifySafeJson({ e: '👩\u200D💻' }))).toEqual({ e: '👩\u200D💻' });
  });
});

describe('safeJsonChunks', () => {
  const joined = (value: unknown, indent?: number, levels?: number) =>
    [...safeJsonChunks(value, indent, levels)].join('');

  it('writes, in pieces, exactly what stringifySafeJson writes', () => {
    const values: unknown[] = [
      HOSTILE,
      { ...HOSTILE, list: [HOSTILE, [], {}, [[]], [{}], null, 0, -1.5, true, 'é 한국어'] },
      { skipped: undefined, fn: () => 1, [Symbol('s')]: 1, kept: 1 },
      [undefined, () => 1, Symbol('s'), 'kept'],
      { date: new Date(0), nested: { date: new Date(1), deep: { deeper: [1, { x: 2 }] } } },
      { '\u202Ekey': { '\u0085': ['\u2028'] } },
      { withToJson: { toJSON: () => ({ a: [1, 2] }) } },
      [],
      {},
      'text\u202E',
      42,
      null,
      undefined,
      { pages: Array.from({ length: 50 }, (_, i) => ({ url: `/p${i}`, links: [i, i + 1] })) },
    ];
    for (const value of values)
      for (const indent of [0, 2, 4])
        for (const levels of [0, 1, 2, 5])
          expect(joined(value, indent, levels)).toBe(stringifySafeJson(value, indent));
  });

  it('writes what stringifySafeJson writes for any value (property)', () => {
    const anything = fc.anything({
      withBoxedValues: true,
      withDate: true,
      withNullPrototype: true,
      withSparseArray: true,
      withUnicodeString: true,
      withObjectString: true,
      maxDepth: 4,
    });
    fc.assert(
      fc.property(anything, fc.integer({ min: 0, max: 4 }), (value, levels) => {
        expect(joined(value, 2, levels)).toBe(stringifySafeJson(value, 2));
      }),
      { numRuns: 500 },
    );
  });

  it('writes a big array member by member, none holding the whole', () => {
    const report = { pages: Array.from({ length: 1_000 }, (_, i) => ({ url: `/p${i}` })) };
    const chunks = [...safeJsonChunks(report)];
    expect(chunks.length).toBeGreaterThan(1_000);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(100);
  });
});
