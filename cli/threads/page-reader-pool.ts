/**
 * Reads the crawl's pages in worker threads. Parsing HTML is the largest
 * part of a crawl's main thread on a fast local site (a profile of Debian's
 * libstdc++ docs: readPage ~45 %); in a pool it runs on other cores, which
 * pays only where cores are free (see defaultReaderThreads).
 *
 * Piscina (from Node.js's own maintainers) keeps the threads, their queue
 * and errors; a page whose reading fails there is read in the crawl's own
 * thread instead (lib/crawl/crawl.ts, #readElsewhere).
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { readPageRequest, type PageReader } from '../../lib/crawl/read-page.ts';

export interface PageReaderPool {
  readPage: PageReader;
  /** Threads running now (none until the first pages are read, see READ_HERE_FIRST). */
  threads(): number;
  /** Ends the threads: the process can exit. */
  close(): Promise<void>;
}

/**
 * The default: a thread per core beyond two, at most four. The crawl's own
 * process already keeps more than one core busy (V8's collector and
 * libuv's threads beside its main thread): on 2 cores, with the server on
 * the same machine, one reader thread made a crawl of Debian's libstdc++
 * docs 8 % slower (37-38 s against 34-35 s) for 15 % more CPU time.
 */
export function defaultReaderThreads(): number {
  return Math.min(4, Math.max(0, os.availableParallelism() - 2));
}

/**
 * The same name beside the built bundle (dist/read-page-worker.mjs) and
 * beside this source file (the tsx shim, cli/threads/read-page-worker.mjs).
 */
const WORKER = new URL('./read-page-worker.mjs', import.meta.url);

/**
 * A page bigger than this is read in the crawl's own thread: the worker's
 * heap would grow to hold and parse it, on top of the crawl's. Pages that
 * big are rare; a decompression bomb cut at the size limit is one.
 */
const MAX_SENT_BYTES = 1_000_000;

/**
 * Pages read in the crawl's own thread before the threads start: a small
 * crawl is over before a worker would be ready (~50 ms to start one from
 * the built bundle, ~1 s from the TypeScript sources).
 */
export const READ_HERE_FIRST = 32;

/** A pool of `threads` readers; null for 0: pages are read in the crawl's own thread. */
export function openPageReaderPool(
  threads: number,
  readHereFirst = READ_HERE_FIRST,
): PageReaderPool | null {
  if (threads <= 0) return null;
  let pool: Piscina | null = null;
  let readHere = 0;
  return {
    readPage: async (request) => {
      if (request.body.byteLength > MAX_SENT_BYTES || readHere < readHereFirst) {
        readHere++;
        return readPageRequest(request);
      }
      pool ??= new Piscina({
        filename: WORKER.href,
        minThreads: threads,
        maxThreads: threads,
        // Threads stay for the whole crawl; `close` ends them.
        idleTimeout: Infinity,
      });
      // A copy of its own, moved to the worker: the crawl keeps the response's bytes.
      const body = request.body.slice();
      return pool.run({ ...request, body }, { transferList: [body.buffer] });
    },
    threads: () => pool?.threads.length ?? 0,
    close: async () => {
      await pool?.destroy();
    },
  };
}
