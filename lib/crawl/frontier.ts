/**
 * The crawl frontier, its only queue: URLs waiting to be fetched, one FIFO
 * queue per origin (partitioning by host, the spec's path to scale), served
 * in turns so a slow or large origin never starves another (which origin
 * may be served now is politeness.ts's call). Breadth-first within each
 * origin, because entries are appended in the order links are found.
 *
 * An entry may wait packed (packed-urls.ts): the queue then holds its
 * URL only, and the owner of the packed entries unpacks it when its turn
 * comes (see `usePacked`).
 */
import { Fifo } from './fifo.ts';

export interface FrontierEntry {
  url: string;
  origin: string;
  /** Links followed from a start URL. */
  depth: number;
  internal: boolean;
  method: 'GET' | 'HEAD';
  /** The page the first link to it was found on (sent as Referer); null for start URLs. */
  referrer: string | null;
}

/** An origin's queue. */
class OriginQueue<T> extends Fifo<T> {
  constructor(readonly origin: string) {
    super();
  }
}

/** Unpacks a packed entry (the queue holds its URL): `take` when its turn comes, `peek` to read it. */
export interface PackedEntries {
  take(url: string, origin: string): FrontierEntry;
  peek(url: string, origin: string): FrontierEntry;
}

/** A queue item: an entry, or the URL of a packed one. */
type Item = FrontierEntry | string;

export class Frontier {
  readonly #queues = new Map<string, OriginQueue<Item>>();
  /**
   * Waiting entries held as objects, by URL, so a later link can change how
   * one is fetched (see CrawlBook.wantPage); an entry unpacked before its
   * turn (see `unpacked`) is here while the queue still holds its URL.
   */
  readonly #byUrl = new Map<string, FrontierEntry>();
  /** Origins with waiting entries, in turn order: an origin that was served goes to the back. */
  readonly #turns = new Set<string>();
  #size = 0;
  #packed: PackedEntries | null = null;

  /** Where packed entries are unpacked from (see pushPacked). */
  usePacked(packed: PackedEntries): void {
    this.#packed = packed;
  }

  push(entry: FrontierEntry): void {
    // Every entry's origin is a string of its own (read off its URL): one shared copy per
    // origin saves ~40 bytes a waiting URL, and most of a big crawl's URLs are waiting.
    entry.origin = this.#add(entry.origin, entry);
    this.#byUrl.set(entry.url, entry);
  }

  /** Queues a packed entry: the queue holds its URL (see usePacked). */
  pushPacked(url: string, origin: string): void {
    this.#add(origin, url);
  }

  /** A packed entry unpacked before its turn: held as an object from now on, its place kept. */
  unpacked(entry: FrontierEntry): void {
    entry.origin = this.#queues.get(entry.origin)?.origin ?? entry.origin;
    this.#byUrl.set(entry.url, entry);
  }

  /** Waiting entries held as objects (not packed). */
  get unpackedSize(): number {
    return this.#byUrl.size;
  }

  /** The waiting entry for `url` held as an object, if any (the same object the queue holds). */
  find(url: string): FrontierEntry | undefined {
    return this.#byUrl.get(url);
  }

  /** Origins with waiting entries, the one whose turn it is first. */
  origins(): Iterable<string> {
    return this.#turns;
  }

  /** The oldest entry of `origin`, which then goes to the back of the turn order. */
  takeFrom(origin: string): FrontierEntry | undefined {
    const queue = this.#queues.get(origin);
    const item = queue?.shift();
    if (queue === undefined || item === undefined) return undefined;
    this.#turns.delete(origin);
    if (queue.size > 0) this.#turns.add(origin);
    else this.#queues.delete(origin);
    this.#size--;
    const entry = this.#entryOf(item, queue.origin, 'take');
    this.#byUrl.delete(entry.url);
    return entry;
  }

  /** Removes and returns every waiting entry matching `predicate`. */
  drain(predicate: (entry: FrontierEntry) => boolean): FrontierEntry[] {
    const drained: FrontierEntry[] = [];
    for (const [origin, queue] of this.#queues) {
      const kept = new OriginQueue<Item>(origin);
      for (const item of queue.toArray()) {
        if (predicate(this.#entryOf(item, origin, 'peek'))) {
          const entry = this.#entryOf(item, origin, 'take');
          drained.push(entry);
          this.#byUrl.delete(entry.url);
        } else kept.push(item);
      }
      if (kept.size > 0) this.#queues.set(origin, kept);
      else {
        this.#queues.delete(origin);
        this.#turns.delete(origin);
      }
    }
    this.#size -= drained.length;
    return drained;
  }

  get size(): number {
    return this.#size;
  }

  toJSON(): FrontierEntry[] {
    return [...this.#queues.values()].flatMap((queue) =>
      queue.toArray().map((item) => this.#entryOf(item, queue.origin, 'peek')),
    );
  }

  /** Adds an item to its origin's queue; gives the origin string the queue keeps. */
  #add(origin: string, item: Item): string {
    let queue = this.#queues.get(origin);
    if (!queue) {
      queue = new OriginQueue<Item>(origin);
      this.#queues.set(origin, queue);
    }
    queue.push(item);
    this.#turns.add(queue.origin);
    this.#size++;
    return queue.origin;
  }

  #entryOf(item: Item, origin: string, use: 'take' | 'peek'): FrontierEntry {
    if (typeof item !== 'string') return item;
    return this.#byUrl.get(item) ?? this.#packed![use](item, origin);
  }

  static fromJSON(entries: readonly FrontierEntry[]): Frontier {
    const frontier = new Frontier();
    for (const entry of entries) frontier.push(entry);
    return frontier;
  }
}
