/**
 * A worker thread of the page reader pool (page-reader-pool.ts): reads one
 * fetched page, as the crawl's own thread would (lib/crawl/read-page.ts).
 * Request and answer are plain data, copied between the threads.
 */
import { readPage, type PageReading, type PageReadRequest } from '../../lib/crawl/read-page.ts';

export default function readPageTask({ html, pageUrl, options }: PageReadRequest): PageReading {
  return readPage(html, pageUrl, options);
}
