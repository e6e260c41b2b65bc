/**
 * Sitemaps (sitemaps.org protocol 0.9), read without trusting them: an XML
 * `<urlset>` (pages) or `<sitemapindex>` (more sitemaps), or a plain-text
 * sitemap of one URL per line. Pure and bounded: at most 50,000 entries per
 * file and 50 MiB of text, as the protocol says; whatever is beyond is
 * counted in an error, not kept. Never throws: every problem becomes a line
 * in `errors` (shown to the webmaster, so they name the entry).
 *
 * A `<loc>` must be an absolute http(s) URL on the sitemap's own origin and
 * under its folder (sitemaps.org, "Sitemap file location": a sitemap at
 * /catalog/sitemap.xml lists only /catalog/… URLs), or anywhere on the
 * `provenOrigin`: the host whose robots.txt named the sitemap, which proves
 * it may ("Sitemaps & Cross Submits"). Relative, invalid and other ones are
 * errors and left out.
 * Only `<loc>` directly inside `<url>`/`<sitemap>` counts, so the `image:loc`
 * and `video:loc` of extensions are not taken for pages.
 */
import type { MessageValue } from '../i18n/catalog.ts';
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { Parser } from 'htmlparser2';
import { originOf, parseUrl } from '../url/http-url.ts';

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

export interface ParsedSitemap {
  /** `urlset` for pages (plain-text sitemaps too), `sitemapindex` for more sitemaps. */
  kind: 'urlset' | 'sitemapindex' | 'unknown';
  urls: SitemapUrl[];
  /** Sitemap URLs a sitemap index names. */
  sitemaps: string[];
  errors: Phrase[];
}

/** Entries per sitemap file, and bytes of it (uncompressed), per the protocol. */
export const MAX_SITEMAP_ENTRIES = 50_000;
export const MAX_SITEMAP_CHARS = 50 * 1024 * 1024;
/** The protocol wants URLs shorter than 2,048 characters. */
export const MAX_SITEMAP_URL_CHARS = 2_048;
/** Errors kept at most; the rest are counted in a last line. */
export const MAX_SITEMAP_ERRORS = 100;

/** W3C Datetime: a year, a month, a day, or a full time with a zone. */
const W3C_DATETIME =
  /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?)?)?$/;

export interface SitemapReadOptions {
  /** The origin whose robots.txt named this sitemap: its URLs are allowed anywhere on that host. */
  provenOrigin?: string;
}

