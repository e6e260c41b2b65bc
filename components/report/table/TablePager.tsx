/** Under a report table: the previous and next page buttons and which rows are shown. */
import { useI18n } from '../../i18n.tsx';
import type { TableSpec } from './table-model.ts';
import type { TableState } from './use-table-state.ts';

export function TablePager<R>({ spec, state }: { spec: TableSpec<R>; state: TableState<R> }) {
  const { t, number } = useI18n();
  const { page, pageCount, first, matches } = state;
  return (
    <nav class="pager" aria-label={t('table_pages_of', { noun: spec.noun })}>
      <button
        type="button"
        aria-label={t('table_previous_page_of', { noun: spec.noun })}
        disabled={page === 0}
        onClick={() => state.goToPage(page - 1)}
      >
        {t('table_previous')}
      </button>
      <span data-testid={`${spec.id}-rows`}>
        {matches.length === 0
          ? t('table_no_rows')
          : t('table_rows', {
              first: first + 1,
              last: first + state.shown.length,
              total: number(matches.length),
            })}
      </span>
      <button
        type="button"
        aria-label={t('table_next_page_of', { noun: spec.noun })}
        disabled={page >= pageCount - 1}
        onClick={() => state.goToPage(page + 1)}
      >
        {t('table_next')}
      </button>
    </nav>
  );
}
