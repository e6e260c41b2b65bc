import { describe, expect, it } from 'vitest';
import { Frontier, type FrontierEntry } from './frontier.ts';

/** The next entry of the origin whose turn it is, as the crawl's loop takes it when politeness allows. */
const takeNext = (frontier: Frontier): FrontierEntry | undefined => {
  for (const origin of frontier.origins()) return frontier.takeFrom(origin);
  return undefined;
};

const entry = (url: string, depth = 0): FrontierEntry => ({
  url,
  origin: new URL(url).origin,
  depth,
  internal: true,
  method: 'GET',
  referrer: null,
});

describe('Frontier', () => {
  it('is FIFO within an origin and round-robin across origins', () => {
    const frontier = new Frontier();
    for (const url of ['http://a/1', 'http://a/2', 'http://a/3', 'http://b/1', 'http://b/2'])
      frontier.push(entry(url));
    const order: string[] = [];
    for (let e = takeNext(frontier); e; e = takeNext(frontier)) order.push(e.url);
    expect(order).toEqual(['http://a/1', 'http://b/1', 'http://a/2', 'http://b/2', 'http://a/3']);
    expect(frontier.size).toBe(0);
  });

  it('skips origins the caller cannot serve now', () => {
    const frontier = new Frontier();
    frontier.push(entry('http://a/1'));
    frontier.push(entry('http://b/1'));
    expect([...frontier.origins()]).toEqual(['http://a', 'http://b']);
    expect(frontier.takeFrom('http://b')?.url).toBe('http://b/1');
    expect(frontier.takeFrom('http://b')).toBeUndefined();
    expect([...frontier.origins()]).toEqual(['http://a']);
    expect(frontier.size).toBe(1);
  });

  it('drains matching entries and survives a JSON round trip', () => {
    const frontier = new Frontier();
    for (let i = 0; i < 5; i++) frontier.push(entry(`http://a/${i}`, i));
    expect(frontier.drain((e) => e.depth >= 3).map((e) => e.url)).toEqual([
      'http://a/3',
      'http://a/4',
    ]);
    const copy = Frontier.fromJSON(JSON.parse(JSON.stringify(frontier)) as FrontierEntry[]);
    expect(copy.size).toBe(3);
    expect(takeNext(copy)?.url).toBe('http://a/0');
  });

  it('keeps memory bounded while consuming a long queue', () => {
    const frontier = new Frontier();
    for (let i = 0; i < 50_000; i++) frontier.push(entry(`http://a/${i}`));
    for (let i = 0; i < 49_999; i++) takeNext(frontier);
    expect(frontier.toJSON()).toHaveLength(1);
  });
});
