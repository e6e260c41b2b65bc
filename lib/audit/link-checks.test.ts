import { describe, expect, it } from 'vitest';
import { briefly, siteInput, url, type SiteSpec } from '../../tests/support/site-audit-input.ts';
import { linkFindings } from './link-checks.ts';

const cases: { name: string; site: SiteSpec; expected: string[] }[] = [
  {
    name: 'a link to a redirect',
    site: { pages: { '/': {} }, redirectLinks: [{ url: '/old', to: '/new', pages: ['/'] }] },
    expected: ['link-to-redirect /old'],
  },
  {
    name: 'a redirect no page links (a sitemap or start URL)',
    site: { pages: { '/': {} }, redirectLinks: [{ url: '/old', to: '/new', pages: [] }] },
    expected: [],
  },
  {
    name: 'an internal nofollow link',
    site: { pages: { '/': {}, '/a': {} }, nofollowLinks: [{ page: '/a', url: '/' }] },
    expected: ['internal-nofollow-link /a'],
  },
  {
    name: 'the same nofollow link twice on a page is one finding',
    site: {
      pages: { '/': {}, '/a': {} },
      nofollowLinks: [
        { page: '/a', url: '/' },
        { page: '/a', url: '/' },
      ],
    },
    expected: ['internal-nofollow-link /a'],
  },
  {
    name: 'a page linked only from a noindex page',
    site: {
      pages: { '/': {}, '/n': { noindex: true }, '/p': {} },
      links: [
        ['/', '/n'],
        ['/n', '/p'],
      ],
    },
    expected: ['reachable-only-via-noindex /p'],
  },
  {
    name: 'a page linked only with nofollow links',
    site: { pages: { '/': {}, '/p': {} }, links: [['/', '/p', 'nofollow']] },
    expected: ['reachable-only-via-noindex /p'],
  },
  {
    name: 'a page linked only from a META nofollow page',
    site: { pages: { '/': { nofollow: true }, '/p': {} }, links: [['/', '/p']] },
    expected: ['reachable-only-via-noindex /p'],
  },
  {
    name: 'a page linked only from a page blocked for the robot',
    site: {
      pages: { '/': {}, '/private/x': { blocked: true }, '/p': {} },
      links: [['/private/x', '/p']],
    },
    expected: ['reachable-only-via-noindex /p'],
  },
  {
    name: 'also linked from an indexable page',
    site: {
      pages: { '/': {}, '/n': { noindex: true }, '/p': {} },
      links: [
        ['/n', '/p'],
        ['/', '/p'],
      ],
    },
    expected: [],
  },
  {
    name: 'a start URL linked only from a noindex page',
    site: { pages: { '/': {}, '/n': { noindex: true } }, links: [['/n', '/']] },
    expected: [],
  },
  {
    name: 'a page no link reaches (a sitemap orphan, not this)',
    site: { pages: { '/': {}, '/p': {} } },
    expected: [],
  },
  {
    name: 'a noindex page reached only from a noindex page',
    site: {
      pages: { '/': {}, '/n': { noindex: true }, '/m': { noindex: true } },
      links: [['/n', '/m']],
    },
    expected: [],
  },
];

describe('linkFindings', () => {
  it.each(cases)('$name', ({ site, expected }) => {
    expect(briefly(linkFindings(siteInput(site)))).toEqual(expected);
  });

  it('fills target and related for a link to a redirect', () => {
    const [found] = linkFindings(
      siteInput({
        pages: { '/': {} },
        redirectLinks: [{ url: '/old', to: '/new', pages: ['/b', '/a'] }],
      }),
    );
    expect(found).toMatchObject({
      url: url('/old'),
      target: url('/new'),
      related: [url('/a'), url('/b')],
    });
  });

  it('says how many nofollow links there are when the list is cut', () => {
    const site: SiteSpec = {
      pages: { '/': {} },
      nofollowLinks: [{ page: '/', url: '/a', text: ' Terms ' }],
    };
    const [all] = linkFindings(siteInput(site));
    expect(all).toMatchObject({
      target: url('/a'),
      value: 'Terms',
      detail: { key: 'site_finding_internal_nofollow_link' },
    });
    const [cut] = linkFindings(siteInput({ ...site, nofollowLinkCount: 250 }));
    expect(cut?.detail).toEqual({
      key: 'site_finding_internal_nofollow_link_more',
      values: { target: url('/a'), total: 250, listed: 1 },
    });
  });
});
