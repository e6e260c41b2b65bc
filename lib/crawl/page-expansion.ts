/**
 * read → enqueue: an HTML page of the site gives its fingerprint, its robots
 * directives (META and X-Robots-Tag) and its links; each link becomes a
 * source of its target and, when admitted, a frontier entry, or a refusal
 * recorded with its rule. Duplicate content (same text and links) is not
 * expanded again; a page matching the site's soft-404 answer is broken.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { isCss, isHtml } from '../http/content-type.ts';
import { cssUrls } from '../links/css-urls.ts';
import { resolveLinks } from '../links/resolve-links.ts';
import { decodeText } from '../http/decode-text.ts';
import { headerValues } from '../http/types.ts';
import { appliesToRobot } from '../meta/robot-names.ts';
import { mergeRules, NO_RULES, rulesOf } from '../meta/robots-rules.ts';
import { parseXRobotsTag } from '../meta/x-robots-tag.ts';
import { AuditRobotsTxt, pageRulesFor } from '../audit/audit-robot.ts';
import { keepPageAuditFacts } from '../audit/page-audit-facts.ts';
import { aliasReasons, type AliasReason } from '../url/alias-reasons.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import type { UrlPattern } from '../url/url-pattern.ts';
import type { ExtractedLink, LinkElement } from '../links/link-types.ts';
import type { CrawlBook } from './crawl-book.ts';
import { chooseMethod, type FetchMethod } from './fetch-plan.ts';
import type { FetchOutcome } from './fetch-link.ts';
import type { FrontierEntry } from './frontier.ts';
import { admitLink, type AdmissionContext } from './link-admission.ts';
import type { PageReading, PageReadRequest } from './read-page.ts';
import { inScope, type CrawlScope } from './scope.ts';
import type { CrawlEvent, LinkSource, UrlRecord } from './types.ts';
import { ownCopy } from '../text/own-copy.ts';

const FILE_URL = phrase('crawlengine_file_url');

/** How this link alone would have its (internal) target fetched: GET for a page to crawl. */
function methodOf(url: string, link: { element: LinkElement; rel: string[] }): FetchMethod {
  return chooseMethod({ url, internal: true, element: link.element, rel: link.rel });
}

/** Would this link alone make its (internal) target a page to crawl? */
function isPageLink(url: string, link: { element: LinkElement; rel: string[] }): boolean {
  return methodOf(url, link) === 'GET';
}

/** The page being read, as the link graph sees it. */
interface GraphPage {
  url: string;
  auditFollows: boolean;
}

export interface PageExpanderDeps {
  book: CrawlBook;
  scope: CrawlScope;
  blockList: UrlPattern[];
  emit: (event: CrawlEvent) => void;
}

/**
 * How URLs are usually written, not other spellings of them: a
 * `page.html#section` link is how pages link their parts, and
 * `https://numfocus.org` how a home page is (the browser sends `/` for it).
 * Debian's pandas docs link two sponsors so in every page's footer: 999 of
 * the 1,000 aliases the report keeps were such links, and the one other was
 * kept by luck.
 */
const USUAL_SPELLINGS: ReadonlySet<AliasReason> = new Set(['fragment', 'empty-path']);

export class PageExpander {
  readonly #book: CrawlBook;
  readonly #scope: CrawlScope;
  readonly #blockList: UrlPattern[];
  readonly #emit: (event: CrawlEvent) => void;
  /** robots.txt as the audit robot reads it; null when the audit is off. */
  readonly #auditRobots: AuditRobotsTxt | null;

  constructor({ book, scope, blockList, emit }: PageExpanderDeps) {
    this.#book = book;
    const audit = book.options.audit;
    this.#auditRobots = audit === null ? null : new AuditRobotsTxt(book.robots, audit.robot);
    this.#scope = scope;
    this.#blockList = blockList;
    this.#emit = emit;
  }

