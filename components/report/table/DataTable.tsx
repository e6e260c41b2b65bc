/**
 * One report list as a real table: sortable by its column headers (buttons
 * in the `th`, `aria-sort` on the sorted one), filterable by a select,
 * searchable, and paged — a page of 100 rows is rendered, never the
 * thousands a big crawl finds. The state is useTableState's; the three
 * parts only show it.
 */
import { useI18n } from '../../i18n.tsx';
import { TableBody } from './TableBody.tsx';
import type { TableSpec } from './table-model.ts';
import { TablePager } from './TablePager.tsx';
import { TableTools } from './TableTools.tsx';
import { useTableState } from './use-table-state.ts';

export interface DataTableProps<R> {
  spec: TableSpec<R>;
}

export function DataTable<R>({ spec }: DataTableProps<R>) {
  const { t } = useI18n();
  const state = useTableState(spec);
  if (state.total === 0) {
    return (
      <p class="empty" data-testid={`${spec.id}-empty`}>
        {t('table_empty', { noun: spec.noun })}
      </p>
    );
  }
  return (
    <div class="data-table" data-testid={`${spec.id}-table`}>
      <TableTools spec={spec} state={state} />
      <TableBody spec={spec} state={state} />
      <TablePager spec={spec} state={state} />
    </div>
  );
}
