/**
 * The scale benchmark's generated site: up to a million URLs, answered from
 * memory (see in-memory-web.ts), the same every run. Its pages link like a
 * real site's: a site-wide menu, a breadcrumb up a tree of eight children
 * per page, the children, the next page of the section, related pages
 * (mostly nearby, a few anywhere) and a same-page anchor; every
 * `brokenEvery`-th page carries a link to a page that does not exist.
 * A crawl from `/` therefore keeps discovering URLs at about eight per page
 * read, as a breadth-first crawl of a deep site does, and reaches every one.
 *
 *   page 0: `/`; page i: `/s/<i % 64>/p<i>.html`; broken: `/gone/<i>.html` (404)
 */
import type { WebAnswer } from './in-memory-web.ts';

export interface ScaleSite {
  pages: number;
  /** Every n-th page (1 ≤ i) carries one link to a missing page. */
  brokenEvery: number;
}

const SECTIONS = 64;
const CHILDREN = 8;
const MENU_PAGES = 8;
const NEARBY_LINKS = 12;
const ANYWHERE_LINKS = 4;
/** Related pages count as nearby within this distance. */
const NEARBY_SPAN = 500;
const FILLER = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40);

/** The largest site with at most `urls` URLs in all (pages and missing ones): exactly `urls` but for a step. */
export function scaleSiteFor(urls: number, brokenEvery = 10): ScaleSite {
  let pages = Math.max(1, Math.round((urls * brokenEvery) / (brokenEvery + 1)));
  while (pages > 1 && siteUrlCount({ pages, brokenEvery }) > urls) pages--;
  while (siteUrlCount({ pages: pages + 1, brokenEvery }) <= urls) pages++;
  return { pages, brokenEvery };
}

/** Every URL a full crawl knows: the pages and the missing pages they link to. */
export function siteUrlCount(site: ScaleSite): number {
  return site.pages + Math.floor((site.pages - 1) / site.brokenEvery);
}

export function pagePath(i: number): string {
  return i === 0 ? '/' : `/s/${i % SECTIONS}/p${i}.html`;
}

/** The page number a path names, or -1 (pages outside the site are -1 too). */
export function pageIndex(path: string, site: ScaleSite): number {
  if (path === '/') return 0;
  const match = /^\/s\/(\d+)\/p(\d+)\.html$/.exec(path);
  if (!match) return -1;
  const i = Number(match[2]);
  const fits = i > 0 && i < site.pages && Number(match[1]) === i % SECTIONS;
  return fits ? i : -1;
}

/** The hrefs of page i, as written (one relative, one anchor), duplicates included as a page has them. */
export function pageLinks(i: number, site: ScaleSite): string[] {
  const { pages } = site;
  const links: string[] = ['/'];
  for (let m = 1; m <= MENU_PAGES && m < pages; m++) links.push(pagePath(m));
  if (i > 0) links.push(pagePath(Math.floor((i - 1) / CHILDREN)));
  for (let c = CHILDREN * i + 1; c <= CHILDREN * i + CHILDREN && c < pages; c++)
    links.push(pagePath(c));
  // Same section, so written relative to this page's directory.
  if (i > 0 && i + SECTIONS < pages) links.push(`p${i + SECTIONS}.html`);
  let seed = i + 1;
  const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let r = 0; r < NEARBY_LINKS; r++) {
    const target = i + (next() % (2 * NEARBY_SPAN + 1)) - NEARBY_SPAN;
    links.push(pagePath(Math.min(pages - 1, Math.max(0, target))));
  }
  for (let r = 0; r < ANYWHERE_LINKS; r++) links.push(pagePath(next() % pages));
  links.push('#top');
  if (i > 0 && i % site.brokenEvery === 0) links.push(`/gone/${i}.html`);
  return links;
}

export function answerScalePath(path: string, site: ScaleSite): WebAnswer {
  const i = pageIndex(path, site);
  if (i < 0) return { status: 404, html: '<!doctype html><title>Not found</title>' };
  const anchors = pageLinks(i, site).map(
    (href, n) => `<a href="${href}">Link ${n} of page ${i}</a>`,
  );
  return {
    status: 200,
    html: `<!doctype html><title>Page ${i}</title><h1 id="top">Page ${i}</h1><p>${FILLER}</p><nav>${anchors.join(' ')}</nav>`,
  };
}
