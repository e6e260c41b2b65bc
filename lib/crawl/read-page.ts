/**
 * Everything the crawler needs from one fetched HTML page, from ONE parse:
 * its links (with origin and absolute URL), its content fingerprints and
 * what its robots META tags say about following links and indexing. The
 * page's facts for the site audit (lib/audit/) are read in that parse too,
 * when asked. The robots reading uses lib/meta's directive parser, so the crawler and the
 * page audit agree on what `none` or `noindex, nofollow` means. The
 * X-Robots-Tag header is not in the HTML: the caller merges it
 * (lib/meta/x-robots-tag.ts).
 */
import { decodeText } from '../http/decode-text.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { DEFAULT_MAX_LINKS, type ExtractedLinks } from '../links/extract-links.ts';
import { resolveLinks } from '../links/resolve-links.ts';
import { scanHtml, type HtmlEventStream, type PageMeta } from '../links/scan-html.ts';
import { parseDirectives } from '../meta/directives.ts';
import { pageFactsReader } from '../meta/extract-page-facts.ts';
import type { PageFacts } from '../meta/page-facts.ts';
import { appliesToRobot } from '../meta/robot-names.ts';
import { shorten } from '../meta/tag-source.ts';
import { mergeRules, NO_RULES, rulesOf, type RobotsRules } from '../meta/robots-rules.ts';
import { combineFingerprint, TextHasher, type PageFingerprint } from './fingerprint.ts';

export type MetaPermission = { allowed: true } | { allowed: false; reason: Phrase };

export interface RobotsMetaReading {
  /** May the robot follow this page's links? (It may still list and check them.) */
  follow: MetaPermission;
  /** May the robot index this page? */
  index: MetaPermission;
  /** The robots META tags that speak to this robot, in document order. */
  metas: PageMeta[];
}

export interface PageReading extends ExtractedLinks {
  fingerprint: PageFingerprint;
  robotsMeta: RobotsMetaReading;
  /** The page's facts, as `extractPageFacts` reads them, from this same parse; only when asked. */
  facts?: PageFacts;
}

export interface ReadPageOptions {
  maxLinks?: number;
  /** Whose robots META tags count: `*` (only `<meta name="robots">`) or a product token like `Googlebot`. */
  robot?: string;
  /** Also read the page's facts (title, METAs, LINKs, …) for the site audit, in the same parse. */
  withFacts?: boolean;
}

/**
 * One page to read, as plain data: what a reader in another thread (a
 * worker) receives. Its answer, a PageReading, is plain data too.
 */
export interface PageReadRequest {
  /** The page's bytes as fetched: bytes move between threads without a copy, a string does not. */
  body: Uint8Array;
  contentType: string | undefined;
  pageUrl: string;
  options: ReadPageOptions;
}

/** A request's page, decoded (its charset) and read. */
export function readPageRequest({
  body,
  contentType,
  pageUrl,
  options,
}: PageReadRequest): PageReading {
  return readPage(decodeText(body, contentType), pageUrl, options);
}

/**
 * Reads pages for the crawl: `readPage` itself by default; an environment
 * with threads to spare passes one that reads in a pool of workers, so the
 * crawl's own thread only fetches and books (cli/crawl/page-reader-pool.ts).
 */
export type PageReader = (request: PageReadRequest) => Promise<PageReading>;

/**
 * `events`: where the HTML's parser events come from; the default (see
 * lib/links/html-events.ts) is the only one outside tests, which pass
 * htmlparser2's Parser to show both read every page alike.
 */
export function readPage(
  html: string,
  pageUrl: string,
  options: ReadPageOptions = {},
  events?: HtmlEventStream,
): PageReading {
  const text = new TextHasher();
  const factsReader = options.withFacts ? pageFactsReader(pageUrl) : null;
  const scanned = scanHtml(html, {
    maxLinks: options.maxLinks ?? DEFAULT_MAX_LINKS,
    onText: (chunk) => text.add(chunk),
    ...(factsReader ? { tee: factsReader } : {}),
    ...(events ? { events } : {}),
  });
  const reading: PageReading = {
    links: resolveLinks(scanned.links, pageUrl, scanned.baseHref),
    omittedLinkCount: scanned.omittedLinkCount,
    fingerprint: combineFingerprint(text, scanned.links),
    robotsMeta: readRobotsMeta(scanned.metas, options.robot ?? '*'),
  };
  if (scanned.baseHref !== undefined) reading.baseHref = scanned.baseHref;
  if (factsReader) reading.facts = factsReader.finish();
  return reading;
}

function readRobotsMeta(metas: readonly PageMeta[], robot: string): RobotsMetaReading {
  const applying = metas.filter((meta) => appliesToRobot(meta.name, robot));
  // Most restrictive wins across tags, as in the verdict (see lib/meta/robots-rules.ts).
  const rules = applying.reduce<RobotsRules>(
    (merged, meta) => mergeRules(merged, rulesOf(parseDirectives(meta.content).directives)),
    NO_RULES,
  );
  return {
    follow: permission(rules.nofollow, applying, 'nofollow'),
    index: permission(rules.noindex, applying, 'noindex'),
    metas: applying,
  };
}

function permission(
  forbidden: boolean,
  metas: readonly PageMeta[],
  directive: 'nofollow' | 'noindex',
): MetaPermission {
  if (!forbidden) return { allowed: true };
  const tags = metas
    .filter((meta) => rulesOf(parseDirectives(meta.content).directives)[directive])
    .map((meta) => `<meta name="${shorten(meta.name)}" content="${shorten(meta.content)}">`);
  const sources = tags
    .slice(1)
    .reduce<string | Phrase>(
      (first, second) => phrase('meta_sources_and', { first, second }),
      tags[0] ?? '',
    );
  const one = tags.length === 1;
  const reason =
    directive === 'nofollow'
      ? phrase(one ? 'meta_asks_not_to_follow' : 'meta_ask_not_to_follow', { sources })
      : phrase(one ? 'meta_asks_not_to_index' : 'meta_ask_not_to_index', { sources });
  return { allowed: false, reason };
}
