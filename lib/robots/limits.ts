/**
 * The numbers of the robots.txt engine, in one place, each with its source.
 */

/** RFC 9309 §2.5 and Google: parse the first 500 KiB; content after it is ignored. */
export const ROBOTS_MAX_PARSE_BYTES = 512_000;

/** Bytes asked of the fetch adapter: a little over the parse limit, so overflow shows. */
export const ROBOTS_FETCH_MAX_BYTES = 524_288;

/** Google's reference parser keeps 2083 × 8 − 1 bytes of a line and drops the rest. */
export const ROBOTS_MAX_LINE_BYTES = 2083 * 8 - 1;

/** RFC 9309 §2.3.1.2: follow at least five redirect hops. */
export const ROBOTS_MAX_REDIRECTS = 5;

/** A robots.txt that has not answered in 10 s is treated as unreachable. */
export const ROBOTS_FETCH_TIMEOUT_MS = 10_000;

/** RFC 9309 §2.4: a cached robots.txt is not used for more than 24 hours. */
export const ROBOTS_CACHE_MAX_MS = 24 * 60 * 60 * 1000;

/** Unreachable results (429, 5xx, network) are kept briefly so they are retried soon. */
export const ROBOTS_ERROR_CACHE_MS = 5 * 60 * 1000;
