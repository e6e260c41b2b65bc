/**
 * A report table's page of rows under its column headers; a sortable
 * column's header is a button, and the sorted one carries `aria-sort`.
 */
import { useI18n } from '../../i18n.tsx';
import type { TableSpec } from './table-model.ts';
import type { TableState } from './use-table-state.ts';

export function TableBody<R>({ spec, state }: { spec: TableSpec<R>; state: TableState<R> }) {
  const { t } = useI18n();
  const { sort } = state;
  return (
    <>
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
                        onClick={() => state.sortBy(column.id)}
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
            {state.shown.map(({ row }, index) => (
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
      {state.matches.length === 0 ? <p class="empty">{t('table_nothing_matches')}</p> : null}
    </>
  );
}
