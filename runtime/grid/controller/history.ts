// Back/Forward: the state a grid is left in, kept per history entry, and shown again without asking
// for its view (the rows are loaded again). Everything kept is in the store, so capturing it is
// picking fields from a snapshot.
import { ref } from 'valtio';
import { refreshColumns } from './columnMeta.ts';
import { numberFilters, stateOf, type GridStore } from './store.ts';

const KEPT = [
  'search',
  'dataSource',
  'order',
  'columnFilters',
  'advancedFilters',
  'view',
  'saved',
  'baseline',
  'viewColumns',
  'meta',
  'card',
  'permissions',
  'pageSize',
  'pinned',
] as const satisfies readonly (keyof GridStore)[];

/** Everything Back/Forward needs to show a grid as it was left. */
export type GridSnapshot = Pick<GridStore, (typeof KEPT)[number]>;

/** The state to keep for Back/Forward; null while the grid is still opening. */
export function capture(store: GridStore): GridSnapshot | null {
  if (!store.ready) return null;
  const s = stateOf(store);
  return Object.fromEntries(KEPT.map((key) => [key, s[key]])) as GridSnapshot;
}

/** The grid as it was left; the snapshot is frozen, so what the grid edits in place is copied. */
export function restore(store: GridStore, s: GridSnapshot) {
  numberFilters(store, s.advancedFilters);
  Object.assign(store, {
    ...s,
    view: s.view && { ...s.view },
    saved: s.saved && ref(s.saved),
    meta: ref(s.meta),
    card: ref([...(s.card ?? [])]),
    viewColumns: ref([...s.viewColumns]),
    columnFilters: { ...s.columnFilters },
    advancedFilters: s.advancedFilters.map((f) => ({ ...f })),
  });
  refreshColumns(store);
}
