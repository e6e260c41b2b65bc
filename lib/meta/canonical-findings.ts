/**
 * `<link rel="canonical">` checks. A canonical tells search engines which URL
 * to index for this content: one pointing elsewhere means *this* URL is
 * likely left out of the index in favour of the other, which is right for a
 * duplicate and a silent disaster for a page copied from a template.
 */
import type { LinkTag, PageFacts } from './page-facts.ts';
import { phrase } from '../i18n/phrase.ts';
import { pageFinding, type PageFinding } from './page-finding.ts';
import { linkSource, shorten } from './tag-source.ts';
import { originOf } from '../url/http-url.ts';
import { documentBase, isRelativeUrl, resolveUrl, resourceKey } from './url-compare.ts';

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
  // Hrefs that do not resolve all count as one (unusable) target.
  const targets = new Set(
    links.map((l) => {
      const resolved = resolveUrl(l.href, base);
      return resolved === null ? null : resourceKey(resolved);
    }),
  );
  return [
    pageFinding(
      'canonical-several',
      links.map(linkSource).join(' '),
      targets.size > 1
        ? phrase('canonical_disagree', { count: links.length })
        : phrase('canonical_repeated', { count: links.length }),
    ),
  ];
}

function checkCanonical(link: LinkTag, pageUrl: string, base: string): PageFinding[] {
  const source = linkSource(link);
  const resolved = link.href.trim() === '' ? null : resolveUrl(link.href, base);
  if (resolved === null || !/^https?:$/.test(new URL(resolved).protocol)) {
    return [
      pageFinding(
        'canonical-invalid',
        source,
        phrase('canonical_invalid', { href: shorten(link.href) }),
      ),
    ];
  }
  return [
    ...(link.inHead ? [] : [outsideHead(source)]),
    ...(isRelativeUrl(link.href) ? [relative(source, resolved)] : []),
    ...target(source, resolved, pageUrl),
  ];
}

function outsideHead(source: string): PageFinding {
  return pageFinding('canonical-outside-head', source, phrase('canonical_outside_head'));
}

function relative(source: string, resolved: string): PageFinding {
  return pageFinding(
    'canonical-relative',
    source,
    phrase('canonical_relative', { url: shorten(resolved) }),
  );
}

function target(source: string, resolved: string, pageUrl: string): PageFinding[] {
  if (resourceKey(resolved) === resourceKey(pageUrl)) return [];
  if (originOf(resolved) !== originOf(pageUrl)) {
    return [
      pageFinding(
        'canonical-cross-origin',
        source,
        phrase('canonical_cross_origin', { url: shorten(resolved) }),
      ),
    ];
  }
  return [
    pageFinding(
      'canonical-elsewhere',
      source,
      phrase('canonical_elsewhere', { url: shorten(resolved) }),
    ),
  ];
}
