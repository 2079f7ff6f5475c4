// The selected rows: click, select-all, drag over rows, and the right-click that picks the rows a
// context menu acts on.
import { ref } from 'valtio';
import { dragTo, rowId, selectForContextMenu, startDrag, toggleAll, toggleSelected } from '../state.ts';
import type { GridRow } from '../types.ts';
import type { GridStore } from './store.ts';

export function setSelected(store: GridStore, ids: number[]) {
  store.selected = ref(ids);
}

function chosenRows(store: GridStore): GridRow[] {
  const chosen = new Set(store.selected);
  return store.rows.filter((r) => chosen.has(rowId(r)));
}

export function createSelection(store: GridStore) {
  return {
    toggleRow(id: number) {
      setSelected(store, toggleSelected(store.selected, id));
    },
    toggleAll() {
      setSelected(store, toggleAll(store.rows, store.selected));
    },
    dragStart(index: number) {
      const drag = startDrag(store.rows, store.selected, index);
      store.drag = ref(drag);
      setSelected(store, dragTo(store.rows, drag, index));
    },
    dragOver(index: number) {
      if (store.drag) setSelected(store, dragTo(store.rows, store.drag, index));
    },
    dragEnd() {
      store.drag = null;
    },
    /** Right-click: the row joins (or becomes) the selection; answers the rows the menu acts on. */
    contextSelect(row: GridRow): GridRow[] {
      setSelected(store, selectForContextMenu(store.selected, rowId(row)));
      return chosenRows(store);
    },
    selectedRows: () => chosenRows(store),
  };
}
