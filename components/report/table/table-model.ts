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
  /** The row's value; a row with several (a page's reason codes) is found under each. */
  valueOf: (row: R) => string | readonly string[];
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
  /** One select each; a row shows when it has every selected value. */
  filters?: TableFilter<R>[];
  /** The column sorted by at first. */
  initialSort?: { column: string; direction: SortDirection };
}

export interface IndexedRow<R> {
  row: R;
  /** Lower-cased search text. */
  haystack: string;
  /** Per filter of the spec, the row's values. */
  filterValues: (readonly string[])[];
}

export const ALL = '';

export function prepareRows<R>(spec: TableSpec<R>): IndexedRow<R>[] {
  return spec.rows.map((row) => ({
    row,
    haystack: spec.searchText(row).toLowerCase(),
    filterValues: (spec.filters ?? []).map((filter) => {
      const value = filter.valueOf(row);
      return typeof value === 'string' ? [value] : value;
    }),
  }));
}

/** The `index`th filter's distinct values with their counts (rows having each), most frequent first. */
export function filterOptions<R>(
  rows: IndexedRow<R>[],
  index: number,
): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { filterValues } of rows) {
    for (const value of new Set(filterValues[index]))
      counts.set(value, (counts.get(value) ?? 0) + 1);
  }
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

/** One pass: rows with each selected filter value (or any) whose text contains the query (case-insensitive). */
export function matchRows<R>(
  rows: IndexedRow<R>[],
  selected: readonly string[],
  query: string,
): IndexedRow<R>[] {
  const needle = query.trim().toLowerCase();
  const chosen = selected.flatMap((value, index) => (value === ALL ? [] : [{ value, index }]));
  if (chosen.length === 0 && needle === '') return rows;
  return rows.filter(
    (r) =>
      chosen.every(({ value, index }) => r.filterValues[index]?.includes(value)) &&
      (needle === '' || r.haystack.includes(needle)),
  );
}

function compareValues(x: string | number, y: string | number): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  const a = String(x);
  const b = String(y);
  return a < b ? -1 : a > b ? 1 : 0;
}
