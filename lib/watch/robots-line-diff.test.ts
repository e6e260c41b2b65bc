import { describe, expect, it } from 'vitest';
import { MAX_DIFF_CELLS, robotsLineDiff, robotsLines } from './robots-line-diff.ts';
import type { RobotsLineDiff } from './types.ts';

const k = (oldLine: number, newLine: number, text: string): RobotsLineDiff => ({
  op: 'kept',
  oldLine,
  newLine,
  text,
});
const r = (oldLine: number, text: string): RobotsLineDiff => ({
  op: 'removed',
  oldLine,
  newLine: null,
  text,
});
const a = (newLine: number, text: string): RobotsLineDiff => ({
  op: 'added',
  oldLine: null,
  newLine,
  text,
});

describe('robotsLines', () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ['', []],
    ['a', ['a']],
    ['a\n', ['a']],
    ['a\r\nb\rc\nd', ['a', 'b', 'c', 'd']],
    ['a\n\nb\n', ['a', '', 'b']],
    ['\n', ['']],
  ])('%j → %j', (text, lines) => {
    expect(robotsLines(text)).toEqual(lines);
  });
});

describe('robotsLineDiff', () => {
  it.each<[string, string | null, string | null, RobotsLineDiff[]]>([
    ['both absent', null, null, []],
    [
      'same file',
      'User-agent: *\nDisallow: /a\n',
      'User-agent: *\nDisallow: /a\n',
      [k(1, 1, 'User-agent: *'), k(2, 2, 'Disallow: /a')],
    ],
    [
      'a line added at the end (the fixture)',
      'User-agent: *\nDisallow: /tmp/\n',
      'User-agent: *\nDisallow: /tmp/\nDisallow: /archive/\n',
      [k(1, 1, 'User-agent: *'), k(2, 2, 'Disallow: /tmp/'), a(3, 'Disallow: /archive/')],
    ],
    [
      'a line removed in the middle',
      'User-agent: *\nDisallow: /a\nDisallow: /b\n',
      'User-agent: *\nDisallow: /b\n',
      [k(1, 1, 'User-agent: *'), r(2, 'Disallow: /a'), k(3, 2, 'Disallow: /b')],
    ],
    [
      'a line changed',
      'User-agent: *\nDisallow: /a\nAllow: /\n',
      'User-agent: *\nDisallow: /\nAllow: /\n',
      [k(1, 1, 'User-agent: *'), r(2, 'Disallow: /a'), a(2, 'Disallow: /'), k(3, 3, 'Allow: /')],
    ],
    [
      'lines moved: the longest common run is kept',
      'a\nb\nc\nd',
      'c\nd\na\nb',
      [r(1, 'a'), r(2, 'b'), k(3, 1, 'c'), k(4, 2, 'd'), a(3, 'a'), a(4, 'b')],
    ],
    [
      'the file appears',
      null,
      'User-agent: *\nDisallow: /',
      [a(1, 'User-agent: *'), a(2, 'Disallow: /')],
    ],
    ['the file goes (5xx)', 'User-agent: *\n', null, [r(1, 'User-agent: *')]],
    ['an empty file becomes one', '', 'Disallow: /', [a(1, 'Disallow: /')]],
    ['CRLF against LF: the same lines', 'a\r\nb\r\n', 'a\nb\n', [k(1, 1, 'a'), k(2, 2, 'b')]],
    ['old Mac CR line ends', 'a\rb', 'a\rc', [k(1, 1, 'a'), r(2, 'b'), a(2, 'c')]],
    ['a blank line added', 'a\nb', 'a\n\nb', [k(1, 1, 'a'), a(2, ''), k(2, 3, 'b')]],
    [
      'case matters in lines',
      'Disallow: /A',
      'Disallow: /a',
      [r(1, 'Disallow: /A'), a(1, 'Disallow: /a')],
    ],
  ])('%s', (_name, before, after, diff) => {
    expect(robotsLineDiff(before, after)).toEqual(diff);
  });

  it('shows every line of both files once, in order', () => {
    const before = 'x\na\nb\nx\nc\nd\ne';
    const after = 'a\nx\nc\ny\ne\nx';
    const diff = robotsLineDiff(before, after);
    expect(diff.filter((d) => d.op !== 'added').map((d) => d.text)).toEqual(before.split('\n'));
    expect(diff.filter((d) => d.op !== 'removed').map((d) => d.text)).toEqual(after.split('\n'));
    expect(diff.filter((d) => d.op === 'kept')).toHaveLength(4);
  });

  it('gives up the table for a huge middle: all removed, then all added, quickly', () => {
    const lines = Math.ceil(Math.sqrt(MAX_DIFF_CELLS)) + 10;
    const before = Array.from({ length: lines }, (_, i) => `Disallow: /old-${i}`).join('\n');
    const after = Array.from({ length: lines }, (_, i) => `Disallow: /new-${i}`).join('\n');
    const start = performance.now();
    const diff = robotsLineDiff(`User-agent: *\n${before}`, `User-agent: *\n${after}`);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(diff).toHaveLength(1 + 2 * lines);
    expect(diff[0]).toEqual(k(1, 1, 'User-agent: *'));
    expect(diff[1]).toEqual(r(2, 'Disallow: /old-0'));
    expect(diff[lines + 1]).toEqual(a(2, 'Disallow: /new-0'));
  });
});
