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

  it('keeps the place of packed entries, unpacking each when its turn comes, read or taken', () => {
    const packed = new Map<string, FrontierEntry>();
    const taken: string[] = [];
    const frontier = new Frontier();
    frontier.usePacked({
      take: (url, origin) => {
        taken.push(url);
        const found = packed.get(url)!;
        packed.delete(url);
        return { ...found, origin };
      },
      peek: (url, origin) => ({ ...packed.get(url)!, origin }),
    });
    const queue = (url: string, pack: boolean) => {
      if (!pack) return frontier.push(entry(url));
      packed.set(url, entry(url, 1));
      frontier.pushPacked(url, new URL(url).origin);
    };
    queue('http://a/1', false);
    queue('http://a/2', true);
    queue('http://b/1', true);
    queue('http://a/3', false);
    queue('http://a/4', true);
    expect(frontier.size).toBe(5);
    expect(frontier.unpackedSize).toBe(2);
    expect(frontier.find('http://a/2')).toBeUndefined();
    expect(frontier.toJSON().map((e) => `${e.url} ${e.depth}`)).toEqual([
      'http://a/1 0',
      'http://a/2 1',
      'http://a/3 0',
      'http://a/4 1',
      'http://b/1 1',
    ]);
    expect(taken).toEqual([]);
    // Unpacked before its turn (by its owner): held as an object, still in its place.
    const early = { ...packed.get('http://a/4')!, depth: 7 };
    packed.delete('http://a/4');
    frontier.unpacked(early);
    expect(frontier.find('http://a/4')).toBe(early);
    const order: string[] = [];
    for (let e = takeNext(frontier); e; e = takeNext(frontier)) order.push(`${e.url} ${e.depth}`);
    expect(order).toEqual([
      'http://a/1 0',
      'http://b/1 1',
      'http://a/2 1',
      'http://a/3 0',
      'http://a/4 7',
    ]);
    expect(taken).toEqual(['http://b/1', 'http://a/2']);
    expect(frontier.size).toBe(0);
    expect(frontier.unpackedSize).toBe(0);
  });
});
