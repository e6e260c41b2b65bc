/** A first-in first-out queue over an array, its consumed slots dropped now and then. */
export class Fifo<T> {
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

  get size(): number {
    return this.#items.length - this.#head;
  }

  toArray(): T[] {
    return this.#items.slice(this.#head);
  }
}
