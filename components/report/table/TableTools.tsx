/** Above a report table: the search box, the filter select and the count of matching rows. */
import { revealInvisible } from '../../../lib/text/invisible.ts';
import { useI18n } from '../../i18n.tsx';
import { ALL, type TableSpec } from './table-model.ts';
import type { TableState } from './use-table-state.ts';

export function TableTools<R>({ spec, state }: { spec: TableSpec<R>; state: TableState<R> }) {
  const { t } = useI18n();
  const { total } = state;
  return (
    <div class="table-tools">
      <input
        type="search"
        aria-label={t('table_search', { noun: spec.noun })}
        placeholder={t('table_search', { noun: spec.noun })}
        value={state.query}
        onInput={(event) => state.search(event.currentTarget.value)}
      />
      {spec.filter ? (
        <span class="table-filter">
          <label for={`${spec.id}-filter`}>{spec.filter.label}</label>
          <select
            id={`${spec.id}-filter`}
            value={state.filterValue}
            onChange={(event) => state.filterBy(event.currentTarget.value)}
          >
            <option value={ALL}>{t('table_all', { count: total })}</option>
            {state.options.map((option) => (
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
        {state.filtered
          ? t('table_matches', { count: state.matches.length, total: spec.count(total) })
          : spec.count(total)}
      </span>
    </div>
  );
}
