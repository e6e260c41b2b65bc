/**
 * `<link rel="canonical">` checks. A canonical tells search engines which URL
 * to index for this content: one pointing elsewhere means *this* URL is
 * likely left out of the index in favour of the other, which is right for a
 * duplicate and a silent disaster for a page copied from a template.
 */
import type { LinkTag, PageFacts } from './page-facts.ts';
import type { PageFinding } from './page-finding.ts';
import { linkSource, shorten } from './tag-source.ts';
import { documentBase, isRelativeUrl, normaliseUrl, originOf, resolveUrl } from './url-compare.ts';

export function canonicalLinks(facts: PageFacts): LinkTag[] {
  return facts.links.filter((l) => l.rel.includes('canonical'));
}

export function findCanonicalIssues(facts: PageFacts): PageFinding[] {
  const links = canonicalLinks(facts);
  const base = documentBase(facts.url, facts.baseHref);
  return [
    ...severalCanonicals(links, base),
    ...links.flatMap((l) => checkCanonical(l, facts.url, base)),
  ];
}

function severalCanonicals(links: LinkTag[], base: string): PageFinding[] {
  if (links.length < 2) return [];
  const targets = new Set(links.map((l) => normaliseUrl(resolveUrl(l.href, base) ?? l.href)));
  return [
    {
      kind: 'canonical-several',
      source: links.map(linkSource).join(' '),
      detail:
        targets.size > 1
          ? `The page declares ${links.length} canonical URLs that disagree; Google then ignores all of them and picks one itself.`
          : `The page declares the same canonical URL ${links.length} times; harmless, but keep one.`,
    },
  ];
}

function checkCanonical(link: LinkTag, pageUrl: string, base: string): PageFinding[] {
  const source = linkSource(link);
  const resolved = link.href.trim() === '' ? null : resolveUrl(link.href, base);
  if (resolved === null || !/^https?:$/.test(new URL(resolved).protocol)) {
    return [
      {
        kind: 'canonical-invalid',
        source,
        detail: `The canonical "${shorten(link.href)}" is not a usable http(s) URL; robots ignore it.`,
      },
    ];
  }
  return [
    ...(link.inHead ? [] : [outsideHead(source)]),
    ...(isRelativeUrl(link.href) ? [relative(source, resolved)] : []),
    ...target(source, resolved, pageUrl),
  ];
}

function outsideHead(source: string): PageFinding {
  return {
    kind: 'canonical-outside-head',
    source,
    detail:
      'The canonical link is in <body>; Google only reads rel="canonical" in <head>. Move it up.',
  };
}

function relative(source: string, resolved: string): PageFinding {
  return {
    kind: 'canonical-relative',
    source,
    detail: `The canonical is a relative URL; it works (it resolves to ${shorten(resolved)}), but an absolute URL is safer against mirrors and base-URL mistakes.`,
  };
}

function target(source: string, resolved: string, pageUrl: string): PageFinding[] {
  if (normaliseUrl(resolved) === normaliseUrl(pageUrl)) return [];
  if (originOf(resolved) !== originOf(pageUrl)) {
    return [
      {
        kind: 'canonical-cross-origin',
        source,
        detail: `The canonical points to another site (${shorten(resolved)}): search engines will likely index that URL instead of this one.`,
      },
    ];
  }
  return [
    {
      kind: 'canonical-elsewhere',
      source,
      detail: `The canonical points to a different URL (${shorten(resolved)}): search engines will likely index that URL instead of this one.`,
    },
  ];
}
