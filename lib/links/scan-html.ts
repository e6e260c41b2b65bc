/**
 * One streaming pass over raw HTML (htmlparser2, no tree) that collects what
 * the crawler needs from a page: link-bearing attributes with their origin,
 * the first `<base href>`, `<meta name content>` pairs, and — through an
 * optional sink — the visible text. Links, fingerprint and robots META all
 * come from this one parse (see lib/crawl/read-page.ts): parsing twice would
 * double the cost of every page.
 *
 * Like extract-page-facts.ts, it parses with character references left as
 * written and decodes only the strings it keeps. `<template>` contents are
 * inert (never rendered or fetched), so they are skipped; `<noscript>`
 * contents are read, because a robot without JavaScript sees those links.
 * Nothing here throws on malformed markup.
 */
import { decodeAttributeEntities, decodeTextEntities } from '../meta/decode-entities.ts';
import type { ParserTee } from '../meta/extract-page-facts.ts';
import { parseRefresh } from '../meta/refresh.ts';
import type { LinkAttribute, LinkElement, LinkOrigin } from './link-types.ts';
import { cssUrls } from './css-urls.ts';
import {
  AttributeSelection,
  streamHtmlEvents,
  type Attributes,
  type HtmlEventHandlers,
  type HtmlEventSource,
} from './html-events.ts';
import { parseSrcset } from './srcset.ts';

export interface PageMeta {
  /** `name`, lower-cased and trimmed. */
  name: string;
  /** `content`, decoded, as written otherwise. */
  content: string;
}

export interface ScanOptions {
  /**
   * Links kept with all they say, at most; past them, a link is kept only
   * when no kept link is written the same way, until this many are written
   * differently (see keepsLink). The rest are only counted: a hostile page
   * cannot exhaust memory, and a page that repeats a few links many times
   * still has every one of its targets checked.
   */
  maxLinks: number;
  /** Receives visible text as written (references not decoded), in document order. */
  onText?: (raw: string) => void;
  /**
   * Receives every parser event, unfiltered (template contents included), so
   * another reader shares this parse (lib/meta/extract-page-facts.ts
   * `pageFactsReader`, which has its own reading of head, noscript and template).
   */
  tee?: ParserTee;
  /**
   * Where the events come from: html-events.ts by default. The tests pass
   * htmlparser2's own Parser here, to show both read every page alike.
   */
  events?: HtmlEventStream;
}

/** A source of htmlparser2's parser events for `html` (see html-events.ts). */
export type HtmlEventStream = (
  html: string,
  handlers: HtmlEventHandlers,
  kept: AttributeSelection,
  onStart: (source: HtmlEventSource) => void,
) => void;

/**
 * Every attribute this scan and the facts reader (lib/meta/extract-page-facts.ts)
 * look at, per element; the event source builds no others. A reader that
 * starts reading another attribute must add it here, or it reads
 * `undefined` (html-events.test.ts then finds readings that differ from the Parser's).
 */
export const READ_ATTRIBUTES = new AttributeSelection(
  {
    a: ['href', 'rel', 'title'],
    area: ['href', 'alt', 'rel'],
    link: ['href', 'rel', 'title', 'hreflang'],
    img: ['src', 'srcset', 'alt', 'title'],
    source: ['src', 'srcset', 'title'],
    script: ['src', 'title'],
    iframe: ['src', 'title'],
    frame: ['src', 'title'],
    meta: ['name', 'content', 'http-equiv', 'property'],
    base: ['href'],
  },
  // A `style` attribute's url(…) links are read on any element.
  ['style'],
);

export interface ScannedPage {
  links: LinkOrigin[];
  /** Links past `maxLinks` not kept (see ScanOptions.maxLinks), counted. */
  omittedLinkCount: number;
  /** The first `<base href>`, decoded, as written otherwise. */
  baseHref?: string;
  metas: PageMeta[];
}

