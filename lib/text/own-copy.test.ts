import { describe, expect, it } from 'vitest';
import { ownCopy } from './own-copy.ts';

describe('ownCopy', () => {
  it('gives back the same text, whatever it holds', () => {
    for (const text of [
      '',
      'short',
      '/a/long/link/to/a/page.html',
      'quote " back\\slash \u2028 \ud83d\ude00',
      '\u0000\u001f',
    ])
      expect(ownCopy(text)).toBe(text);
  });
});
