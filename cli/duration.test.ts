import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.ts';

describe('durations on the command line', () => {
  it.each<[string, number | null]>([
    ['0', 0],
    ['50', 50],
    ['50ms', 50],
    ['15s', 15_000],
    ['1.5s', 1_500],
    ['2m', 120_000],
    ['2min', 120_000],
    ['1h', 3_600_000],
    [' 30 s ', 30_000],
    ['15S', 15_000],
    ['', null],
    ['s', null],
    ['-5s', null],
    ['1.5ms', null],
    ['5d', null],
    ['1e3', null],
    ['15 seconds', null],
  ])('%j → %s ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each<[number, string]>([
    [0, '0'],
    [50, '50ms'],
    [1_500, '1500ms'],
    [15_000, '15s'],
    [90_000, '90s'],
    [1_800_000, '30m'],
    [7_200_000, '2h'],
  ])('%d ms is written %s, and read back', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
    expect(parseDuration(text)).toBe(ms);
  });
});
