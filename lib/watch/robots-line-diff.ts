/**
 * robots.txt old against new, line by line: a longest-common-subsequence
 * diff, the way a reader expects (`-`/`+` lines with their numbers). The
 * common head and tail are matched first (a deploy usually touches a few
 * lines); a middle too large for the quadratic table is shown as all
 * removed then all added rather than costing seconds.
 */
import type { RobotsLineDiff } from './types.ts';

/** Cells of the LCS table at most (old lines × new lines of the differing middle). */
export const MAX_DIFF_CELLS = 4_000_000;

/** The lines of a file as robots.txt counts them (any line end); no file, no lines. */
export function robotsLines(text: string | null): string[] {
  if (text === null || text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  // A final line end ends the last line; it does not start an empty one.
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Old file against new file, every line once: kept, removed or added, in reading order. */
export function robotsLineDiff(before: string | null, after: string | null): RobotsLineDiff[] {
  const old = robotsLines(before);
  const now = robotsLines(after);
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < now.length - head &&
    old[old.length - 1 - tail] === now[now.length - 1 - tail]
  ) {
    tail++;
  }
  const out: RobotsLineDiff[] = [];
  for (let i = 0; i < head; i++) out.push(kept(old[i]!, i, i));
  middle(old, now, head, tail, out);
  for (let k = tail; k > 0; k--)
    out.push(kept(old[old.length - k]!, old.length - k, now.length - k));
  return out;
}

/** The lines between the common head and tail. */
function middle(old: string[], now: string[], head: number, tail: number, out: RobotsLineDiff[]) {
  const n = old.length - head - tail;
  const m = now.length - head - tail;
  if (n * m > MAX_DIFF_CELLS) {
    for (let i = 0; i < n; i++) out.push(removed(old[head + i]!, head + i));
    for (let j = 0; j < m; j++) out.push(added(now[head + j]!, head + j));
    return;
  }
  // lcs[i * (m + 1) + j]: LCS length of old[head+i..] and now[head+j..].
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        old[head + i] === now[head + j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (old[head + i] === now[head + j]) {
      out.push(kept(old[head + i]!, head + i, head + j));
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      out.push(removed(old[head + i]!, head + i));
      i++;
    } else {
      out.push(added(now[head + j]!, head + j));
      j++;
    }
  }
  for (; i < n; i++) out.push(removed(old[head + i]!, head + i));
  for (; j < m; j++) out.push(added(now[head + j]!, head + j));
}

// Indexes are 0-based here, line numbers 1-based in the diff.
const kept = (text: string, i: number, j: number): RobotsLineDiff => ({
  op: 'kept',
  oldLine: i + 1,
  newLine: j + 1,
  text,
});
const removed = (text: string, i: number): RobotsLineDiff => ({
  op: 'removed',
  oldLine: i + 1,
  newLine: null,
  text,
});
const added = (text: string, j: number): RobotsLineDiff => ({
  op: 'added',
  oldLine: null,
  newLine: j + 1,
  text,
});
