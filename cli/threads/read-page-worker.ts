/**
 * A worker thread of the page reader pool (page-reader-pool.ts): reads one
 * fetched page, as the crawl's own thread would (lib/crawl/read-page.ts).
 * The page's bytes are moved here; the reading, plain data, is copied back.
 */
import { readPageRequest } from '../../lib/crawl/read-page.ts';

export default readPageRequest;