  /**
   * What of a fetched page must be read: a stylesheet is read here and now
   * (its URLs need no parser); an HTML page of the site becomes a request
   * for a page reader (read-page.ts), whose reading `expand` then applies.
   */
  toRead(entry: FrontierEntry, outcome: FetchOutcome, record: UrlRecord): PageReadRequest | null {
    const response = outcome.response!;
    if (isCss(record.contentType)) {
      this.#readStylesheet(entry, outcome, record);
      return null;
    }
    if (!isHtml(record.contentType)) return null;
    const pageUrl = outcome.finalUrl;
    if (!inScope(pageUrl, this.#scope).allowed) return null;
    return {
      body: response.body,
      contentType: record.contentType,
      pageUrl,
      options: { robot: this.#book.options.robot, withFacts: this.#book.options.audit !== null },
    };
  }

  /** A page's reading: its fingerprint, robots directives and links, into the record and the frontier. */
  expand(
    entry: FrontierEntry,
    outcome: FetchOutcome,
    record: UrlRecord,
    reading: PageReading,
  ): void {
    const response = outcome.response!;
    const pageUrl = outcome.finalUrl;
    const audit = this.#book.options.audit;
    record.bytes = response.body.length;
    if (response.truncated) record.truncated = true;
    record.fingerprint = reading.fingerprint.text;
    const xRobotsTag = headerValues(response, 'x-robots-tag');
    if (audit !== null && reading.facts)
      record.audit = keepPageAuditFacts(reading.facts, xRobotsTag, audit.robot);
    const headerRules = this.#headerRules(xRobotsTag);
    if (!reading.robotsMeta.index.allowed || headerRules.noindex) record.noindex = true;
    const nofollow = !reading.robotsMeta.follow.allowed || headerRules.nofollow;
    if (nofollow) record.nofollow = true;
    if (this.#isSoft404(entry, record)) return;
    const seenAt = this.#book.contentSeen.get(reading.fingerprint.withLinks);
    if (seenAt !== undefined && seenAt !== pageUrl) {
      // Same text and the same links: an alias of a page already expanded.
      record.duplicateOf = seenAt;
      this.#emit({
        type: 'finding',
        kind: 'duplicate',
        url: entry.url,
        detail: phrase('crawl_same_content_as', { url: seenAt }),
      });
      if (linksLeadAlike(reading, seenAt)) return;
    } else this.#book.contentSeen.set(reading.fingerprint.withLinks, pageUrl);
    this.#expand(entry, pageUrl, reading.links, record, nofollow);
  }

  /**
   * The link graph's view of the page being read: what it counts as (its
   * normalized URL, the redirect's end when it redirected) and whether the
   * audit robot follows its links (robots.txt lets it fetch the page, and no
   * META or X-Robots-Tag for it says noindex or nofollow).
   */
  #graphPage(entry: FrontierEntry, pageUrl: string, record: UrlRecord): GraphPage {
    const normalized = pageUrl === entry.url ? null : normalizeUrl(pageUrl);
    const url = normalized?.ok ? normalized.url : entry.url;
    const audit = this.#book.options.audit;
    if (audit === null || !record.audit) return { url, auditFollows: false };
    const rules = pageRulesFor(record.audit.facts, record.audit.xRobotsTag, audit.robot);
    const auditFollows = !rules.noindex && !rules.nofollow && this.#auditRobots!.allows(url);
    return { url, auditFollows };
  }

  /** One admitted link, in the link graph: counted, followed or not, `rel=nofollow` kept. */
  #noteLink(page: GraphPage, url: string, link: ExtractedLink): void {
    const graph = this.#book.linkGraph;
    this.#book.noteLink(page.url, url);
    if (this.#book.options.audit === null) return;
    const relNofollow = link.rel.includes('nofollow');
    if (relNofollow && (link.element === 'a' || link.element === 'area')) {
      if (inScope(url, this.#scope).allowed)
        graph.noteNofollow({
          page: page.url,
          url,
          text: ownCopy(link.text),
          ...(link.line !== undefined ? { line: link.line } : {}),
        });
      return;
    }
    if (!page.auditFollows || relNofollow || url === page.url || this.#book.isFollowed(url)) return;
    if (isPageLink(url, link)) this.#book.noteFollowed(url);
  }

  /** A stylesheet of the site: its `url(…)` and `@import` links, resolved against it. */
  #readStylesheet(entry: FrontierEntry, outcome: FetchOutcome, record: UrlRecord): void {
    const cssUrl = outcome.finalUrl;
    if (!inScope(cssUrl, this.#scope).allowed) return;
    const css = decodeText(outcome.response!.body, record.contentType);
    record.bytes = outcome.response!.body.length;
    const origins = cssUrls(css).map((found) => ({
      raw: found.url,
      element: 'style' as const,
      attribute: 'css' as const,
      text: '',
      rel: [],
      line: found.line,
    }));
    this.#expand(entry, cssUrl, resolveLinks(origins, cssUrl, undefined), record, false);
  }

  /** The page's answer matches this origin's answer to a random path: a "not found" page served as 200. */
  #isSoft404(entry: FrontierEntry, record: UrlRecord): boolean {
    const soft = this.#book.soft404.get(entry.origin);
    if (!soft || soft !== record.fingerprint || entry.depth === 0) return false;
    record.status = 'broken';
    record.brokenReason = 'soft-404';
    record.reason = phrase('crawl_soft_404');
    this.#emit({ type: 'finding', kind: 'soft-404', url: entry.url, detail: record.reason });
    return true;
  }

  #headerRules(values: string[]) {
    const robot = this.#book.options.robot;
    return parseXRobotsTag(values)
      .filter((entry) => appliesToRobot(entry.robot, robot))
      .reduce(
        (merged, entry) => mergeRules(merged, rulesOf(entry.directives.directives)),
        NO_RULES,
      );
  }

  /** enqueue: every link is a source; the admitted ones are queued, refused ones recorded with the rule. */
  #expand(
    entry: FrontierEntry,
    pageUrl: string,
    links: readonly ExtractedLink[],
    record: UrlRecord,
    nofollow: boolean,
  ): void {
    const context = this.#admissionContext(entry.depth + 1);
    const targets: string[] = [];
    const page = this.#graphPage(entry, pageUrl, record);
    const aliased = new Set<string>();
    for (const link of links) {
      const admission = admitLink(link, context);
      if (admission.kind === 'ignore') continue;
      const source: LinkSource = {
        page: pageUrl,
        element: link.element,
        attribute: link.attribute,
        text: link.text,
        line: link.line,
        raw: link.raw,
      };
      if (admission.kind === 'other-scheme') {
        if (admission.scheme === 'file')
          this.#recordFileLink(admission.url, source, entry.depth + 1);
        else this.#countSchemeLink(admission.scheme);
        continue;
      }
      if (admission.kind === 'invalid') {
        this.#recordInvalid(admission.raw, admission.reason, source, entry.depth + 1);
        continue;
      }
      targets.push(admission.url);
      this.#book.addSource(admission.url, source);
      this.#noteLink(page, admission.url, link);
      if (link.kind === 'request') this.#noteAlias(link.raw, admission.url, pageUrl, aliased);
      if (nofollow) continue;
      if (admission.kind === 'known') {
        const method = () => methodOf(admission.url, link);
        const depth = entry.depth + 1;
        this.#book.wantPage(admission.url, depth, pageUrl, () => method() === 'GET');
        this.#book.reachedBy(admission.url, depth, pageUrl, context.maxDepth, method);
        continue;
      }
      if (admission.kind === 'refuse') {
        this.#refuse(
          admission.url,
          admission.internal,
          entry.depth + 1,
          admission.skip,
          admission.reason,
          admission.trap,
        );
        continue;
      }
      this.#book.enqueue({
        url: admission.url,
        origin: new URL(admission.url).origin,
        depth: entry.depth + 1,
        internal: admission.internal,
        method: admission.method,
        referrer: pageUrl,
      });
    }
    if (nofollow) this.#book.notFollowed.push({ page: pageUrl, links: this.#keptOnce(targets) });
  }

  /** The URLs once each, as the strings the crawl knows them by (see KnownUrls). */
  #keptOnce(urls: string[]): string[] {
    return [...new Set(urls)].map((url) => this.#book.known.kept(url));
  }

  #admissionContext(depth: number): AdmissionContext {
    const { options } = this.#book;
    return {
      isKnown: (url) => this.#book.known.has(url),
      scope: this.#scope,
      depth,
      maxDepth: options.maxDepth,
      maxUrlChars: options.maxUrlChars,
      blockList: this.#blockList,
      querySpace: this.#book.querySpace,
      checkExternal: options.checkExternal,
    };
  }

  #refuse(
    url: string,
    internal: boolean,
    depth: number,
    skip: 'trap' | 'external-not-checked',
    reason: Phrase,
    trap?: UrlRecord['trap'],
  ): void {
    const record: UrlRecord = {
      url,
      depth,
      internal,
      status: 'skipped',
      httpStatus: null,
      reason,
      skipReason: trap ?? 'external-not-checked',
      ...(trap ? { trap } : {}),
    };
    this.#book.record(record);
    if (skip === 'trap') this.#emit({ type: 'finding', kind: 'trap', url, detail: reason });
    this.#emit({ type: 'result', record });
  }

  /** `mailto:`, `tel:`, `javascript:`, … links make no request: counted by scheme, not listed. */
  #countSchemeLink(scheme: string): void {
    const counts = this.#book.schemeLinks;
    counts.set(scheme, (counts.get(scheme) ?? 0) + 1);
  }

  /**
   * A `file:` link (or canonical) works only on the author's computer: a
   * broken link for every visitor, listed with the pages that carry it.
   */
  #recordFileLink(url: string, source: LinkSource, depth: number): void {
    this.#book.addSource(url, source);
    if (this.#book.known.has(url)) return;
    const record: UrlRecord = {
      url,
      depth,
      internal: false,
      status: 'broken',
      httpStatus: null,
      brokenReason: 'file-url',
      reason: FILE_URL,
    };
    this.#book.record(record);
    this.#emit({ type: 'result', record });
  }

  #recordInvalid(raw: string, reason: Phrase, source: LinkSource, depth: number): void {
    const invalid = phrase('crawl_invalid_url', { reason });
    const key = `invalid:${raw}`;
    this.#book.addSource(key, source);
    if (this.#book.known.has(key)) return;
    const record: UrlRecord = {
      url: key,
      depth,
      internal: false,
      status: 'broken',
      httpStatus: null,
      brokenReason: 'invalid-url',
      reason: invalid,
    };
    this.#book.record(record);
    this.#emit({ type: 'result', record });
  }

  /** `aliased`: the page's aliases noted so far; one written twice (a menu and the text) is one note. */
  #noteAlias(raw: string, url: string, page: string, aliased: Set<string>): void {
    if (aliased.has(raw)) return;
    const reasons = aliasReasons(raw, page).filter((reason) => !USUAL_SPELLINGS.has(reason));
    if (reasons.length === 0) return;
    aliased.add(raw);
    this.#book.noteAlias({ raw, url, page, reasons });
    this.#emit({
      type: 'finding',
      kind: 'alias',
      url,
      detail: phrase('crawl_alias_of', { raw, url, reasons }),
    });
  }
}

/**
 * Whether a duplicate page's links (resolved where it was read) lead where
 * the same links lead from `seenAt`, the page it duplicates (a symlink in the same
 * folder, `/` and `/index.html`): then it has nothing new to check. The
 * same bytes in another folder are another matter: Debian's Apache manual
 * serves `/de/mod/mod_http2.html` as a symlink to the English page, whose
 * `../mod/proxy.html` is missing under `/de/` only; stopping at every such
 * copy hid 79 broken URLs and 488 pages (against `wget --spider -r`). A
 * symlink loop still ends, at its repeating path (traps.ts).
 */
function linksLeadAlike(reading: PageReading, seenAt: string): boolean {
  const there = resolveLinks(reading.links, seenAt, reading.baseHref);
  return reading.links.every((link, index) => target(link) === target(there[index]!));
}

/** Where a link leads, for linksLeadAlike: a jump within the page (`#top`) or an invalid one as written. */
function target(link: ExtractedLink): string {
  if (link.kind === 'invalid') return link.raw;
  if (link.kind === 'not-a-request' && link.reason === 'fragment-only') return link.raw;
  return link.url;
}