export function parseSitemap(
  xml: string,
  sitemapUrl: string,
  options: SitemapReadOptions = {},
): ParsedSitemap {
  const sink = new SitemapSink(sitemapUrl, options.provenOrigin ?? null);
  let text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  if (text.length > MAX_SITEMAP_CHARS) {
    sink.error(phrase('sitemap_too_large', { limit: MAX_SITEMAP_CHARS }));
    text = text.slice(0, MAX_SITEMAP_CHARS);
  }
  try {
    if (text.trim() === '') sink.error(phrase('sitemap_empty'));
    else if (text.trimStart().startsWith('<')) readXml(text, sink);
    else readPlainText(text, sink);
  } catch (error) {
    // htmlparser2 does not throw on bad markup; this is only a backstop.
    sink.error(
      phrase('sitemap_unreadable', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  return sink.result();
}

/** Collects entries with their checks, the bounds and the error list. */
class SitemapSink {
  kind: ParsedSitemap['kind'] = 'unknown';
  private readonly urls: SitemapUrl[] = [];
  private readonly sitemaps: string[] = [];
  private readonly errors: Phrase[] = [];
  private droppedErrors = 0;
  private entries = 0;
  private readonly seen = new Set<string>();
  private readonly origin: string | null;
  /** The path prefix the sitemap's own entries must have: its folder. */
  private readonly folder: string;

  constructor(
    readonly sitemapUrl: string,
    private readonly provenOrigin: string | null,
  ) {
    this.origin = originOf(sitemapUrl);
    this.folder = folderOf(sitemapUrl);
    if (this.origin === null) this.error(phrase('sitemap_own_url', { url: sitemapUrl }));
  }

  /** Entries met so far, kept or not. */
  entriesSeen(): number {
    return this.entries;
  }

  error(message: Phrase): void {
    if (this.errors.length < MAX_SITEMAP_ERRORS) this.errors.push(message);
    else this.droppedErrors++;
  }

  /** One `<url>`/`<sitemap>` entry (or text line); `where` names it in errors. */
  add(loc: string | undefined, lastmod: string | undefined, where: MessageValue): void {
    this.entries++;
    if (this.entries > MAX_SITEMAP_ENTRIES) return; // counted, reported once in result()
    if (loc === undefined || loc === '') return this.error(phrase('sitemap_no_loc', { where }));
    const checked = this.checkLoc(loc, where);
    if (checked === null) return;
    if (this.seen.has(checked)) return this.error(phrase('sitemap_twice', { where, url: checked }));
    this.seen.add(checked);
    if (this.kind === 'sitemapindex') return void this.sitemaps.push(checked);
    const entry: SitemapUrl = { loc: checked };
    if (lastmod !== undefined) {
      if (W3C_DATETIME.test(lastmod)) entry.lastmod = lastmod;
      else this.error(phrase('sitemap_lastmod', { where, value: shorten(lastmod) }));
    }
    this.urls.push(entry);
  }

  private checkLoc(loc: string, where: MessageValue): string | null {
    if (loc.length >= MAX_SITEMAP_URL_CHARS) {
      this.error(
        phrase('sitemap_url_too_long', {
          where,
          length: loc.length,
          limit: MAX_SITEMAP_URL_CHARS - 1,
        }),
      );
      return null;
    }
    const url = parseUrl(loc);
    if (url === null) {
      this.error(phrase('sitemap_not_absolute', { where, url: shorten(loc) }));
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      this.error(phrase('sitemap_not_http', { where, url: shorten(loc) }));
      return null;
    }
    if (this.provenOrigin !== null && url.origin === this.provenOrigin) return url.href;
    if (this.origin !== null && url.origin !== this.origin) {
      this.error(phrase('sitemap_other_origin', { where, url: shorten(loc), origin: this.origin }));
      return null;
    }
    if (this.origin !== null && !url.pathname.startsWith(this.folder)) {
      const folder = this.folder;
      this.error(phrase('reach_sitemap_outside_folder', { where, url: shorten(loc), folder }));
      return null;
    }
    return url.href;
  }

  result(): ParsedSitemap {
    if (this.entries > MAX_SITEMAP_ENTRIES)
      this.error(phrase('sitemap_too_many', { entries: this.entries, limit: MAX_SITEMAP_ENTRIES }));
    const errors = [...this.errors];
    if (this.droppedErrors > 0)
      errors.push(phrase('sitemap_more_errors', { count: this.droppedErrors }));
    return { kind: this.kind, urls: this.urls, sitemaps: this.sitemaps, errors };
  }
}

/** Element names without a namespace prefix, lower-cased (`sm:urlset` → `urlset`). */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1).toLowerCase();
}

function readXml(text: string, sink: SitemapSink): void {
  const stack: string[] = [];
  let root: string | undefined;
  let entry: { loc?: string; lastmod?: string } | null = null;
  let field: 'loc' | 'lastmod' | null = null;
  let fieldText = '';
  let misplaced = 0;
  const entryTag = () => (sink.kind === 'sitemapindex' ? 'sitemap' : 'url');

  const parser = new Parser(
    {
      onopentag(rawName) {
        const name = localName(rawName);
        stack.push(name);
        if (stack.length === 1) {
          root ??= name;
          if (name === 'urlset' || name === 'sitemapindex') sink.kind = name;
          return;
        }
        if (sink.kind === 'unknown') return;
        if (stack.length === 2) {
          if (name === entryTag()) entry = {};
          else if (name === 'url' || name === 'sitemap') misplaced++;
        } else if (stack.length === 3 && entry && (name === 'loc' || name === 'lastmod')) {
          field = name;
          fieldText = '';
        }
      },
      ontext(chunk) {
        if (field) fieldText += chunk;
      },
      onclosetag() {
        const depth = stack.length;
        stack.pop();
        if (depth === 3 && field && entry) {
          entry[field] ??= fieldText.trim();
          field = null;
        } else if (depth === 2 && entry) {
          sink.add(
            entry.loc,
            entry.lastmod,
            phrase('sitemap_where_entry', {
              tag: entryTag(),
              number: String(sink.entriesSeen() + 1),
            }),
          );
          entry = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(text);

  if (root === undefined) sink.error(phrase('sitemap_no_xml'));
  else if (sink.kind === 'unknown') sink.error(phrase('sitemap_root', { root }));
  if (misplaced > 0) sink.error(phrase('sitemap_misplaced', { count: misplaced, kind: sink.kind }));
}

function readPlainText(text: string, sink: SitemapSink): void {
  sink.kind = 'urlset';
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((line, i) => {
    const url = line.trim();
    if (url !== '') sink.add(url, undefined, phrase('line_n', { line: String(i + 1) }));
  });
}

/** `/catalog/sitemap.xml` → `/catalog/`; `/` for anything unparsable (then the origin check speaks). */
function folderOf(url: string): string {
  try {
    const path = new URL(url).pathname;
    return path.slice(0, path.lastIndexOf('/') + 1);
  } catch {
    return '/';
  }
}

function shorten(text: string): string {
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}
