/**
 * PageFacts from the live DOM, for the content script. One pass over the
 * few elements that matter (META, LINK, BASE, TITLE, and a count of
 * anchors), so a 5,000-link page costs a few milliseconds.
 */
import type { LinkTag, MetaTag, PageFacts } from '../lib/meta/page-facts.ts';

export function collectPageFacts(doc: Document): PageFacts {
  const head = doc.head;
  const metas: MetaTag[] = [];
  const refresh: string[] = [];
  for (const meta of doc.querySelectorAll('meta')) {
    const equiv = meta.getAttribute('http-equiv');
    if (equiv?.trim().toLowerCase() === 'refresh') refresh.push(meta.getAttribute('content') ?? '');
    const name = meta.getAttribute('name') ?? meta.getAttribute('property');
    if (name === null) continue;
    metas.push({
      name: name.trim().toLowerCase(),
      content: meta.getAttribute('content') ?? '',
      inHead: head?.contains(meta) ?? false,
    });
  }
  const links: LinkTag[] = [];
  for (const link of doc.querySelectorAll('link[rel][href]')) {
    const hreflang = link.getAttribute('hreflang');
    links.push({
      rel: splitTokens(link.getAttribute('rel')),
      href: link.getAttribute('href') ?? '',
      ...(hreflang !== null ? { hreflang } : {}),
      inHead: head?.contains(link) ?? false,
    });
  }
  const baseHref = doc.querySelector('base[href]')?.getAttribute('href');
  const titleElement = doc.querySelector('title');
  return {
    url: doc.URL,
    ...(baseHref != null ? { baseHref } : {}),
    title: titleElement ? (titleElement.textContent ?? '').replace(/\s+/g, ' ').trim() : null,
    metas,
    links,
    refresh,
    anchorCount: doc.querySelectorAll('a[href]').length,
    nofollowAnchorCount: countNofollow(doc),
  };
}

function countNofollow(doc: Document): number {
  let count = 0;
  for (const anchor of doc.querySelectorAll('a[href][rel]')) {
    if (splitTokens(anchor.getAttribute('rel')).includes('nofollow')) count++;
  }
  return count;
}

function splitTokens(value: string | null): string[] {
  return (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}
