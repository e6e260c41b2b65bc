/**
 * Page facts cut to a bounded size before they are kept. A page controls
 * how many META and LINK tags it has and how long they are (one test page
 * had 0.6 MB of META tags), and the background keeps each tab's facts in
 * session storage, which is small and shared. So every value is shortened
 * to a fixed length and the tags are kept up to a character budget —
 * robots META tags first, since the verdict rests on them — and `cut` says
 * what was left out, so the verdict can say it too.
 */
import type { LinkTag, MetaTag, PageFacts, PageFactsCut } from './page-facts.ts';
import { isRobotsMetaName } from './robot-names.ts';

export const PAGE_FACTS_LIMITS = {
  /** A META content, a title, a refresh value. */
  maxValueChars: 1_000,
  /** A META name, a LINK hreflang. */
  maxNameChars: 100,
  /** A LINK href or the base href: long URLs are common. */
  maxUrlChars: 2_048,
  /** All META tags together (names and contents). */
  maxMetaChars: 32_000,
  /** All LINK tags together (hrefs and rel tokens). */
  maxLinkChars: 16_000,
  maxRefresh: 5,
} as const;

const L = PAGE_FACTS_LIMITS;

export function capPageFacts(facts: PageFacts): PageFacts {
  const cut: PageFactsCut = {
    metasDropped: 0,
    linksDropped: 0,
    refreshDropped: 0,
    valuesShortened: 0,
  };
  const shorten = (text: string, max: number): string => {
    if (text.length <= max) return text;
    cut.valuesShortened++;
    return text.slice(0, max);
  };
  const metas = keepWithin(
    facts.metas.map((meta) => ({
      ...meta,
      name: shorten(meta.name, L.maxNameChars),
      content: shorten(meta.content, L.maxValueChars),
    })),
    (meta) => meta.name.length + meta.content.length,
    L.maxMetaChars,
    (meta) => isRobotsMetaName(meta.name),
  );
  const links = keepWithin(
    facts.links.map((link) => capLink(link, shorten)),
    (link) => link.href.length + link.rel.join(' ').length + (link.hreflang?.length ?? 0),
    L.maxLinkChars,
    (link) => link.rel.includes('canonical'),
  );
  const refresh = facts.refresh.slice(0, L.maxRefresh).map((r) => shorten(r, L.maxValueChars));
  cut.metasDropped = facts.metas.length - metas.length;
  cut.linksDropped = facts.links.length - links.length;
  cut.refreshDropped = facts.refresh.length - refresh.length;
  const capped: PageFacts = {
    ...facts,
    title: facts.title === null ? null : shorten(facts.title, L.maxValueChars),
    metas,
    links,
    refresh,
    ...(facts.baseHref === undefined ? {} : { baseHref: shorten(facts.baseHref, L.maxUrlChars) }),
  };
  delete capped.cut;
  const anything = Object.values(cut).some((count) => count > 0);
  return anything ? { ...capped, cut } : capped;
}

function capLink(link: LinkTag, shorten: (text: string, max: number) => string): LinkTag {
  return {
    ...link,
    rel: link.rel.slice(0, 10).map((token) => shorten(token, L.maxNameChars)),
    href: shorten(link.href, L.maxUrlChars),
    ...(link.hreflang === undefined ? {} : { hreflang: shorten(link.hreflang, L.maxNameChars) }),
  };
}

/** The items that fit `budget` chars, `first` ones taken before the rest, in their original order. */
function keepWithin<T extends MetaTag | LinkTag>(
  items: T[],
  size: (item: T) => number,
  budget: number,
  first: (item: T) => boolean,
): T[] {
  const kept = new Set<number>();
  let used = 0;
  const order = [...items.keys()].sort(
    (a, b) => Number(first(items[b]!)) - Number(first(items[a]!)),
  );
  for (const i of order) {
    const itemSize = size(items[i]!);
    if (used + itemSize > budget) continue;
    used += itemSize;
    kept.add(i);
  }
  return items.filter((_, i) => kept.has(i));
}
