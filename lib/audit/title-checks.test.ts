import { describe, expect, it } from 'vitest';
import { briefly, siteInput, type SiteSpec } from '../../tests/support/site-audit-input.ts';
import { titleFindings, visibleChars } from './title-checks.ts';

const chars = (n: number) => 'x'.repeat(n);

const cases: { name: string; site: SiteSpec; expected: string[] }[] = [
  { name: 'a healthy page', site: { pages: { '/a': {} } }, expected: [] },
  { name: 'no title', site: { pages: { '/a': { title: null } } }, expected: ['title-missing /a'] },
  {
    name: 'a blank title',
    site: { pages: { '/a': { title: ' \t ' } } },
    expected: ['title-empty /a'],
  },
  {
    name: 'a title of 61 characters',
    site: { pages: { '/a': { title: chars(61) } } },
    expected: ['title-too-long /a'],
  },
  {
    name: 'a title of exactly 60 characters',
    site: { pages: { '/a': { title: chars(60) } } },
    expected: [],
  },
  {
    name: '60 characters with spaces around: trimmed',
    site: { pages: { '/a': { title: `  ${chars(60)}  ` } } },
    expected: [],
  },
  {
    name: '60 emoji: code points, not UTF-16 units',
    site: { pages: { '/a': { title: '😀'.repeat(60) } } },
    expected: [],
  },
  {
    name: 'the limit comes from the settings',
    site: { pages: { '/a': { title: chars(11) } }, settings: { maxTitleChars: 10 } },
    expected: ['title-too-long /a'],
  },
  {
    name: 'duplicate titles: one finding per page',
    site: { pages: { '/a': { title: 'Home' }, '/b': { title: ' Home ' } } },
    expected: ['title-duplicate /a', 'title-duplicate /b'],
  },
  {
    name: 'duplicates among non-indexable pages do not count',
    site: { pages: { '/a': { title: 'Home' }, '/b': { title: 'Home', noindex: true } } },
    expected: [],
  },
  {
    name: 'a page naming another canonical may share its title',
    site: { pages: { '/a': { title: 'Home' }, '/b': { title: 'Home', canonical: '/a' } } },
    expected: [],
  },
  {
    name: 'redirect stubs (an instant meta refresh) are not indexed: no title or description checks',
    site: {
      pages: {
        '/old': { title: 'Redirection', description: null, refreshTo: '/new' },
        '/older': { title: 'Redirection', description: null, refreshTo: '/new' },
        '/new': {},
      },
    },
    expected: [],
  },
  {
    name: 'a 404 page’s missing title is not a finding',
    site: { pages: { '/a': { status: 404, title: null, description: null } } },
    expected: [],
  },
  {
    name: 'a page that is not HTML',
    site: { pages: { '/a.pdf': { notHtml: true, title: null, description: null } } },
    expected: [],
  },
  {
    name: 'a noindex page',
    site: { pages: { '/a': { noindex: true, title: null, description: '' } } },
    expected: [],
  },
  {
    name: 'no description',
    site: { pages: { '/a': { description: null } } },
    expected: ['description-missing /a'],
  },
  {
    name: 'a blank description',
    site: { pages: { '/a': { description: ' ' } } },
    expected: ['description-empty /a'],
  },
  {
    name: 'a description of 161 characters',
    site: { pages: { '/a': { description: chars(161) } } },
    expected: ['description-too-long /a'],
  },
  {
    name: 'a description of exactly 160 characters',
    site: { pages: { '/a': { description: chars(160) } } },
    expected: [],
  },
  {
    name: 'duplicate descriptions',
    site: { pages: { '/a': { description: 'Same' }, '/b': { description: 'Same' }, '/c': {} } },
    expected: ['description-duplicate /a', 'description-duplicate /b'],
  },
];

describe('titleFindings', () => {
  it.each(cases)('$name', ({ site, expected }) => {
    expect(briefly(titleFindings(siteInput(site)))).toEqual(expected);
  });

  it('says how long and names the other pages', () => {
    const [long] = titleFindings(siteInput({ pages: { '/a': { title: chars(61) } } }));
    expect(long).toMatchObject({
      severity: 'note',
      value: chars(61),
      detail: { key: 'site_finding_title_too_long', values: { chars: 61, limit: 60 } },
    });
    const found = titleFindings(
      siteInput({ pages: { '/a': { title: 'T' }, '/b': { title: 'T' }, '/c': { title: 'T' } } }),
    );
    expect(found.map((f) => f.related?.map((u) => new URL(u).pathname))).toEqual([
      ['/b', '/c'],
      ['/a', '/c'],
      ['/a', '/b'],
    ]);
  });

  it('lists at most 20 other pages of a large group', () => {
    const pages = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`/p${i}`, { title: 'T' }]),
    );
    const found = titleFindings(siteInput({ pages }));
    expect(found).toHaveLength(200);
    expect(Math.max(...found.map((f) => f.related?.length ?? 0))).toBe(20);
  });

  it('counts code points of the trimmed text', () => {
    expect(visibleChars(' 한국어 😀 ')).toBe(5);
  });
});
