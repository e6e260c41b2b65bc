import { describe, expect, it } from 'vitest';
import { LinkGraph } from './link-graph.ts';

describe('LinkGraph', () => {
  it('reads every URL of a checkpoint through `kept`, and reads the same notes', () => {
    const graph = new LinkGraph();
    graph.noteLink('http://e/', 'http://e/a');
    graph.noteLink('http://e/b', 'http://e/a');
    graph.noteFollowed('http://e/a');
    const saved = JSON.stringify(graph);
    const asked = new Set<string>();
    const copy = LinkGraph.fromJSON(JSON.parse(saved), (url) => (asked.add(url), url));
    expect([...asked].sort()).toEqual(['http://e/', 'http://e/a', 'http://e/b']);
    expect(JSON.stringify(copy)).toBe(saved);
    expect(copy.linkedFrom('http://e/a')).toEqual({ count: 2, pages: ['http://e/', 'http://e/b'] });
    expect(copy.isFollowed('http://e/a')).toBe(true);
  });
});
