import { describe, expect, it } from 'vitest';
import { stringifySafeJson } from './safe-json.ts';

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
