import { describe, expect, it } from 'vitest';
import { LinkGraph, type LinkGraphJson } from './link-graph.ts';

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

  it('takes notes apart as it builds from them, keeping their lists of pages', () => {
    const graph = new LinkGraph();
    graph.noteLink('http://e/', 'http://e/a');
    graph.noteLink('http://e/b', 'http://e/a');
    graph.noteLink('http://e/a', 'http://e/b');
    graph.noteFollowed('http://e/a');
    graph.noteNofollow({ page: 'http://e/', url: 'http://e/c', text: 'c' });
    const saved = JSON.stringify(graph);
    const notes = JSON.parse(saved) as LinkGraphJson;
    const pagesOfA = notes.linkedFrom.find(([url]) => url === 'http://e/a')![2];
    const built = LinkGraph.fromUsedUpJSON(notes);
    expect(JSON.stringify(built)).toBe(saved);
    expect(built.isFollowed('http://e/a')).toBe(true);
    expect(built.nofollowLinkCount).toBe(1);
    // Nothing of the notes is left to hold the graph's entries twice; their lists became the graph's.
    expect(notes.linkedFrom).toEqual([]);
    expect(notes.followed).toEqual([]);
    expect(built.toJSON().linkedFrom.find(([url]) => url === 'http://e/a')![2]).toBe(pagesOfA);
  });
});
