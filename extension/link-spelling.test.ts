import { describe, expect, it } from 'vitest';
import { urlAsLinked } from './link-spelling.ts';

describe('urlAsLinked: undoes the escapes Chromium adds to a linked URL', () => {
  it.each([
    ['http://e.com/%7Bid%7D/a%7Cb%5Ec%60d', 'http://e.com/{id}/a|b^c`d'],
    ["http://e.com/it's?q=%27x%27", "http://e.com/it's?q='x'"],
    ['http://e.com/it%27s', "http://e.com/it's"],
    // Escapes the author may have written stay: lower-case hex, space, quotes, brackets.
    ['http://e.com/a%7bb%20c%22d%3Ce', 'http://e.com/a%7bb%20c%22d%3Ce'],
    ['http://e.com/a#%7B', 'http://e.com/a#%7B'],
    ['http://e.com', 'http://e.com'],
  ])('%s → %s', (browser, linked) => {
    expect(urlAsLinked(browser)).toBe(linked);
  });
});
