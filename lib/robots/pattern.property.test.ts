import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProperty } from '../../tests/support/properties.ts';
import { buildPathIndex } from './path-index.ts';
import { compilePattern, patternMatchesPath } from './pattern.ts';

/**
 * The matching rule as RFC 9309 §2.2.3 states it, by positions: after each
 * pattern byte, the set of path prefixes it can match; `*` extends to every
 * later position; a final `$` needs the end of the path.
 */
function byPositions(pattern: string, path: string): boolean {
  let positions = new Set([0]);
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '$' && i === pattern.length - 1) return positions.has(path.length);
    const next = new Set<number>();
    if (c === '*') {
      const from = Math.min(...positions);
      for (let p = from; p <= path.length; p++) next.add(p);
    } else for (const p of positions) if (path[p] === c) next.add(p + 1);
    if (next.size === 0) return false;
    positions = next;
  }
  return true;
}

const small = (chars: string, max: number) =>
  fc.array(fc.constantFrom(...chars), { maxLength: max }).map((a) => a.join(''));

describe('pattern matching (greedy pieces, with and without the path index)', () => {
  it('answers what the position-set definition answers', () => {
    checkProperty(
      fc.property(small('ab*$/', 10), small('ab$/', 14), (pattern, path) => {
        const compiled = compilePattern(pattern);
        const expected = byPositions(pattern, path);
        expect(patternMatchesPath(compiled, path)).toBe(expected);
        expect(patternMatchesPath(compiled, path, buildPathIndex(path))).toBe(expected);
      }),
      5000,
    );
  });

  it('the path index finds every piece at or after a position, and nothing else', () => {
    checkProperty(
      fc.property(small('abc', 30), small('abc', 4), fc.nat(31), (path, piece, from) => {
        const expected = path.indexOf(piece, from) >= 0 && (piece !== '' || from <= path.length);
        expect(buildPathIndex(path).occursFrom(piece, from)).toBe(expected);
      }),
      5000,
    );
  });
});
