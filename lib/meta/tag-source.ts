/**
 * How a tag is quoted in a finding's `source`: rebuilt from its attributes,
 * quotes escaped so the shown tag is unambiguous, long values shortened so
 * one huge attribute cannot flood a report. The result is display text, never
 * markup: the UI must render it as text.
 */
import type { LinkTag, MetaTag } from './page-facts.ts';

const MAX_QUOTED_CHARS = 200;

/** `<meta name="googlebot" content="noindex">` */
export function metaSource(meta: MetaTag): string {
  return `<meta name="${quoteAttribute(meta.name)}" content="${quoteAttribute(meta.content)}">`;
}

/** `<link rel="canonical" href="https://example.com/">` */
export function linkSource(link: LinkTag): string {
  const hreflang =
    link.hreflang === undefined ? '' : ` hreflang="${quoteAttribute(link.hreflang)}"`;
  return `<link rel="${quoteAttribute(link.rel.join(' '))}" href="${quoteAttribute(link.href)}"${hreflang}>`;
}

/** Shortens page text for quoting in a sentence. */
export function shorten(text: string): string {
  return text.length <= MAX_QUOTED_CHARS ? text : `${text.slice(0, MAX_QUOTED_CHARS)}…`;
}

function quoteAttribute(value: string): string {
  return shorten(value).replaceAll('"', '&quot;');
}
