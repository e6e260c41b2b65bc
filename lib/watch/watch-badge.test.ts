import { describe, expect, it } from 'vitest';
import { unseenWorseSites, watchBadgeText } from './watch-badge.ts';

const record = (total: number, seen: boolean) => ({ changes: { worse: { total } }, seen });

describe('the watched sites badge', () => {
  it.each([
    ['no record', [], 0],
    ['worse, unseen', [record(4, false)], 1],
    ['worse, seen', [record(4, true)], 0],
    ['better only (fixed links), unseen', [record(0, false)], 0],
    [
      'a site counts once however much got worse',
      [record(9, false), record(1, false), record(2, true), null],
      2,
    ],
  ])('%s → %i', (_name, records, count) => {
    expect(unseenWorseSites(records)).toBe(count);
  });

  it.each([
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
  ])('%i sites → %j', (count, text) => {
    expect(watchBadgeText(count)).toBe(text);
  });
});
