/**
 * The URLs whose part of a crawl's state changed since a saver last took
 * them: what lets an incremental store (the extension's IndexedDB) write
 * only what changed. Off until a saver starts it, so a crawl saved whole
 * (the command line's state file) keeps no second set of every URL.
 */
export class ChangedUrls {
  #urls: Set<string> | null = null;

  /** From now on, marked URLs are kept until taken. */
  start(): void {
    this.#urls ??= new Set();
  }

  mark(url: string): void {
    this.#urls?.add(url);
  }

  /** The URLs marked since the last take, in the order first marked; the set starts empty again. */
  take(): string[] {
    if (!this.#urls) return [];
    const urls = [...this.#urls];
    this.#urls.clear();
    return urls;
  }
}
