/** The page's search-engine tags, for display: plain strings only, never markup. */
import { canonicalLinks } from '../meta/canonical-findings.ts';
import type { PageFacts } from '../meta/page-facts.ts';
import { robotsMetas } from '../meta/page-findings.ts';
import { documentBase, resolveUrl } from '../meta/url-compare.ts';
import type { PageTags } from './types.ts';

export function pageTags(
  page: PageFacts | null,
  xRobotsTag: readonly string[],
  robot: string,
): PageTags {
  if (page === null) return { ...EMPTY_TAGS, xRobotsTag: [...xRobotsTag] };
  const base = documentBase(page.url, page.baseHref);
  const firstCanonical = canonicalLinks(page)[0];
  return {
    title: page.title,
    description: metaContent(page, 'description'),
    keywords: metaContent(page, 'keywords'),
    revisitAfter: metaContent(page, 'revisit-after'),
    canonical: firstCanonical === undefined ? null : resolveUrl(firstCanonical.href, base),
    hreflang: page.links
      .filter((l) => l.rel.includes('alternate') && l.hreflang !== undefined)
      .map((l) => ({ lang: l.hreflang ?? '', href: resolveUrl(l.href, base) ?? l.href })),
    robotsMeta: robotsMetas(page, robot).map((m) => ({ name: m.name, content: m.content })),
    xRobotsTag: [...xRobotsTag],
    refresh: page.refresh[0] ?? null,
    openGraph: page.metas
      .filter((m) => m.name.startsWith('og:'))
      .map((m) => ({ property: m.name, content: m.content })),
    anchorCount: page.anchorCount,
    nofollowAnchorCount: page.nofollowAnchorCount,
  };
}

const EMPTY_TAGS: PageTags = {
  title: null,
  description: null,
  keywords: null,
  revisitAfter: null,
  canonical: null,
  hreflang: [],
  robotsMeta: [],
  xRobotsTag: [],
  refresh: null,
  openGraph: [],
  anchorCount: 0,
  nofollowAnchorCount: 0,
};

/** The first META of that name, as written. */
function metaContent(page: PageFacts, name: string): string | null {
  return page.metas.find((m) => m.name === name)?.content ?? null;
}
