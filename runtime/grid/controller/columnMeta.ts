// Which columns the grid draws and asks for: the working view's columns, described by what the
// server answered (Meta.Columns). Before a view or an answer there is nothing to go on.
import { ref } from 'valtio';
import type { FlexRequest } from '../../api/index.ts';
import { columnsFromMeta, displayColumns, requestColumns } from '../layout.ts';
import type { GridColumn, GridQuery } from '../types.ts';
import type { GridStore } from './store.ts';

export function refreshColumns(store: GridStore) {
  store.columns = ref(displayColumns(store.viewColumns, store.meta));
}

/** Without a view the server's columns become the working view's. */
export function adoptMeta(store: GridStore, columns: readonly GridColumn[]) {
  store.meta = ref(columns);
  if (!store.viewColumns.length) store.viewColumns = ref(columnsFromMeta(columns));
  refreshColumns(store);
}

export const layoutColumns = (store: GridStore): Pick<FlexRequest, 'flexGridLayoutColumns'> =>
  store.viewColumns.length ? { flexGridLayoutColumns: requestColumns(store.viewColumns) } : {};

/** Quick and advanced filters on visible columns the server has not described yet. */
export function filtersNeedMeta(store: GridStore, q: GridQuery): boolean {
  const described = new Set(store.meta.map((m) => m.FieldName));
  const visible = new Set(store.viewColumns.filter((c) => c.Visible).map((c) => c.FieldName));
  const fields = [
    ...Object.keys(q.columnFilters).filter((f) => q.columnFilters[f].trim() !== ''),
    ...q.advancedFilters.map((f) => f.FieldName),
  ];
  return fields.some((f) => !described.has(f) && (visible.has(f) || !store.viewColumns.length));
}
