/**
 * How far V8 lets the heap grow past what a full collection left alive
 * before the next one. By default up to 4× when collections are cheap, and
 * a crawl's are (a page read leaves garbage behind, the state it keeps is
 * small): the 10,137 pages of the OpenJDK docs peaked at 311–364 MB of RSS
 * with ~70 MB alive. At 1.3× the same crawl peaks at 245–259 MB and the
 * libstdc++ docs at 154–167 MB instead of 174–189 MB, for about the same
 * CPU time (4 alternated runs each, `/usr/bin/time`).
 */
import v8 from 'node:v8';

const HEAP_GROWING_PERCENT = 30;

/** Set once, before the command runs: V8 reads it at every full collection. */
export function boundHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
