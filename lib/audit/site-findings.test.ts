/**
 * siteFindings as a whole: order, counts, severities, and the fixture site
 * (tests/fixtures/site-audit) read into a SiteAuditInput the way the crawl
 * would fill it — page facts, links (LINK elements included), the sitemap,
 * robots.txt closing /private/ to Googlebot — which must give exactly
 * expected-findings.json, the list the end-to-end crawl test asserts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprintPage } from '../crawl/fingerprint.ts';
import { extractLinks } from '../links/extract-links.ts';
import { extractPageFacts } from '../meta/extract-page-facts.ts';
import { normalizeUrl } from '../url/normalize-url.ts';
import {
  briefly,
  ORIGIN,
  siteInput,
  type LinkSpec,
  type PageSpec,
  type SiteSpec,
} from '../../tests/support/site-audit-input.ts';
import {
  SITE_FINDING_CODES,
  SITE_FINDING_SEVERITY,
  findingCounts,
  siteFindings,
} from './site-findings.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../tests/fixtures/site-audit');

describe('siteFindings', () => {
  it('sorts by code, then URL', () => {
    const found = siteFindings(
      siteInput({
        pages: { '/b': { title: null }, '/a': { title: null, description: null } },
        sitemap: ['/'],
        startUrls: [],
      }),
    );
    expect(found.map((f) => `${f.code} ${f.url.replace(ORIGIN, '')}`)).toEqual([
      'description-missing /a',
      'not-in-sitemap /a',
      'not-in-sitemap /b',
      'title-missing /a',
      'title-missing /b',
    ]);
  });

  it('counts findings per code', () => {
    const found = siteFindings(
      siteInput({ pages: { '/a': { title: null }, '/b': { title: null } } }),
    );
    expect(findingCounts(found)).toEqual({ 'title-missing': 2 });
    expect(findingCounts([])).toEqual({});
  });

  it('has a severity for every code, and a README-sized table', () => {
    expect(SITE_FINDING_CODES).toHaveLength(34);
    expect(new Set(Object.values(SITE_FINDING_SEVERITY))).toEqual(
      new Set(['error', 'warning', 'note']),
    );
  });

  it('leaves out a URL that redirected: its end is the page', () => {
    const input = siteInput({
      pages: { '/': { fingerprint: 'home' }, '/old': { fingerprint: 'home' } },
      targets: { '/old': { redirect: '/' } },
      sitemap: ['/'],
    });
    expect(briefly(siteFindings(input))).toEqual([]);
  });

  it('reads a URL listed twice as one page', () => {
    const input = siteInput({ pages: { '/a': { title: null } } });
    const twice = { ...input, pages: [...input.pages, ...input.pages] };
    expect(briefly(siteFindings(twice))).toEqual(['title-missing /a']);
  });
});

describe('the site-audit fixture', () => {
  const expected = JSON.parse(
    readFileSync(path.join(FIXTURE, 'expected-findings.json'), 'utf8'),
  ) as {
    code: string;
    url: string;
  }[];

  it('gives exactly expected-findings.json, in order', () => {
    const found = siteFindings(siteInput(fixtureSite()));
    expect(found.map((f) => ({ code: f.code, url: f.url.replace(ORIGIN, '') }))).toEqual(expected);
  });

  it('covers every finding code', () => {
    expect([...new Set(expected.map((f) => f.code))].sort()).toEqual(
      [...SITE_FINDING_CODES].sort(),
    );
  });
});

/** The fixture as a crawl from `/` with sitemaps would see it (robots.txt: Googlebot kept out of /private/). */
function fixtureSite(): SiteSpec {
  const pages: Record<string, PageSpec> = {};
  const links: LinkSpec[] = [];
  for (const file of htmlFiles(FIXTURE)) {
    const pagePath = file === 'index.html' ? '/' : `/${file}`;
    const pageUrl = `${ORIGIN}${pagePath}`;
    const html = readFileSync(path.join(FIXTURE, file), 'utf8').replaceAll('{{origin}}', ORIGIN);
    const facts = extractPageFacts(html, pageUrl);
    const resolve = (href: string) => {
      const normalized = normalizeUrl(href, pageUrl);
      return normalized.ok ? normalized.url : href;
    };
    const canonical = facts.links.find((link) => link.rel.includes('canonical'));
    pages[pageUrl] = {
      title: facts.title,
      description: facts.metas.find((meta) => meta.name === 'description')?.content ?? null,
      canonical: canonical ? resolve(canonical.href) : null,
      hreflang: facts.links
        .filter((link) => link.rel.includes('alternate') && link.hreflang !== undefined)
        .map((link) => [link.hreflang!, resolve(link.href)]),
      noindex: facts.metas.some(
        (meta) => meta.name === 'robots' && meta.content.includes('noindex'),
      ),
      blocked: pagePath.startsWith('/private/'),
      fingerprint: fingerprintPage(html).text,
    };
    for (const link of extractLinks(html, pageUrl).links) {
      if (link.kind !== 'request') continue;
      const to = resolve(link.url);
      if (to === pageUrl || !to.startsWith(ORIGIN)) continue;
      links.push(link.rel.includes('nofollow') ? [pageUrl, to, 'nofollow'] : [pageUrl, to]);
    }
  }
  const notFound: PageSpec = { status: 404, title: '404', description: null, fingerprint: '404' };
  pages[`${ORIGIN}/missing.html`] = notFound;
  pages[`${ORIGIN}/canonical/gone.html`] = notFound;
  // Generated by the fixture server (site.json): 16 MB, read up to the 15 MB limit.
  pages[`${ORIGIN}/large.html`] = {
    title: 'A large page',
    description: null,
    fingerprint: 'large',
    truncatedAtBytes: 15 * 2 ** 20,
  };
  const sitemap = readFileSync(path.join(FIXTURE, 'sitemap.xml'), 'utf8').replaceAll(
    '{{origin}}',
    ORIGIN,
  );
  return {
    pages,
    targets: {
      '/old-page': { redirect: '/' },
      'http://localhost:9/elsewhere.html': { status: null },
    },
    links,
    sitemap: [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!),
    disallow: ['/private/'],
    redirectLinks: [
      {
        url: '/old-page',
        to: '/',
        pages: links.filter(([, to]) => to === `${ORIGIN}/old-page`).map(([from]) => from),
      },
    ],
    nofollowLinks: links.filter((link) => link.length === 3).map(([page, url]) => ({ page, url })),
  };
}

function htmlFiles(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = dir ? `${dir}/${name}` : name;
    if (statSync(path.join(root, relative)).isDirectory()) return htmlFiles(root, relative);
    return name.endsWith('.html') ? [relative] : [];
  });
}
