// The saved view and the working view beside it: which view is in place, its content as the
// baseline, and the diff that marks unsaved changes (the '*') and filters beyond the view's own.
import { ref } from 'valtio';
import type { DescribedLayout, Layout } from '../../api/index.ts';
import { hasFilters } from '../filters.ts';
import { layoutContent, stateFromLayout, viewFilters, viewOf, type WorkingView } from '../layout.ts';
import { refreshColumns } from './columnMeta.ts';
import { numberFilters, queryOf, stateOf, type GridStore } from './store.ts';

export function working(store: GridStore): WorkingView {
  const { viewColumns, order, pageSize, columnFilters, advancedFilters } = stateOf(store);
  return { viewColumns, order, pageSize, columnFilters, advancedFilters };
}

/** The reset target: the saved view's filters on the columns now visible. */
export const ownFilters = (store: GridStore, firstId = store.nextFilterId) =>
  viewFilters(store.saved, store.viewColumns, firstId);

export function refreshStatus(store: GridStore) {
  store.modified = store.saved !== null && JSON.stringify(layoutContent(working(store))) !== store.baseline;
  store.filtered = hasFilters(queryOf(store), ownFilters(store));
}

/** The saved view the working view is compared with from now on. */
export function markSaved(store: GridStore, layout: Layout, content = stateFromLayout(layout)) {
  store.saved = ref(layout);
  store.baseline = JSON.stringify(layoutContent(content));
  store.view = viewOf(layout);
}

/** Makes a saved view the working view: its columns, sort, page size and filters. */
export function applyView(store: GridStore, layout: DescribedLayout) {
  // A layout that describes its columns spares the one-row request its filters would need.
  if (layout.Meta?.Columns) store.meta = ref(layout.Meta.Columns);
  if (layout.Card) store.card = ref([...layout.Card]);
  const view = stateFromLayout(layout, store.nextFilterId);
  numberFilters(store, view.advancedFilters);
  markSaved(store, layout, view);
  store.viewColumns = ref([...view.viewColumns]);
  Object.assign(store, {
    order: view.order,
    pageSize: view.pageSize,
    columnFilters: view.columnFilters,
    advancedFilters: view.advancedFilters,
  });
  refreshColumns(store);
}
