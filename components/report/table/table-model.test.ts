/** Report tables with several filters, a row with several values under one (a page's reason codes). */
import { describe, expect, it } from 'vitest';
import { ALL, filterOptions, matchRows, prepareRows, type TableSpec } from './table-model.ts';

interface Page {
  url: string;
  verdict: string;
  codes: string[];
}

const ROWS: Page[] = [
  { url: '/a', verdict: 'no', codes: ['meta-robots', 'x-robots-tag'] },
  { url: '/b', verdict: 'no', codes: ['robots-txt'] },
  { url: '/c', verdict: 'yes', codes: [] },
  { url: '/d', verdict: 'no', codes: ['meta-robots', 'meta-robots'] },
];

const spec: TableSpec<Page> = {
  id: 'pages',
  count: (n) => `${n} pages`,
  noun: 'pages',
  rows: ROWS,
  columns: [],
  searchText: (r) => r.url,
  filters: [
    { label: 'Verdict', valueOf: (r) => r.verdict },
    { label: 'Reason', valueOf: (r) => r.codes },
  ],
};

const indexed = prepareRows(spec);
const urls = (selected: string[], query = '') =>
  matchRows(indexed, selected, query).map((r) => r.row.url);

describe('table filters', () => {
  it('counts each value once per row that has it, most frequent first', () => {
    expect(filterOptions(indexed, 0)).toEqual([
      { value: 'no', count: 3 },
      { value: 'yes', count: 1 },
    ]);
    expect(filterOptions(indexed, 1)).toEqual([
      { value: 'meta-robots', count: 2 },
      { value: 'robots-txt', count: 1 },
      { value: 'x-robots-tag', count: 1 },
    ]);
  });

  it.each([
    [[ALL, ALL], '', ['/a', '/b', '/c', '/d']],
    [['no', ALL], '', ['/a', '/b', '/d']],
    [[ALL, 'meta-robots'], '', ['/a', '/d']],
    [[ALL, 'x-robots-tag'], '', ['/a']],
    [['yes', 'meta-robots'], '', []],
    [['no', 'meta-robots'], '/D', ['/d']],
  ])('selected %j, search %j: %j', (selected, query, expected) => {
    expect(urls(selected, query)).toEqual(expected);
  });
});
