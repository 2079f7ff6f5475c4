// Editing the working view's columns: resize, reorder and the column chooser's diff. A new width
// or order is drawn at once; only another set of columns needs new rows.
import { ref } from 'valtio';
import { applyColumnDiff, moveColumn, resizeColumn, type ColumnDiff } from '../layout.ts';
import type { ViewColumn } from '../types.ts';
import { refreshColumns } from './columnMeta.ts';
import type { Loading } from './loading.ts';
import { persist } from './pinning.ts';
import type { GridContext } from './store.ts';
import { refreshStatus } from './viewDiff.ts';

export function createColumns(ctx: GridContext, loading: Loading) {
  const { store } = ctx;

  function editColumns(next: readonly ViewColumn[]) {
    const before = loading.requestKey();
    store.viewColumns = ref([...next]);
    // Filters of columns that are no longer shown would filter invisibly: they go.
    const shown = new Set(next.filter((c) => c.Visible).map((c) => c.FieldName));
    if (Object.keys(store.columnFilters).some((field) => !shown.has(field))) {
      store.columnFilters = Object.fromEntries(
        Object.entries(store.columnFilters).filter(([field]) => shown.has(field)),
      );
    }
    if (store.advancedFilters.some((f) => !shown.has(f.FieldName))) {
      store.advancedFilters = store.advancedFilters.filter((f) => shown.has(f.FieldName)).map((f) => ({ ...f }));
    }
    refreshColumns(store);
    refreshStatus(store);
    persist(ctx);
    if (loading.requestKey() === before) return;
    loading.reload();
  }

  return {
    resizeColumn(field: string, width: number) {
      editColumns(resizeColumn(store.viewColumns, field, width));
    },
    moveColumn(field: string, target: string) {
      editColumns(moveColumn(store.viewColumns, field, target));
    },
    /** The column chooser's 'save locally': the working view changes, the saved one does not. */
    applyColumnDiff(diff: ColumnDiff) {
      editColumns(applyColumnDiff(store.viewColumns, diff));
    },
  };
}
