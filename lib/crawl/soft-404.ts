/**
 * Soft-404 detection: one request per origin for a path that cannot exist.
 * A site that answers it with 200 serves "not found" pages as if they were
 * content; the crawl then compares pages against that answer's fingerprint.
 */
import { isHtml } from '../http/content-type.ts';
import { decodeText } from '../http/decode-text.ts';
import { headerValues } from '../http/types.ts';
import type { CrawlSteps } from './steps.ts';
import { fingerprintPage } from './fingerprint.ts';
import { siteResourceRequest } from './fetch-link.ts';

export const SOFT_404_PATH_PREFIX = '/robotlens-soft-404-check-';

/** The fingerprint of the origin's 200 answer to a random path, or null when it answers as it should. */
export async function probeSoft404(
  origin: string,
  steps: CrawlSteps,
  token: string,
): Promise<string | null> {
  const url = `${origin}${SOFT_404_PATH_PREFIX}${token}`;
  const gate = await steps.robots.decide(url);
  if (!gate.allowed) return null;
  const outcome = await steps.fetcher.fetch(siteResourceRequest(url));
  const response = outcome.response;
  if (!response || response.status !== 200 || outcome.hops.length > 0) return null;
  const contentType = headerValues(response, 'content-type')[0];
  if (!isHtml(contentType)) return null;
  return fingerprintPage(decodeText(response.body, contentType)).text;
}
