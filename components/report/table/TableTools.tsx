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
      {(spec.filters ?? []).map((filter, index) => {
        const id = index === 0 ? `${spec.id}-filter` : `${spec.id}-filter-${index + 1}`;
        return (
          <span class="table-filter" key={id}>
            <label for={id}>{filter.label}</label>
            <select
              id={id}
              value={state.filterValues[index]}
              onChange={(event) => state.filterBy(index, event.currentTarget.value)}
            >
              <option value={ALL}>{t('table_all', { count: total })}</option>
              {state.options[index]!.map((option) => (
                <option key={option.value} value={option.value}>
                  {t('table_option', {
                    value:
                      filter.labelOf?.(option.value) ??
                      (revealInvisible(option.value) || t('table_none_value')),
                    count: option.count,
                  })}
                </option>
              ))}
            </select>
          </span>
        );
      })}
      <span class="match-count" role="status" data-testid={`${spec.id}-count`}>
        {state.filtered
          ? t('table_matches', { count: state.matches.length, total: spec.count(total) })
          : spec.count(total)}
      </span>
    </div>
  );
}
