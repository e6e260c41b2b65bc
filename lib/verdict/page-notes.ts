/** Notes about the response as a whole: meta refresh redirects, non-HTML content, facts cut to fit storage. */
import { phrase, type Phrase } from '../i18n/phrase.ts';
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
  return page.refresh.map((content) => {
    const detail = refreshDetail(content, base);
    return {
      code: 'meta-refresh',
      blocking: false,
      source: `<meta http-equiv="refresh" content="${shorten(content).replaceAll('"', '&quot;')}">`,
      detail,
    };
  });
}

function refreshDetail(content: string, base: string): Phrase {
  const refresh = parseRefresh(content);
  if (refresh === null) return phrase('refresh_no_delay');
  const seconds = refresh.delaySeconds;
  if (refresh.url === null) return phrase('refresh_reload', { seconds });
  const target = shorten(resolveUrl(refresh.url, base) ?? refresh.url);
  return seconds === 0
    ? phrase('refresh_instant', { target })
    : phrase('refresh_delayed', { target, seconds });
}

/** A successful response with no page facts is not HTML: only headers can speak to robots. */
export function notHtmlReasons(page: PageFacts | null, http: VerdictHttp): Reason[] {
  if (page !== null || http.status === null || Math.floor(http.status / 100) !== 2) return [];
  const made = phrase('not_html');
  return [
    {
      code: 'not-html',
      blocking: false,
      source: `Content-Type: ${http.contentType ?? '(none)'}`,
      detail: made,
    },
  ];
}

/** The page's tags were cut to fit storage (lib/meta/cap-page-facts.ts): the verdict may not have seen them all. */
export function pageCutReasons(page: PageFacts | null): Reason[] {
  if (!page?.cut) return [];
  const { metasDropped, linksDropped, refreshDropped, valuesShortened } = page.cut;
  const made = phrase('session_store_page_cut', {
    metas: metasDropped,
    links: linksDropped,
    refresh: refreshDropped,
    values: valuesShortened,
  });
  const source = phrase('session_store_page_cut_source');
  return [
    {
      code: 'page-facts-cut',
      blocking: false,
      source,
      detail: made,
    },
  ];
}
