/**
 * An index of one URL path, for files with many wildcard rules: a suffix
 * automaton that tells in O(piece) steps whether a literal piece of a
 * pattern occurs in the path starting at or after a position, so a rule
 * that cannot match is rejected without scanning the path. Built in O(path)
 * once per decision, and only when rules × path length make it pay.
 */

export interface PathIndex {
  /** True when `piece` occurs in the path at a start index ≥ `from`. */
  occursFrom(piece: string, from: number): boolean;
}

export function buildPathIndex(path: string): PathIndex {
  // A compact alphabet: the distinct bytes of the path (a piece with any other byte never occurs).
  const letter = new Int16Array(256).fill(-1);
  let letters = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i) & 0xff;
    if (letter[c] === -1) letter[c] = letters++;
  }
  const capacity = 2 * path.length + 2;
  const next = new Int32Array(capacity * Math.max(letters, 1)).fill(-1);
  const len = new Int32Array(capacity);
  const link = new Int32Array(capacity).fill(-1);
  const lastEnd = new Int32Array(capacity).fill(-1);
  let size = 1;
  let last = 0;
  for (let i = 0; i < path.length; i++) {
    const c = letter[path.charCodeAt(i) & 0xff]!;
    const cur = size++;
    len[cur] = len[last]! + 1;
    lastEnd[cur] = i;
    let p = last;
    while (p !== -1 && next[p * letters + c] === -1) {
      next[p * letters + c] = cur;
      p = link[p]!;
    }
    if (p === -1) link[cur] = 0;
    else {
      const q = next[p * letters + c]!;
      if (len[p]! + 1 === len[q]) link[cur] = q;
      else {
        const clone = size++;
        len[clone] = len[p]! + 1;
        next.copyWithin(clone * letters, q * letters, (q + 1) * letters);
        link[clone] = link[q]!;
        while (p !== -1 && next[p * letters + c] === q) {
          next[p * letters + c] = clone;
          p = link[p]!;
        }
        link[q] = clone;
        link[cur] = clone;
      }
    }
    last = cur;
  }
  // A state's last end is the latest among the states whose suffix link leads to it:
  // visit states longest first (a counting sort by length).
  const byLength = new Int32Array(path.length + 2);
  for (let v = 0; v < size; v++) byLength[len[v]! + 1]!++;
  for (let l = 1; l < byLength.length; l++) byLength[l]! += byLength[l - 1]!;
  const order = new Int32Array(size);
  for (let v = 0; v < size; v++) order[byLength[len[v]!]!++] = v;
  for (let k = size - 1; k > 0; k--) {
    const v = order[k]!;
    const parent = link[v]!;
    if (parent >= 0 && lastEnd[v]! > lastEnd[parent]!) lastEnd[parent] = lastEnd[v]!;
  }
  return {
    occursFrom(piece, from) {
      if (piece === '') return from <= path.length;
      let state = 0;
      for (let i = 0; i < piece.length; i++) {
        const code = piece.charCodeAt(i);
        const c = code < 256 ? letter[code]! : -1;
        if (c === -1) return false;
        state = next[state * letters + c]!;
        if (state === -1) return false;
      }
      return lastEnd[state]! - piece.length + 1 >= from;
    },
  };
}
