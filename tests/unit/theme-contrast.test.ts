/**
 * The theme's colours in light and dark: every pair of text and background
 * colour the pages use reaches 4.5:1 (WCAG AA for text), and the pages'
 * CSS takes its text colours from the theme only, so no colour escapes the
 * dark theme. The browser tests run axe on the views they show; this covers
 * every state of every page, shown or not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(path.resolve(file), 'utf8');
const THEME = read('components/theme.css');
const PAGE_CSS = ['entrypoints/popup/style.css', 'entrypoints/report/style.css'];

/** The custom properties of the first `:root { … }` in `css`. */
function variables(css: string): Map<string, string> {
  const block = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
  return new Map(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

const light = variables(THEME);
const darkBlock = /@media \(prefers-color-scheme: dark\)\s*{([\s\S]*?)\n}/.exec(THEME)?.[1] ?? '';
const dark = new Map([...light, ...variables(darkBlock)]);

function luminance(hex: string): number {
  const channel = (i: number) => {
    const value = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** Text colour → the backgrounds it is drawn on somewhere in the pages. */
const PAIRS: Record<string, string[]> = {
  fg: ['bg', 'code-bg', 'yes-bg', 'no-bg'],
  muted: ['bg', 'code-bg'],
  'yes-fg': ['bg', 'yes-bg'],
  'no-fg': ['bg', 'no-bg', 'code-bg'],
  'warn-fg': ['bg', 'code-bg'],
  // Links, link buttons and the sort mark of a table head.
  focus: ['bg', 'code-bg'],
};

describe('theme colours', () => {
  it('reads both themes from components/theme.css', () => {
    expect(light.get('bg')).toBe('#ffffff');
    expect(dark.get('bg')).not.toBe(light.get('bg'));
    for (const name of Object.keys(PAIRS)) expect(dark.get(name)).not.toBe(light.get(name));
  });

  for (const [scheme, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`gives text 4.5:1 or more in the ${scheme} theme`, () => {
      const low: string[] = [];
      for (const [text, backgrounds] of Object.entries(PAIRS)) {
        for (const background of backgrounds) {
          const ratio = contrast(theme.get(text)!, theme.get(background)!);
          if (ratio < 4.5) low.push(`--${text} on --${background}: ${ratio.toFixed(2)}:1`);
        }
      }
      expect(low).toEqual([]);
    });
  }

  it('is the only source of text colours in the pages', () => {
    for (const file of PAGE_CSS) {
      const literal = [...read(file).matchAll(/(?<![-\w])color:\s*([^;]+);/g)]
        .map((m) => m[1]!.trim())
        .filter((value) => !/^var\(--[\w-]+\)$/.test(value) && value !== 'inherit');
      expect(literal, file).toEqual([]);
    }
  });
});
