/** Notes about the response as a whole: meta refresh redirects and non-HTML content. */
import type { PageFacts } from '../meta/page-facts.ts';
import { parseRefresh } from '../meta/refresh.ts';
import { shorten } from '../meta/tag-source.ts';
import { documentBase, resolveUrl } from '../meta/url-compare.ts';
import type { Reason } from './types.ts';
import type { VerdictHttp } from './verdict-input.ts';

/** Google: an instant meta refresh counts as a permanent redirect, a delayed one as temporary. */
export function metaRefreshReasons(page: PageFacts | null): Reason[] {
  if (page === null) return [];
  const base = documentBase(page.url, page.baseHref);
  return page.refresh.map((content) => ({
    code: 'meta-refresh',
    blocking: false,
    source: `<meta http-equiv="refresh" content="${shorten(content).replaceAll('"', '&quot;')}">`,
    detail: refreshDetail(content, base),
  }));
}

function refreshDetail(content: string, base: string): string {
  const refresh = parseRefresh(content);
  if (refresh === null)
    return 'This refresh has no leading delay, so browsers and robots ignore it.';
  if (refresh.url === null)
    return `The page reloads itself every ${refresh.delaySeconds} s; no effect on indexing.`;
  const target = shorten(resolveUrl(refresh.url, base) ?? refresh.url);
  return refresh.delaySeconds === 0
    ? `The page redirects at once to ${target}; Google treats an instant meta refresh as a permanent redirect and indexes the target instead. Prefer an HTTP 301.`
    : `The page redirects to ${target} after ${refresh.delaySeconds} s; Google treats a delayed meta refresh as a temporary redirect. Prefer an HTTP redirect.`;
}

/** A successful response with no page facts is not HTML: only headers can speak to robots. */
export function notHtmlReasons(page: PageFacts | null, http: VerdictHttp): Reason[] {
  if (page !== null || http.status === null || Math.floor(http.status / 100) !== 2) return [];
  return [
    {
      code: 'not-html',
      blocking: false,
      source: `Content-Type: ${http.contentType ?? '(none)'}`,
      detail:
        'This response is not an HTML page, so it has no META tags: only the X-Robots-Tag header can carry robots directives for it.',
    },
  ];
}
