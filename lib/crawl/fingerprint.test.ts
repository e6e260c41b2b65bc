import { describe, expect, it } from 'vitest';
import { fingerprintPage, Hash64, TextHasher } from './fingerprint.ts';

describe('Hash64', () => {
  it('gives 16 hex characters, the same however the input is split', () => {
    expect(new Hash64().update('').digest()).toMatch(/^[0-9a-f]{16}$/);
    expect(new Hash64().update('hel').update('lo').digest()).toBe(
      new Hash64().update('hello').digest(),
    );
    expect(new Hash64().update('hello').digest()).not.toBe(new Hash64().update('hellp').digest());
  });

  it('is pinned: stored fingerprints (checkpoints, re-crawls) must compare across releases', () => {
    expect(new Hash64().update('hello').digest()).toMatchInlineSnapshot(`"bfb06f3a63cd7226"`);
  });

  it('spreads nearby inputs over many values', () => {
    const digests = new Set(
      Array.from({ length: 10_000 }, (_, i) => new Hash64().update(`page ${i}`).digest()),
    );
    expect(digests.size).toBe(10_000);
  });
});

describe('TextHasher', () => {
  const hash = (...chunks: string[]) => {
    const hasher = new TextHasher();
    for (const chunk of chunks) hasher.add(chunk);
    return hasher.digest();
  };

  it.each<[string[], string]>([
    [['  a  b  '], 'a b'],
    [['a', ' ', 'b'], 'a b'],
    [['a\n\t', '\r b'], 'a b'],
    [['', 'ab', ''], 'ab'],
  ])('%j hashes like %j', (chunks, collapsed) => {
    expect(hash(...chunks)).toBe(new Hash64().update(collapsed).digest());
  });
});

describe('fingerprintPage', () => {
  const page = (body: string) =>
    `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;

  it('ignores markup, attributes, comments, scripts, styles and whitespace', () => {
    const a = fingerprintPage(page('<p class="x">Hello <b>world</b></p>'));
    const b = fingerprintPage(
      page(
        '<div id="csrf-123"  data-t="1700000000"><!-- built 12:00 -->Hello\n  <i>world</i><script>var t=1;</script><style>p{}</style></div>',
      ),
    );
    expect(b.text).toBe(a.text);
  });

  it('changes with the visible text', () => {
    expect(fingerprintPage(page('Hello')).text).not.toBe(fingerprintPage(page('Hullo')).text);
  });

  it('same text, different links: text matches, withLinks does not', () => {
    const a = fingerprintPage(page('<a href="/a">Next</a>'));
    const b = fingerprintPage(page('<a href="/b">Next</a>'));
    expect(b.text).toBe(a.text);
    expect(b.withLinks).not.toBe(a.withLinks);
  });

  it('a symlink alias (same bytes) matches on both', () => {
    const html = page('<a href="sub/">Sub</a><img src="x.png">');
    expect(fingerprintPage(html)).toEqual(fingerprintPage(html));
  });

  it('link order and link boundaries count', () => {
    const ab = fingerprintPage(page('<a href="/a"></a><a href="/b"></a>'));
    const ba = fingerprintPage(page('<a href="/b"></a><a href="/a"></a>'));
    const joined = fingerprintPage(page('<a href="/a/b"></a>'));
    expect(new Set([ab.withLinks, ba.withLinks, joined.withLinks]).size).toBe(3);
  });

  it('never throws on malformed HTML', () => {
    expect(() => fingerprintPage('<a href="x"<<script>')).not.toThrow();
  });
});
