/**
 * What the crawl keeps of one HTML page for the site audit: the facts the
 * verdict and the site checks read (title; robots METAs, the generic one and
 * robot-specific ones; description, keywords, revisit-after; canonical and
 * alternate LINKs; refresh; base; anchor counts), cut to a bounded size
 * (lib/meta/cap-page-facts.ts), plus the X-Robots-Tag values. Open Graph and
 * other METAs and LINKs are dropped: a crawl keeps this for every page.
 *
 * Every string is copied out of the page it was read from: the parser's
 * strings are views into the whole page (V8 sliced strings), and one kept
 * title would otherwise keep its page's HTML alive for the whole crawl.
 */
import { capPageFacts } from '../meta/cap-page-facts.ts';
import type { LinkTag, MetaTag, PageFacts } from '../meta/page-facts.ts';
import { appliesToRobot, isRobotsMetaName } from '../meta/robot-names.ts';
import type { PageAuditFacts } from './types.ts';
import { ownCopy } from '../text/own-copy.ts';

/** METAs the verdict and the site checks read, besides robots METAs. */
const KEPT_META_NAMES: ReadonlySet<string> = new Set(['description', 'keywords', 'revisit-after']);
/** LINK rels the verdict and the site checks read. */
const KEPT_LINK_RELS: ReadonlySet<string> = new Set(['canonical', 'alternate']);

export function keepPageAuditFacts(
  facts: PageFacts,
  xRobotsTag: readonly string[],
  robot: string,
): PageAuditFacts {
  const trimmed: PageFacts = {
    ...facts,
    metas: facts.metas.filter((meta) => keptMeta(meta, robot)),
    links: facts.links.filter(keptLink),
  };
  return { facts: detachFacts(capPageFacts(trimmed)), xRobotsTag: xRobotsTag.map(ownCopy) };
}

function keptMeta(meta: MetaTag, robot: string): boolean {
  return (
    KEPT_META_NAMES.has(meta.name) ||
    isRobotsMetaName(meta.name) ||
    appliesToRobot(meta.name, robot)
  );
}

function keptLink(link: LinkTag): boolean {
  return link.rel.some((rel) => KEPT_LINK_RELS.has(rel));
}

function detachFacts(facts: PageFacts): PageFacts {
  return {
    ...facts,
    url: ownCopy(facts.url),
    title: facts.title === null ? null : ownCopy(facts.title),
    metas: facts.metas.map((meta) => ({
      ...meta,
      name: ownCopy(meta.name),
      content: ownCopy(meta.content),
    })),
    links: facts.links.map((link) => ({
      ...link,
      rel: link.rel.map(ownCopy),
      href: ownCopy(link.href),
      ...(link.hreflang === undefined ? {} : { hreflang: ownCopy(link.hreflang) }),
    })),
    refresh: facts.refresh.map(ownCopy),
    ...(facts.baseHref === undefined ? {} : { baseHref: ownCopy(facts.baseHref) }),
  };
}
