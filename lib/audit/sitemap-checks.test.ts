import { describe, expect, it } from 'vitest';
import { briefly, siteInput, url, type SiteSpec } from '../../tests/support/site-audit-input.ts';
import { sitemapFindings } from './sitemap-checks.ts';

/** The home page, linked from a second page, both listed: a healthy base. */
const base = {
  pages: { '/': {}, '/a': {} },
  links: [
    ['/', '/a'],
    ['/a', '/'],
  ] as const,
};

const cases: { name: string; site: SiteSpec; expected: string[] }[] = [
  {
    name: 'sitemaps not read: no finding at all',
    site: { ...base, sitemap: null },
    expected: [],
  },
  { name: 'everything listed and linked', site: { ...base, sitemap: ['/', '/a'] }, expected: [] },
  {
    name: 'a listed URL redirects',
    site: { ...base, sitemap: ['/', '/a', '/old'], targets: { '/old': { redirect: '/a' } } },
    expected: ['sitemap-redirected /old'],
  },
  {
    name: 'a listed URL answers 404',
    site: { ...base, sitemap: ['/', '/a', '/gone'], targets: { '/gone': { status: 404 } } },
    expected: ['sitemap-broken /gone'],
  },
  {
    name: 'a listed page is noindex',
    site: { ...base, pages: { ...base.pages, '/a': { noindex: true } }, sitemap: ['/', '/a'] },
    expected: ['sitemap-noindex /a'],
  },
  {
    name: 'a listed URL is blocked for the audit robot',
    site: { ...base, sitemap: ['/', '/a', '/private/p'], disallow: ['/private/'] },
    expected: ['sitemap-blocked /private/p'],
  },
  {
    name: 'a listed page names another canonical',
    site: { ...base, pages: { ...base.pages, '/a': { canonical: '/' } }, sitemap: ['/', '/a'] },
    expected: ['sitemap-non-canonical /a'],
  },
  {
    name: 'a listed page no link reaches',
    site: {
      ...base,
      pages: { ...base.pages, '/orphan': { canonical: '/orphan' } },
      sitemap: ['/', '/a', '/orphan'],
    },
    expected: ['sitemap-orphan /orphan'],
  },
  {
    name: 'a start URL no link reaches is no orphan',
    site: { pages: { '/': {} }, sitemap: ['/'] },
    expected: [],
  },
  {
    name: 'a listed URL the crawl never met: nothing about it',
    site: { ...base, sitemap: ['/', '/a', '/unknown'] },
    expected: [],
  },
  {
    name: 'a broken listed URL is not also an orphan',
    site: { ...base, sitemap: ['/', '/a', '/gone'], targets: { '/gone': { status: 500 } } },
    expected: ['sitemap-broken /gone'],
  },
  {
    name: 'an indexable page no sitemap lists',
    site: { ...base, sitemap: ['/'] },
    expected: ['not-in-sitemap /a'],
  },
  {
    name: 'unlisted noindex, non-canonical and error pages are fine',
    site: {
      ...base,
      pages: {
        '/': {},
        '/a': { noindex: true },
        '/b': { canonical: '/' },
        '/c': { status: 404 },
        '/d': { blocked: true },
      },
      sitemap: ['/'],
    },
    expected: [],
  },
];

describe('sitemapFindings', () => {
  it.each(cases)('$name', ({ site, expected }) => {
    expect(briefly(sitemapFindings(siteInput(site)))).toEqual(expected);
  });

  it('says where a listed redirect ends', () => {
    const [found] = sitemapFindings(
      siteInput({ ...base, sitemap: ['/', '/a', '/old'], targets: { '/old': { redirect: '/a' } } }),
    );
    expect(found).toMatchObject({
      severity: 'warning',
      target: url('/a'),
      detail: { key: 'site_finding_sitemap_redirected', values: { final: url('/a') } },
    });
  });
});
