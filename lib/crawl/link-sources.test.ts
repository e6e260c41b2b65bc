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

  it('survives a JSON round trip', () => {
    const sources = new LinkSources();
    sources.add('http://e/a', from('http://e/', 'A'));
    sources.settle('http://e/b', true);
    const copy = LinkSources.fromJSON(JSON.parse(JSON.stringify(sources)));
    expect(copy.get('http://e/a').sources[0]!.text).toBe('A');
    for (let i = 0; i < 5; i++) copy.add('http://e/b', from(`http://e/${i}`));
    expect(copy.get('http://e/b').sources).toHaveLength(3);
  });
});
