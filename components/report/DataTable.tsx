/**
 * One report list as a real table: sortable by its column headers (buttons
 * in the `th`, `aria-sort` on the sorted one), filterable by a select,
 * searchable, and paged — a page of 100 rows is rendered, never the
 * thousands a big crawl finds.
 */
import { useMemo, useState } from 'preact/hooks';
import { revealInvisible } from '../../lib/text/invisible.ts';
import { useI18n } from '../i18n.tsx';
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

export interface DataTableProps<R> {
  spec: TableSpec<R>;
}

export function DataTable<R>({ spec }: DataTableProps<R>) {
  const { t, number } = useI18n();
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
        {t('table_empty', { noun: spec.noun })}
      </p>
    );
  }

  return (
    <div class="data-table" data-testid={`${spec.id}-table`}>
      <div class="table-tools">
        <input
          type="search"
          aria-label={t('table_search', { noun: spec.noun })}
          placeholder={t('table_search', { noun: spec.noun })}
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
              <option value={ALL}>{t('table_all', { count: total })}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {t('table_option', {
                    value:
                      spec.filter!.labelOf?.(option.value) ??
                      (revealInvisible(option.value) || t('table_none_value')),
                    count: option.count,
                  })}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <span class="match-count" role="status" data-testid={`${spec.id}-count`}>
          {filtered
            ? t('table_matches', { count: matches.length, total: spec.count(total) })
            : spec.count(total)}
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
      {matches.length === 0 ? <p class="empty">{t('table_nothing_matches')}</p> : null}
      <nav class="pager" aria-label={t('table_pages_of', { noun: spec.noun })}>
        <button
          type="button"
          aria-label={t('table_previous_page_of', { noun: spec.noun })}
          disabled={page === 0}
          onClick={() => setPageIndex(page - 1)}
        >
          {t('table_previous')}
        </button>
        <span data-testid={`${spec.id}-rows`}>
          {matches.length === 0
            ? t('table_no_rows')
            : t('table_rows', {
                first: first + 1,
                last: first + shown.length,
                total: number(matches.length),
              })}
        </span>
        <button
          type="button"
          aria-label={t('table_next_page_of', { noun: spec.noun })}
          disabled={page >= pageCount - 1}
          onClick={() => setPageIndex(page + 1)}
        >
          {t('table_next')}
        </button>
      </nav>
    </div>
  );
}
