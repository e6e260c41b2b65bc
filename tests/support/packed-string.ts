import type { PackedUrls } from '../../lib/crawl/packed-urls.ts';

/** A packed URL's string as the table holds it (not evicted): what a save would write whole. */
export function packedString(packed: PackedUrls, url: string): string {
  const change = packed.changeOf(url);
  if (!change || !('packed' in change)) throw new Error(`${url} is not held packed`);
  return change.packed;
}
