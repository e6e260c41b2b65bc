/**
 * One report list as a real table: sortable by its column headers (buttons
 * in the `th`, `aria-sort` on the sorted one), filterable by a select,
 * searchable, and paged — a page of 100 rows is rendered, never the
 * thousands a big crawl finds.
 */
import { useMemo, useState } from 'preact/hooks';
import { revealInvisible } from '../../lib/text/invisible.ts';
import {
  ALL,
  filterOptions,
  matchRows,
  prepareRows,
  sortRows,
  type SortDirection,
  type TableSpec,
} from './table-model.ts';

export const ROWS_PER_PAGE = 100;

const counted = (n: number, spec: { noun: string; singular: string }) =>
  `${n.toLocaleString('en')} ${n === 1 ? spec.singular : spec.noun}`;

export interface DataTableProps<R> {
  spec: TableSpec<R>;
}

export function DataTable<R>({ spec }: DataTableProps<R>) {
  const [query, setQuery] = useState('');
  const [filterValue, setFilterValue] = useState(ALL);
  const [sort, setSort] = useState(spec.initialSort ?? null);
  const [pageIndex, setPageIndex] = useState(0);

  // Each step is recomputed only when its own inputs change (see table-model.ts).
  const indexed = useMemo(() => prepareRows(spec), [spec]);
  const options = useMemo(() => (spec.filter ? filterOptions(indexed) : []), [spec, indexed]);
  const sortColumn = spec.columns.find((c) => c.id === sort?.column);
  const sorted = useMemo(
    () => sortRows(indexed, sortColumn, sort?.direction ?? 'ascending'),
    [indexed, sortColumn, sort?.direction],
  );
  const matches = useMemo(
    () => matchRows(sorted, filterValue, query),
    [sorted, filterValue, query],
  );

  const pageCount = Math.max(1, Math.ceil(matches.length / ROWS_PER_PAGE));
  const page = Math.min(pageIndex, pageCount - 1);
  const first = page * ROWS_PER_PAGE;
  const shown = matches.slice(first, first + ROWS_PER_PAGE);
  const total = spec.rows.length;
  const filtered = query.trim() !== '' || filterValue !== ALL;

  const sortBy = (column: string) => {
    const direction: SortDirection =
      sort?.column === column && sort.direction === 'ascending' ? 'descending' : 'ascending';
    setSort({ column, direction });
    setPageIndex(0);
  };

  if (total === 0) {
    return (
      <p class="empty" data-testid={`${spec.id}-empty`}>
        No {spec.noun}.
      </p>
    );
  }

  return (
    <div class="data-table" data-testid={`${spec.id}-table`}>
      <div class="table-tools">
        <input
          type="search"
          aria-label={`Search ${spec.noun}`}
          placeholder={`Search ${spec.noun}`}
          value={query}
          onInput={(event) => {
            setQuery(event.currentTarget.value);
            setPageIndex(0);
          }}
        />
        {spec.filter ? (
          <span class="table-filter">
            <label for={`${spec.id}-filter`}>{spec.filter.label}</label>
            <select
              id={`${spec.id}-filter`}
              value={filterValue}
              onChange={(event) => {
                setFilterValue(event.currentTarget.value);
                setPageIndex(0);
              }}
            >
              <option value={ALL}>All ({total.toLocaleString('en')})</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {revealInvisible(option.value) || '(none)'} ({option.count.toLocaleString('en')})
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <span class="match-count" role="status" data-testid={`${spec.id}-count`}>
          {filtered
            ? `${matches.length.toLocaleString('en')} of ${counted(total, spec)} match`
            : counted(total, spec)}
        </span>
      </div>
      <div class="table-scroll">
        <table aria-label={spec.noun}>
          <colgroup>
            {spec.columns.map((column) => (
              <col key={column.id} class={`col-${column.width ?? 'medium'}`} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {spec.columns.map((column) => {
                const sorted = sort?.column === column.id ? sort.direction : undefined;
                return (
                  <th key={column.id} scope="col" aria-sort={sorted}>
                    {column.sortValue ? (
                      <button
                        type="button"
                        class="sort"
                        onClick={() => sortBy(column.id)}
                        data-column={column.id}
                      >
                        {column.label}
                        <span class="sort-mark" aria-hidden="true">
                          {sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ' ↕'}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {/* Keyed by position: paging and sorting then only patch text. */}
            {shown.map(({ row }, index) => (
              <tr key={index}>
                {spec.columns.map((column) => (
                  <td key={column.id} data-column={column.id}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {matches.length === 0 ? <p class="empty">Nothing matches.</p> : null}
      <nav class="pager" aria-label={`Pages of ${spec.noun}`}>
        <button
          type="button"
          aria-label={`Previous page of ${spec.noun}`}
          disabled={page === 0}
          onClick={() => setPageIndex(page - 1)}
        >
          Previous
        </button>
        <span data-testid={`${spec.id}-rows`}>
          {matches.length === 0
            ? 'no rows'
            : `rows ${(first + 1).toLocaleString('en')}–${(first + shown.length).toLocaleString('en')} of ${matches.length.toLocaleString('en')}`}
        </span>
        <button
          type="button"
          aria-label={`Next page of ${spec.noun}`}
          disabled={page >= pageCount - 1}
          onClick={() => setPageIndex(page + 1)}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
