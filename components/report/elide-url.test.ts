import { describe, expect, it } from 'vitest';
import { elideUrl, URL_SHOWN_CHARS } from './elide-url.ts';

describe('elideUrl', () => {
  it('leaves a URL of ordinary length whole', () => {
    expect(elideUrl('https://example.com/a/b.html')).toBeNull();
    expect(elideUrl(`https://example.com/${'a'.repeat(URL_SHOWN_CHARS - 20)}`)).toBeNull();
  });

  it('shows a 3,000-character URL by its start and end, and loses nothing', () => {
    const url = `https://example.com/${'x'.repeat(2_960)}/end-of-it.html`;
    const parts = elideUrl(url)!;
    expect(parts.head.length + parts.tail.length).toBeLessThanOrEqual(URL_SHOWN_CHARS);
    expect(parts.head.startsWith('https://example.com/')).toBe(true);
    expect(parts.tail.endsWith('/end-of-it.html')).toBe(true);
    expect(parts.head + parts.middle + parts.tail).toBe(url);
  });

  it('never cuts a character in two', () => {
    const url = `https://example.com/${'😀'.repeat(300)}`;
    const parts = elideUrl(url)!;
    for (const part of [parts.head, parts.middle, parts.tail])
      expect(part).toBe(Array.from(part).join(''));
    expect(/[\uD800-\uDBFF]$/.test(parts.head)).toBe(false);
    expect(parts.head + parts.middle + parts.tail).toBe(url);
  });
});
