/**
 * Reads PageFacts from raw HTML with htmlparser2's streaming parser (no tree
 * is built, so a 1 MB page costs one pass). Character references are decoded
 * only in the strings kept (see decode-entities.ts), which makes the pass about a
 * third faster. Nothing here throws on malformed markup.
 *
 * The result must match what the content script reads from the live DOM, so
 * this mimics the browser's HTML parser where it matters:
 * - "In head": htmlparser2 inserts no implied `<head>`/`<body>`, so a tag
 *   counts as in head until the body starts — at `<body>`, at the first
 *   element that cannot live in head (`<div>`, `<p>`, `<img>`, …) or at the
 *   first non-blank text outside `<title>`/`<script>`/`<style>`. That is the
 *   moment a browser closes head: a `<meta>` after a stray `<div>` inside an
 *   explicit `<head>` ends up in body there too, while one after `</head>`
 *   but before any body content is still put in head.
 * - `<template>` and `<noscript>` contents are not read: in a browser with
 *   scripting on, they create no elements in the page.
 * - `<title>` inside `<svg>`/`<math>` is not the page title.
 */
import { Parser } from 'htmlparser2';
import { decodeAttributeEntities, decodeTextEntities } from './decode-entities.ts';
import type { LinkTag, PageFacts } from './page-facts.ts';

/** Elements a browser keeps in head; any other start tag opens the body. */
const HEAD_ELEMENTS: ReadonlySet<string> = new Set([
  'html',
  'head',
  'title',
  'base',
  'link',
  'meta',
  'style',
  'script',
  'noscript',
  'template',
  'basefont',
  'bgsound',
]);

/** Elements whose text never starts the body. */
const HEAD_TEXT_ELEMENTS: ReadonlySet<string> = new Set(['title', 'script', 'style']);

/** Elements whose contents are inert in a scripting browser. */
const INERT_ELEMENTS: ReadonlySet<string> = new Set(['template', 'noscript']);

const FOREIGN_ELEMENTS: ReadonlySet<string> = new Set(['svg', 'math']);

const INERT = 1;
const FOREIGN = 2;
const HEAD_TEXT = 4;
const HEAD = 8;

/**
 * The sets above as bit flags per element: one map lookup per tag instead
 * of four (a crawl reads ~900 tags per libstdc++ page); 0 for any other element.
 */
const ELEMENT_KINDS: ReadonlyMap<string, number> = elementKinds([
  [INERT_ELEMENTS, INERT],
  [FOREIGN_ELEMENTS, FOREIGN],
  [HEAD_TEXT_ELEMENTS, HEAD_TEXT],
  [HEAD_ELEMENTS, HEAD],
]);

function elementKinds(sets: [ReadonlySet<string>, number][]): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const [elements, flag] of sets) {
    for (const element of elements) kinds.set(element, (kinds.get(element) ?? 0) | flag);
  }
  return kinds;
}

const ASCII_WHITESPACE = /[\t\n\f\r ]+/g;
const NON_BLANK = /[^\t\n\f\r ]/;

type Attributes = Record<string, string>;

/** Mutable reading state for one page. */
interface Reader {
  facts: PageFacts;
  bodyStarted: boolean;
  inertDepth: number;
  foreignDepth: number;
  headTextDepth: number;
  /** Title text chunks while inside the first title; null otherwise. */
  titleChunks: string[] | null;
  titleDone: boolean;
}

/** The parser events a facts reader consumes (htmlparser2's handler names). */
export interface ParserTee {
  onopentag(name: string, attributes: Attributes): void;
  onclosetag(name: string): void;
  ontext(text: string): void;
}

/**
 * A facts reader another htmlparser2 pass can drive (a tee): the crawl's
 * link scan (lib/links/scan-html.ts) feeds it every event of its own parse,
 * so a page of the site is parsed once for its links and its facts.
 * `finish()` gives what `extractPageFacts` would have read from the same HTML.
 */
export interface PageFactsReader extends ParserTee {
  finish(): PageFacts;
}

export function pageFactsReader(url: string): PageFactsReader {
  const reader = newReader(url);
  return {
    onopentag: (name, attributes) => openTag(reader, name, attributes),
    onclosetag: (name) => closeTag(reader, name),
    ontext: (text) => readText(reader, text),
    finish: () => {
      finishTitle(reader);
      return reader.facts;
    },
  };
}

export function extractPageFacts(html: string, url: string): PageFacts {
  const reader = pageFactsReader(url);
  const parser = new Parser(
    {
      onopentag: reader.onopentag,
      onclosetag: reader.onclosetag,
      ontext: reader.ontext,
    },
    { decodeEntities: false },
  );
  // A byte-order mark left in by the caller's decoder is not page text.
  parser.end(html.startsWith('\uFEFF') ? html.slice(1) : html);
  return reader.finish();
}

