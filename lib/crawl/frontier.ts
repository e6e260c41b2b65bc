/**
 * The crawl frontier, its only queue: URLs waiting to be fetched, one FIFO
 * queue per origin (partitioning by host, the spec's path to scale), served
 * in turns so a slow or large origin never starves another (which origin
 * may be served now is politeness.ts's call). Breadth-first within each
 * origin, because entries are appended in the order links are found.
 */
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

class Fifo<T> {
  #items: T[] = [];

  constructor(readonly origin: string) {}

  #head = 0;

  push(item: T): void {
    this.#items.push(item);
  }

  shift(): T | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head++];
    // Drop consumed slots now and then, so a long crawl does not keep them all.
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  get size(): number {
    return this.#items.length - this.#head;
  }

  toArray(): T[] {
    return this.#items.slice(this.#head);
  }
}

export class Frontier {
  readonly #queues = new Map<string, Fifo<FrontierEntry>>();
  /** Waiting entries by URL, so a later link can change how one is fetched (see CrawlBook.wantPage). */
  readonly #byUrl = new Map<string, FrontierEntry>();
  /** Origins with waiting entries, in turn order: an origin that was served goes to the back. */
  readonly #turns = new Set<string>();
  #size = 0;

  push(entry: FrontierEntry): void {
    let queue = this.#queues.get(entry.origin);
    if (!queue) {
      queue = new Fifo(entry.origin);
      this.#queues.set(entry.origin, queue);
    }
    // Every entry's origin is a string of its own (read off its URL): one shared copy per
    // origin saves ~40 bytes a waiting URL, and most of a big crawl's URLs are waiting.
    entry.origin = queue.origin;
    queue.push(entry);
    this.#turns.add(entry.origin);
    this.#byUrl.set(entry.url, entry);
    this.#size++;
  }

  /** The waiting entry for `url`, if any (the same object the queue holds). */
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
    const entry = queue?.shift();
    if (queue === undefined || entry === undefined) return undefined;
    this.#turns.delete(origin);
    if (queue.size > 0) this.#turns.add(origin);
    else this.#queues.delete(origin);
    this.#size--;
    this.#byUrl.delete(entry.url);
    return entry;
  }

  /** Removes and returns every waiting entry matching `predicate`. */
  drain(predicate: (entry: FrontierEntry) => boolean): FrontierEntry[] {
    const drained: FrontierEntry[] = [];
    for (const [origin, queue] of this.#queues) {
      const kept = new Fifo<FrontierEntry>(origin);
      for (const entry of queue.toArray()) {
        if (predicate(entry)) {
          drained.push(entry);
          this.#byUrl.delete(entry.url);
        } else kept.push(entry);
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
    return [...this.#queues.values()].flatMap((queue) => queue.toArray());
  }

  static fromJSON(entries: readonly FrontierEntry[]): Frontier {
    const frontier = new Frontier();
    for (const entry of entries) frontier.push(entry);
    return frontier;
  }
}
