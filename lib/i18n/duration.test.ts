import { describe, expect, it } from 'vitest';
import { durationPhrase, type DurationStyle } from './duration.ts';
import { english } from '../../components/english.ts';

describe('durationPhrase', () => {
  it.each<[DurationStyle, number, string]>([
    ['wait', 45_000, '45 s'],
    ['wait', 20 * 60_000, '20 min'],
    ['wait', 5 * 3_600_000, '5 h'],
    ['wait', 12 * 86_400_000, '12 days'],
    ['wait', 7_974 * 365.25 * 86_400_000, '7,974 years'],
    ['limit', 1_500, '1.5 s'],
    ['limit', 3_000, '3 s'],
    ['limit', 120_000, '2 min'],
    ['elapsed', 850, '850 ms'],
    ['elapsed', 42_000, '42 s'],
    ['elapsed', 185_000, '3 min 5 s'],
    ['elapsed', 130 * 60_000, '2 h 10 min'],
    ['lifetime', 5 * 60_000, '5 min'],
    ['lifetime', 2 * 3_600_000, '2 h'],
    ['lifetime', 90 * 60_000, '1 h 30 min'],
    ['lifetime', -1, '0 min'],
  ])('%s %d ms: %s', (style, ms, text) => {
    expect(english(durationPhrase(ms, style))).toBe(text);
  });
});
