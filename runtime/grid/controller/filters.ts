// Search, data source, sort, quick and advanced filters, and reset. Each edit reloads from the
// first row only when the request it sends changes; typing is debounced.
import { valueFor } from '../filters.ts';
import { toggleSort } from '../state.ts';
import type { AdvancedFilter, DataSource, GridColumn, GridQuery } from '../types.ts';
import type { Loading } from './loading.ts';
import { persist } from './pinning.ts';
import { numberFilters, type GridContext } from './store.ts';
import { ownFilters, refreshStatus } from './viewDiff.ts';

export const SEARCH_DEBOUNCE_MS = 500;

export function createFilters(ctx: GridContext, loading: Loading) {
  const { store } = ctx;

  function updateQuery(patch: Partial<GridQuery>, delay: number) {
    const before = loading.requestKey();
    Object.assign(store, patch);
    persist(ctx);
    refreshStatus(store);
    if (loading.requestKey() === before) {
      if (delay <= 0) loading.flush();
      return;
    }
    loading.backToTop();
    loading.schedule(delay);
  }

  return {
    setSearch(search: string) {
      updateQuery({ search }, SEARCH_DEBOUNCE_MS);
    },
    /** Enter: search now (debounce skipped). */
    searchNow(search: string) {
      updateQuery({ search }, 0);
    },
    setDataSource(dataSource: DataSource) {
      updateQuery({ dataSource }, 0);
    },
    toggleSort(column: GridColumn) {
      const order = toggleSort(store.order, column);
      if (order !== store.order) updateQuery({ order }, 0);
    },
    setColumnFilter(field: string, text: string, delay = SEARCH_DEBOUNCE_MS) {
      updateQuery({ columnFilters: { ...store.columnFilters, [field]: text } }, delay);
    },
    addAdvancedFilter(column: GridColumn | undefined, operator: string) {
      const filter: AdvancedFilter = {
        id: store.nextFilterId++,
        FieldName: column?.FieldName ?? '',
        Operator: operator,
        Value: valueFor(column, operator),
      };
      updateQuery({ advancedFilters: [...store.advancedFilters, filter] }, 0);
    },
    updateAdvancedFilter(id: number, patch: Partial<Omit<AdvancedFilter, 'id'>>, delay = 0) {
      updateQuery(
        { advancedFilters: store.advancedFilters.map((f) => (f.id === id ? { ...f, ...patch } : { ...f })) },
        delay,
      );
    },
    removeAdvancedFilter(id: number) {
      updateQuery({ advancedFilters: store.advancedFilters.filter((f) => f.id !== id).map((f) => ({ ...f })) }, 0);
    },
    /** Back to the view's own filters; the sort is no filter: it stays. */
    resetFilters() {
      const own = ownFilters(store);
      numberFilters(store, own.advancedFilters);
      updateQuery({ search: '', dataSource: 0, ...own }, 0);
    },
  };
}