const MAX_TEXT_CHARS = 200;
/** Raw anchor text collected at most: enough for 200 characters after decoding and collapsing. */
const MAX_RAW_TEXT_CHARS = 2_000;
const WHITESPACE_RUN = /\s+/g;
const ASCII_WHITESPACE_RUN = /[\t\n\f\r ]+/;
/** Elements whose text is not page text. */
const NON_TEXT_ELEMENTS: ReadonlySet<string> = new Set(['script', 'style']);

interface OpenAnchor {
  /** Null when the anchor's link was not kept (see ScanOptions.maxLinks). */
  link: LinkOrigin | null;
  chunks: string[];
  rawChars: number;
  /** The `title` attribute, the anchor's text when it has none of its own. */
  title: string | undefined;
}

interface Scan {
  html: string;
  /** Where the current event starts, for line numbers. */
  source: HtmlEventSource | null;
  options: ScanOptions;
  page: ScannedPage;
  inertDepth: number;
  nonTextDepth: number;
  anchor: OpenAnchor | null;
  /** The text of the `<style>` block being read, and the line it starts on. */
  style: { chunks: string[]; line: number } | null;
  /** Newlines counted up to `lineIndex`, so line numbers cost one pass in total. */
  line: number;
  lineIndex: number;
  /** The kept links' raw values, once `maxLinks` are kept (see keepsLink); null before. */
  keptRaws: Set<string> | null;
}

export function scanHtml(html: string, options: ScanOptions): ScannedPage {
  // A byte-order mark left in by the caller's decoder is not page text.
  const text = html.startsWith('\uFEFF') ? html.slice(1) : html;
  const scan: Scan = {
    html: text,
    source: null,
    options,
    page: { links: [], omittedLinkCount: 0, metas: [] },
    inertDepth: 0,
    nonTextDepth: 0,
    anchor: null,
    style: null,
    line: 1,
    lineIndex: 0,
    keptRaws: null,
  };
  const stream = options.events ?? streamHtmlEvents;
  stream(text, handlersOf(scan, options.tee), READ_ATTRIBUTES, (source) => {
    scan.source = source;
  });
  finishAnchor(scan);
  return scan.page;
}

/** The scan's own handlers, each also calling the tee's when there is one (the tee sees the event first). */
function handlersOf(scan: Scan, tee: ParserTee | undefined): ParserTee {
  if (!tee) {
    return {
      onopentag: (name, attributes) => openTag(scan, name, attributes),
      onclosetag: (name) => closeTag(scan, name),
      ontext: (chunk) => readText(scan, chunk),
    };
  }
  return {
    onopentag: (name, attributes) => {
      tee.onopentag(name, attributes);
      openTag(scan, name, attributes);
    },
    onclosetag: (name) => {
      tee.onclosetag(name);
      closeTag(scan, name);
    },
    ontext: (chunk) => {
      tee.ontext(chunk);
      readText(scan, chunk);
    },
  };
}

