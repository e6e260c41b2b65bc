/**
 * The crawl frontier: URLs waiting to be fetched, one FIFO queue per origin
 * (partitioning by host, the spec's path to scale), taken round-robin so a
 * slow or large origin never starves another. Breadth-first within each
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

  peek(): T | undefined {
    return this.#items[this.#head];
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
  #rotation: string[] = [];
  #next = 0;
  #size = 0;

  push(entry: FrontierEntry): void {
    let queue = this.#queues.get(entry.origin);
    if (!queue) {
      queue = new Fifo();
      this.#queues.set(entry.origin, queue);
      this.#rotation.push(entry.origin);
    }
    queue.push(entry);
    this.#byUrl.set(entry.url, entry);
    this.#size++;
  }

  /** The waiting entry for `url`, if any (the same object the queue holds). */
  find(url: string): FrontierEntry | undefined {
    return this.#byUrl.get(url);
  }

  /** The next entry of the next origin (round-robin) for which `accept(origin, entry)` says yes. */
  take(accept: (origin: string, entry: FrontierEntry) => boolean): FrontierEntry | undefined {
    for (let tried = 0; tried < this.#rotation.length; tried++) {
      const origin = this.#rotation[(this.#next + tried) % this.#rotation.length]!;
      const queue = this.#queues.get(origin)!;
      const head = queue.peek();
      if (head === undefined || !accept(origin, head)) continue;
      this.#next = (this.#next + tried + 1) % this.#rotation.length;
      this.#size--;
      this.#byUrl.delete(head.url);
      return queue.shift();
    }
    return undefined;
  }

  /** Removes and returns every waiting entry matching `predicate`. */
  drain(predicate: (entry: FrontierEntry) => boolean): FrontierEntry[] {
    const drained: FrontierEntry[] = [];
    for (const [origin, queue] of this.#queues) {
      const kept = new Fifo<FrontierEntry>();
      for (const entry of queue.toArray()) {
        if (predicate(entry)) {
          drained.push(entry);
          this.#byUrl.delete(entry.url);
        } else kept.push(entry);
      }
      this.#queues.set(origin, kept);
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