function newReader(url: string): Reader {
  return {
    facts: {
      url,
      title: null,
      metas: [],
      links: [],
      refresh: [],
      anchorCount: 0,
      nofollowAnchorCount: 0,
    },
    bodyStarted: false,
    inertDepth: 0,
    foreignDepth: 0,
    headTextDepth: 0,
    titleChunks: null,
    titleDone: false,
  };
}

function openTag(reader: Reader, name: string, attributes: Attributes): void {
  const kind = ELEMENT_KINDS.get(name) ?? 0;
  if (kind & INERT) reader.inertDepth++;
  if (kind & FOREIGN) reader.foreignDepth++;
  if (kind & HEAD_TEXT) reader.headTextDepth++;
  if (reader.inertDepth > (kind & INERT ? 1 : 0)) return;
  if (!(kind & HEAD)) reader.bodyStarted = true;
  readElement(reader, name, attributes);
}

function closeTag(reader: Reader, name: string): void {
  const kind = ELEMENT_KINDS.get(name) ?? 0;
  if (kind === 0) return;
  if (kind & INERT) reader.inertDepth = Math.max(0, reader.inertDepth - 1);
  if (kind & FOREIGN) reader.foreignDepth = Math.max(0, reader.foreignDepth - 1);
  if (kind & HEAD_TEXT) reader.headTextDepth = Math.max(0, reader.headTextDepth - 1);
  if (name === 'title' && reader.titleChunks !== null) finishTitle(reader);
}

function readText(reader: Reader, text: string): void {
  if (reader.inertDepth > 0) return;
  if (reader.titleChunks !== null) reader.titleChunks.push(text);
  else if (
    reader.headTextDepth === 0 &&
    !reader.bodyStarted &&
    NON_BLANK.test(decodeTextEntities(text))
  ) {
    reader.bodyStarted = true;
  }
}

function readElement(reader: Reader, name: string, attributes: Attributes): void {
  switch (name) {
    case 'a':
      countAnchor(reader.facts, attributes);
      return;
    case 'meta':
      readMeta(reader.facts, attributes, !reader.bodyStarted);
      return;
    case 'link':
      readLink(reader.facts, attributes, !reader.bodyStarted);
      return;
    case 'base':
      if (reader.facts.baseHref === undefined && attributes.href !== undefined) {
        reader.facts.baseHref = decodeAttributeEntities(attributes.href);
      }
      return;
    case 'title':
      if (!reader.titleDone && reader.foreignDepth === 0) reader.titleChunks = [];
      return;
  }
}

function countAnchor(facts: PageFacts, attributes: Attributes): void {
  if (attributes.href === undefined) return;
  facts.anchorCount++;
  if (attributes.rel !== undefined && relTokens(attributes.rel).includes('nofollow')) {
    facts.nofollowAnchorCount++;
  }
}

function readMeta(facts: PageFacts, attributes: Attributes, inHead: boolean): void {
  const content = decodeAttributeEntities(attributes.content ?? '');
  if (isRefresh(attributes)) facts.refresh.push(content);
  for (const name of metaNames(attributes)) facts.metas.push({ name, content, inHead });
}

function isRefresh(attributes: Attributes): boolean {
  const httpEquiv = attributes['http-equiv'];
  return (
    httpEquiv !== undefined && decodeAttributeEntities(httpEquiv).trim().toLowerCase() === 'refresh'
  );
}

/** `name` and, for Open Graph, `property`; a tag carrying both is recorded under each. */
function metaNames(attributes: Attributes): string[] {
  const names: string[] = [];
  for (const raw of [attributes.name, attributes.property]) {
    const name = raw === undefined ? undefined : decodeAttributeEntities(raw).trim().toLowerCase();
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

function readLink(facts: PageFacts, attributes: Attributes, inHead: boolean): void {
  if (attributes.rel === undefined || attributes.href === undefined) return;
  const link: LinkTag = {
    rel: relTokens(attributes.rel),
    href: decodeAttributeEntities(attributes.href),
    inHead,
  };
  if (attributes.hreflang !== undefined)
    link.hreflang = decodeAttributeEntities(attributes.hreflang);
  facts.links.push(link);
}

function relTokens(rel: string): string[] {
  return decodeAttributeEntities(rel).toLowerCase().split(ASCII_WHITESPACE).filter(Boolean);
}

/** Like the DOM title getter: ASCII whitespace stripped and collapsed. */
function finishTitle(reader: Reader): void {
  if (reader.titleChunks === null) return;
  const title = decodeTextEntities(reader.titleChunks.join(''));
  reader.facts.title = title.replace(ASCII_WHITESPACE, ' ').trim();
  reader.titleChunks = null;
  reader.titleDone = true;
}
