import { describe, expect, it } from 'vitest';
import { LinkSources } from './link-sources.ts';
import type { LinkSource } from './types.ts';

const from = (page: string, text = 'link'): LinkSource => ({
  page,
  element: 'a',
  attribute: 'href',
  text,
  raw: '/x',
});

describe('LinkSources', () => {
  it('keeps every distinct source of a URL whose outcome is unknown or bad', () => {
    const sources = new LinkSources();
    for (let i = 0; i < 10; i++) sources.add('http://e/x', from(`http://e/p${i}`));
    sources.add('http://e/x', from('http://e/p0'));
    sources.settle('http://e/x', false);
    expect(sources.get('http://e/x').count).toBe(11);
    expect(sources.get('http://e/x').sources).toHaveLength(10);
  });

  it('cuts a fine URL to a few sources but keeps counting', () => {
    const sources = new LinkSources();
    for (let i = 0; i < 10; i++) sources.add('http://e/ok', from(`http://e/p${i}`));
    sources.settle('http://e/ok', true);
    for (let i = 10; i < 20; i++) sources.add('http://e/ok', from(`http://e/p${i}`));
    expect(sources.get('http://e/ok')).toMatchObject({ count: 20 });
    expect(sources.get('http://e/ok').sources).toHaveLength(3);
  });

  it('reads every URL of a checkpoint through `kept`, and reads the same lists', () => {
    const sources = new LinkSources();
    sources.add('http://e/a', from('http://e/', 'A'));
    sources.add('http://e/a', from('http://e/p1', 'B'));
    sources.add('http://e/fine', from('http://e/p2'));
    sources.settle('http://e/fine', true);
    const saved = JSON.stringify(sources);
    const asked = new Set<string>();
    const copy = LinkSources.fromJSON(JSON.parse(saved), (url) => (asked.add(url), url));
    expect([...asked].sort()).toEqual(
      ['http://e/', 'http://e/a', 'http://e/fine', 'http://e/p1', 'http://e/p2'].sort(),
    );
    expect(JSON.stringify(copy)).toBe(saved);
  });

  it('survives a JSON round trip', () => {
    const sources = new LinkSources();
    sources.add('http://e/a', from('http://e/', 'A'));
    sources.settle('http://e/b', true);
    const copy = LinkSources.fromJSON(JSON.parse(JSON.stringify(sources)));
    expect(copy.get('http://e/a').sources[0]!.text).toBe('A');
    for (let i = 0; i < 5; i++) copy.add('http://e/b', from(`http://e/${i}`));
    expect(copy.get('http://e/b').sources).toHaveLength(3);
  });

  it('keeps every page that links a problem URL with its count, and only the first few links of each', () => {
    const sources = new LinkSources();
    // A table of contents links the page hundreds of times (each to another #fragment) …
    for (let i = 0; i < 746; i++)
      sources.add('http://e/changelog', {
        ...from('http://e/contents', `entry ${i}`),
        line: i + 1,
      });
    // … and many other pages link it once.
    for (let i = 0; i < 600; i++) sources.add('http://e/changelog', from(`http://e/p${i}`));
    sources.settle('http://e/changelog', false);
    const list = sources.get('http://e/changelog');
    expect(list.count).toBe(1346);
    expect(list.pages).toHaveLength(601);
    expect(list.pages![0]).toEqual(['http://e/contents', 746]);
    expect(list.sources.filter((s) => s.page === 'http://e/contents').map((s) => s.line)).toEqual([
      1, 2, 3,
    ]);
    expect(list.sources).toHaveLength(3 + 600);
  });

  it('keeps page counts across a JSON round trip, and reads checkpoints from before them', () => {
    const sources = new LinkSources();
    for (let i = 0; i < 5; i++) sources.add('http://e/x', from('http://e/a', `t${i}`));
    const copy = LinkSources.fromJSON(JSON.parse(JSON.stringify(sources)));
    copy.add('http://e/x', from('http://e/a', 'later'));
    expect(copy.get('http://e/x')).toMatchObject({ count: 6, pages: [['http://e/a', 6]] });
    expect(copy.get('http://e/x').sources).toHaveLength(3);
    const old = LinkSources.fromJSON({
      entries: [['http://e/y', { count: 3, sources: [from('http://e/a'), from('http://e/b')] }]],
      fine: [],
    });
    expect(old.get('http://e/y').pages).toEqual([
      ['http://e/a', 1],
      ['http://e/b', 1],
    ]);
  });

  it('counts a page that comes back after others, with few pages and with many', () => {
    for (const others of [2, 40]) {
      const sources = new LinkSources();
      const pages = Array.from({ length: others }, (_, i) => `http://e/p${i}`);
      // Each page links the URL twice, then every page again (a resume reads pages anew).
      for (const round of [0, 1])
        for (const page of pages)
          for (const n of [0, 1]) sources.add('http://e/x', from(page, `r${round} l${n}`));
      const list = sources.get('http://e/x');
      expect(list.count).toBe(others * 4);
      expect(list.pages).toEqual(pages.map((page) => [page, 4]));
      for (const page of pages)
        expect(list.sources.filter((s) => s.page === page).map((s) => s.text)).toEqual([
          'r0 l0',
          'r0 l1',
          'r1 l0',
        ]);
    }
  });
});
