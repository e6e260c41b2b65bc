/**
 * What a report table shows, apart from how: its columns, what a search
 * matches, what the filter select groups by. The work is split so that each
 * step is memoized on what it depends on and a keystroke costs one filter
 * pass over precomputed lower-case text:
 *
 *   rows ──prepare (once per rows)──▶ indexed ──sort (per column/direction)──▶ sorted
 *   sorted ──filter (per keystroke / filter value)──▶ matches ──slice──▶ one page
 */
import type { ComponentChildren } from 'preact';

export type SortValue = string | number | null;
export type SortDirection = 'ascending' | 'descending';

export interface Column<R> {
  id: string;
  label: string;
  render: (row: R) => ComponentChildren;
  /** Present when the column can be sorted by. */
  sortValue?: (row: R) => SortValue;
  /** A class for the `<col>`, to give the column its width. */
  width?: 'narrow' | 'medium' | 'wide';
}

export interface TableFilter<R> {
  /** Names the select, e.g. "Kind". */
  label: string;
  valueOf: (row: R) => string;
  /** How a value reads in the select, when it is a code rather than page data. */
  labelOf?: (value: string) => string;
}

export interface TableSpec<R> {
  /** Unique on the page; used for element ids. */
  id: string;
  /** The rows, counted in the reader's language: "1 broken link", "12 broken links". */
  count: (n: number) => string;
  /** What the rows are, e.g. "broken links": names the search box, the pager and the empty table. */
  noun: string;
  rows: readonly R[];
  columns: Column<R>[];
  /** The text a search looks in (URL, page, anchor text…). */
  searchText: (row: R) => string;
  filter?: TableFilter<R>;
  /** The column sorted by at first. */
  initialSort?: { column: string; direction: SortDirection };
}

export interface IndexedRow<R> {
  row: R;
  /** Lower-cased search text. */
  haystack: string;
  filterValue: string;
}

export const ALL = '';

export function prepareRows<R>(spec: TableSpec<R>): IndexedRow<R>[] {
  return spec.rows.map((row) => ({
    row,
    haystack: spec.searchText(row).toLowerCase(),
    filterValue: spec.filter ? spec.filter.valueOf(row) : ALL,
  }));
}

/** Distinct filter values with their counts, most frequent first. */
export function filterOptions<R>(rows: IndexedRow<R>[]): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { filterValue } of rows) counts.set(filterValue, (counts.get(filterValue) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || compareValues(a.value, b.value));
}

/** A stable sort on precomputed keys; empty values (null) go last either way. */
export function sortRows<R>(
  rows: IndexedRow<R>[],
  column: Column<R> | undefined,
  direction: SortDirection,
): IndexedRow<R>[] {
  const valueOf = column?.sortValue;
  if (!valueOf) return rows;
  const keys = rows.map((r) => valueOf(r.row));
  const sign = direction === 'ascending' ? 1 : -1;
  const order = rows.map((_, index) => index);
  order.sort((a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
    return sign * compareValues(x, y) || a - b;
  });
  return order.map((index) => rows[index]!);
}

/** One pass: rows with the filter value (or any) whose text contains the query (case-insensitive). */
export function matchRows<R>(
  rows: IndexedRow<R>[],
  filterValue: string,
  query: string,
): IndexedRow<R>[] {
  const needle = query.trim().toLowerCase();
  if (filterValue === ALL && needle === '') return rows;
  return rows.filter(
    (r) =>
      (filterValue === ALL || r.filterValue === filterValue) &&
      (needle === '' || r.haystack.includes(needle)),
  );
}

function compareValues(x: string | number, y: string | number): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  const a = String(x);
  const b = String(y);
  return a < b ? -1 : a > b ? 1 : 0;
}
