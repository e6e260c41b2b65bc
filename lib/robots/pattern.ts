/**
 * One robots.txt path pattern, compiled: `*` matches any run of bytes, a
 * final `$` anchors the end, every other byte (a `$` elsewhere too) is
 * literal. Matching is greedy over the literal pieces between stars — the
 * first piece must start the path, each later piece is found leftmost after
 * the one before, and an anchored last piece must end the path — which
 * answers what Google's position-set matcher answers in O(path) string
 * searches per rule instead of O(path × pattern) steps, so a file of
 * thousands of wildcard rules cannot stall a decision.
 */

import type { PathIndex } from './path-index.ts';

export interface CompiledPattern {
  /** The literal pieces between `*`s (first and last may be ''). */
  pieces: readonly string[];
  /** True when the pattern ends with `$`. */
  anchored: boolean;
}

export function compilePattern(pattern: string): CompiledPattern {
  const anchored = pattern.endsWith('$');
  return { pieces: (anchored ? pattern.slice(0, -1) : pattern).split('*'), anchored };
}

/**
 * Whether the pattern matches the path (both binary strings). With an index
 * of the path, a piece that does not occur after the current position ends
 * the match without a scan.
 */
export function patternMatchesPath(
  { pieces, anchored }: CompiledPattern,
  path: string,
  index?: PathIndex,
): boolean {
  const first = pieces[0]!;
  if (!path.startsWith(first)) return false;
  const last = pieces.length - 1;
  if (last === 0) return !anchored || path.length === first.length;
  let at = first.length;
  for (let i = 1; i < last; i++) {
    const piece = pieces[i]!;
    if (index && !index.occursFrom(piece, at)) return false;
    const found = path.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  const tail = pieces[last]!;
  if (anchored) return path.length - tail.length >= at && path.endsWith(tail);
  return index ? index.occursFrom(tail, at) : path.indexOf(tail, at) >= 0;
}

/** How many `*` a pattern has: what matching it costs, per byte of path. */
export function wildcardCount(pattern: string): number {
  let count = 0;
  for (let i = pattern.indexOf('*'); i >= 0; i = pattern.indexOf('*', i + 1)) count++;
  return count;
}
