import { describe, expect, it } from 'vitest';
import { parseDirectives } from './directives.ts';
import { mergeRules, rulesOf, type RobotsRules } from './robots-rules.ts';

const merged = (...lists: string[]): RobotsRules =>
  lists.map((text) => rulesOf(parseDirectives(text).directives)).reduce((a, b) => mergeRules(a, b));

describe('mergeRules: the most restrictive wins', () => {
  it.each<[string[], Partial<RobotsRules>]>([
    [['index', 'noindex'], { index: true, noindex: true }],
    [['all', 'none'], { noindex: true, nofollow: true }],
    [['max-snippet:-1', 'max-snippet:100'], { maxSnippet: 100 }],
    [['max-snippet:100', 'max-snippet:-1'], { maxSnippet: 100 }],
    [['max-snippet:-1', ''], { maxSnippet: -1 }],
    [['max-snippet:0', 'max-snippet:20'], { maxSnippet: 0 }],
    [['max-video-preview:-1', 'max-video-preview:5'], { maxVideoPreview: 5 }],
    [['max-image-preview:large', 'max-image-preview:none'], { maxImagePreview: 'none' }],
    [['max-image-preview:standard', ''], { maxImagePreview: 'standard' }],
    [
      ['unavailable_after: 2030-01-01', 'unavailable_after: 2025-01-01'],
      { unavailableAfterMs: Date.parse('2025-01-01T00:00:00Z') },
    ],
    [
      ['noarchive', 'nosnippet, notranslate'],
      { noarchive: true, nosnippet: true, notranslate: true },
    ],
  ])('%j', (lists, expected) => {
    expect(merged(...lists)).toMatchObject(expected);
  });
});