function openTag(scan: Scan, name: string, attributes: Attributes): void {
  if (name === 'template') scan.inertDepth++;
  if (scan.inertDepth > 0) return;
  if (NON_TEXT_ELEMENTS.has(name)) scan.nonTextDepth++;
  if (name === 'style') scan.style = { chunks: [], line: currentLine(scan) };
  if (attributes.style !== undefined && /url\(|@import/i.test(attributes.style))
    addCssLinks(scan, 'style', decodeAttribute(attributes.style), currentLine(scan));
  switch (name) {
    case 'a':
      // A new anchor closes an open one, as the HTML parser does.
      finishAnchor(scan);
      if (attributes.href !== undefined) openAnchor(scan, attributes);
      return;
    case 'area':
      addLink(scan, 'area', 'href', attributes.href, attributes.alt, attributes.rel);
      return;
    case 'link':
      addLink(scan, 'link', 'href', attributes.href, attributes.title, attributes.rel);
      return;
    case 'img':
      readImage(scan, attributes);
      return;
    case 'source':
      addLink(scan, 'source', 'src', attributes.src, attributes.title);
      addSrcset(scan, 'source', attributes.srcset, attributes.title);
      return;
    case 'script':
    case 'iframe':
    case 'frame':
      addLink(scan, name, 'src', attributes.src, attributes.title);
      return;
    case 'meta':
      readMeta(scan, attributes);
      return;
    case 'base':
      if (scan.page.baseHref === undefined && attributes.href !== undefined) {
        scan.page.baseHref = decodeAttribute(attributes.href);
      }
      return;
  }
}

function closeTag(scan: Scan, name: string): void {
  if (name === 'template') {
    scan.inertDepth = Math.max(0, scan.inertDepth - 1);
    return;
  }
  if (scan.inertDepth > 0) return;
  if (NON_TEXT_ELEMENTS.has(name)) scan.nonTextDepth = Math.max(0, scan.nonTextDepth - 1);
  if (name === 'a') finishAnchor(scan);
  if (name === 'style' && scan.style !== null) {
    // Style text is raw text in HTML: no character references to decode.
    addCssLinks(scan, 'css', scan.style.chunks.join(''), scan.style.line);
    scan.style = null;
  }
}

function readText(scan: Scan, chunk: string): void {
  if (scan.inertDepth > 0) return;
  scan.style?.chunks.push(chunk);
  if (scan.nonTextDepth > 0) return;
  scan.options.onText?.(chunk);
  if (scan.anchor !== null) addAnchorText(scan.anchor, chunk);
}

function openAnchor(scan: Scan, attributes: Attributes): void {
  const link = addLink(scan, 'a', 'href', attributes.href, undefined, attributes.rel);
  scan.anchor = { link, chunks: [], rawChars: 0, title: attributes.title };
}

function addAnchorText(anchor: OpenAnchor, raw: string): void {
  if (anchor.link === null || anchor.rawChars >= MAX_RAW_TEXT_CHARS) return;
  anchor.chunks.push(raw);
  anchor.rawChars += raw.length;
}

function finishAnchor(scan: Scan): void {
  const anchor = scan.anchor;
  scan.anchor = null;
  if (anchor?.link == null) return;
  const text = displayText(decodeTextEntities(anchor.chunks.join('')));
  anchor.link.text =
    text !== '' || anchor.title === undefined ? text : displayText(decodeAttribute(anchor.title));
}

function readImage(scan: Scan, attributes: Attributes): void {
  const label = attributes.alt ?? attributes.title;
  addLink(scan, 'img', 'src', attributes.src, label);
  addSrcset(scan, 'img', attributes.srcset, label);
  // An image's alt text is the text of a link it sits in (`<a><img alt="Home"></a>`).
  if (scan.anchor !== null && attributes.alt !== undefined) {
    addAnchorText(scan.anchor, ` ${attributes.alt} `);
  }
}

function addSrcset(
  scan: Scan,
  element: LinkElement,
  srcset: string | undefined,
  label: string | undefined,
): void {
  if (srcset === undefined) return;
  for (const candidate of parseSrcset(decodeAttribute(srcset))) {
    pushLink(scan, element, 'srcset', candidate.url, label, undefined);
  }
}

/** The `url(…)` and `@import` links of CSS that starts on `firstLine`. */
function addCssLinks(scan: Scan, attribute: 'css' | 'style', css: string, firstLine: number): void {
  for (const found of cssUrls(css)) {
    const link = pushLink(scan, 'style', attribute, found.url, undefined, undefined);
    if (link !== null) link.line = firstLine + found.line - 1;
  }
}

function readMeta(scan: Scan, attributes: Attributes): void {
  const content = attributes.content;
  if (content === undefined) return;
  if (attributes.name !== undefined) {
    const name = decodeAttribute(attributes.name).trim().toLowerCase();
    scan.page.metas.push({ name, content: decodeAttribute(content) });
  }
  const httpEquiv = attributes['http-equiv'];
  if (httpEquiv === undefined || decodeAttribute(httpEquiv).trim().toLowerCase() !== 'refresh') {
    return;
  }
  const target = parseRefresh(decodeAttribute(content))?.url;
  if (target != null) pushLink(scan, 'meta-refresh', 'content', target, undefined, undefined);
}

/**
 * Adds the link an attribute names. An empty value is no request (an empty
 * `src` fetches nothing), except on `a`/`area`, where `href=""` is this page.
 */
function addLink(
  scan: Scan,
  element: LinkElement,
  attribute: LinkAttribute,
  value: string | undefined,
  label: string | undefined,
  rel?: string,
): LinkOrigin | null {
  if (value === undefined) return null;
  const raw = decodeAttribute(value);
  if (raw.trim() === '' && element !== 'a' && element !== 'area') return null;
  return pushLink(scan, element, attribute, raw, label, rel);
}

/**
 * Whether a link is kept: any of the first `maxLinks`; past them, one
 * written unlike every kept link, while fewer than `maxLinks` are written
 * differently. Debian's GHC docs have Haddock pages of 82,000-124,000
 * links to a few hundred URLs: cut at the first 20,000 links, the crawl
 * lost the links to two missing pages (links 20,821 and 21,544 of theirs).
 */
function keepsLink(scan: Scan, raw: string): boolean {
  const { links } = scan.page;
  const { maxLinks } = scan.options;
  if (links.length < maxLinks) return true;
  // Built once the page passes maxLinks links: most pages never do.
  scan.keptRaws ??= new Set(links.map((link) => link.raw));
  if (scan.keptRaws.has(raw) || scan.keptRaws.size >= maxLinks) return false;
  scan.keptRaws.add(raw);
  return true;
}

function pushLink(
  scan: Scan,
  element: LinkElement,
  attribute: LinkAttribute,
  raw: string,
  label: string | undefined,
  rel: string | undefined,
): LinkOrigin | null {
  if (!keepsLink(scan, raw)) {
    scan.page.omittedLinkCount++;
    return null;
  }
  const link: LinkOrigin = {
    raw,
    element,
    attribute,
    text: label === undefined ? '' : displayText(decodeAttribute(label)),
    rel: rel === undefined ? [] : relTokens(rel),
    line: currentLine(scan),
  };
  scan.page.links.push(link);
  return link;
}

/**
 * `&amp;` is nearly the only reference in real link URLs (`?a=1&amp;b=2`);
 * replacing it directly skips building a parser per link.
 */
function decodeAttribute(raw: string): string {
  let at = raw.indexOf('&');
  if (at < 0) return raw;
  for (; at >= 0; at = raw.indexOf('&', at + 1)) {
    if (!raw.startsWith('&amp;', at)) return decodeAttributeEntities(raw);
  }
  return raw.replaceAll('&amp;', '&');
}

function relTokens(rel: string): string[] {
  return decodeAttribute(rel).toLowerCase().split(ASCII_WHITESPACE_RUN).filter(Boolean);
}

/** Whitespace collapsed, at most 200 characters (never cutting a surrogate pair in two). */
function displayText(text: string): string {
  const collapsed = text.replace(WHITESPACE_RUN, ' ').trim();
  if (collapsed.length <= MAX_TEXT_CHARS) return collapsed;
  const cut = /[\uD800-\uDBFF]/.test(collapsed[MAX_TEXT_CHARS - 1] ?? '')
    ? MAX_TEXT_CHARS - 1
    : MAX_TEXT_CHARS;
  return collapsed.slice(0, cut);
}

function currentLine(scan: Scan): number {
  const index = scan.source?.startIndex ?? 0;
  let newline = scan.html.indexOf('\n', scan.lineIndex);
  while (newline !== -1 && newline < index) {
    scan.line++;
    newline = scan.html.indexOf('\n', newline + 1);
  }
  scan.lineIndex = Math.max(scan.lineIndex, index);
  return scan.line;
}
