/**
 * A report table's state: the search, the filter value, the sorted column
 * and the page shown, with what follows from them. Each step is recomputed
 * only when its own inputs change (see table-model.ts); a new search, filter
 * or sort goes back to the first page.
 */
import { useMemo, useState } from 'preact/hooks';
import {
  ALL,
  filterOptions,
  matchRows,
  prepareRows,
  sortRows,
  type IndexedRow,
  type SortDirection,
  type TableSpec,
} from './table-model.ts';

export const ROWS_PER_PAGE = 100;

export interface TableState<R> {
  query: string;
  search: (query: string) => void;
  /** Per filter of the spec, the value selected (ALL for any). */
  filterValues: string[];
  filterBy: (index: number, value: string) => void;
  /** Per filter, its values with their counts, most frequent first. */
  options: { value: string; count: number }[][];
  sort: { column: string; direction: SortDirection } | null;
  sortBy: (column: string) => void;
  /** Every row the search and the filter let through, sorted. */
  matches: IndexedRow<R>[];
  /** The rows of the page shown. */
  shown: IndexedRow<R>[];
  /** 0-based. */
  page: number;
  pageCount: number;
  /** The index in `matches` of the page's first row. */
  first: number;
  goToPage: (page: number) => void;
  /** All the table's rows, before any search or filter. */
  total: number;
  /** A search or a filter is on. */
  filtered: boolean;
}

export function useTableState<R>(spec: TableSpec<R>): TableState<R> {
  const [query, setQuery] = useState('');
  const [filterValues, setFilterValues] = useState<string[]>(() =>
    (spec.filters ?? []).map(() => ALL),
  );
  const [sort, setSort] = useState(spec.initialSort ?? null);
  const [pageIndex, setPageIndex] = useState(0);

  const indexed = useMemo(() => prepareRows(spec), [spec]);
  const options = useMemo(
    () => (spec.filters ?? []).map((_, index) => filterOptions(indexed, index)),
    [spec, indexed],
  );
  const sortColumn = spec.columns.find((c) => c.id === sort?.column);
  const sorted = useMemo(
    () => sortRows(indexed, sortColumn, sort?.direction ?? 'ascending'),
    [indexed, sortColumn, sort?.direction],
  );
  const matches = useMemo(
    () => matchRows(sorted, filterValues, query),
    [sorted, filterValues, query],
  );

  const pageCount = Math.max(1, Math.ceil(matches.length / ROWS_PER_PAGE));
  const page = Math.min(pageIndex, pageCount - 1);
  const first = page * ROWS_PER_PAGE;

  return {
    query,
    search: (value) => {
      setQuery(value);
      setPageIndex(0);
    },
    filterValues,
    filterBy: (index, value) => {
      setFilterValues((values) => values.map((old, i) => (i === index ? value : old)));
      setPageIndex(0);
    },
    options,
    sort,
    sortBy: (column) => {
      const direction: SortDirection =
        sort?.column === column && sort.direction === 'ascending' ? 'descending' : 'ascending';
      setSort({ column, direction });
      setPageIndex(0);
    },
    matches,
    shown: matches.slice(first, first + ROWS_PER_PAGE),
    page,
    pageCount,
    first,
    goToPage: setPageIndex,
    total: spec.rows.length,
    filtered: query.trim() !== '' || filterValues.some((value) => value !== ALL),
  };
}
