import { describe, expect, it } from 'vitest';
import { BADGE_COLORS } from './badge.ts';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('badge colours', () => {
  it('keep the tiny badge text at 7:1 or more (WCAG AAA) on both verdicts', () => {
    expect(contrast(BADGE_COLORS.text, BADGE_COLORS.notIndexable)).toBeGreaterThanOrEqual(7);
    expect(contrast(BADGE_COLORS.text, BADGE_COLORS.indexable)).toBeGreaterThanOrEqual(7);
  });

  it('measure contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
  });
});
