// One grid's controller: a valtio store plus the actions that load views and pages and change
// filters and columns. Kept free of React so its flow can be followed (and tested) on its own;
// useFlexGrid binds it. Each concern is a slice in controller/ working on the one store.
import { createColumns } from './controller/columns.ts';
import { createFilters } from './controller/filters.ts';
import { capture } from './controller/history.ts';
import { createLoading } from './controller/loading.ts';
import { createOpening } from './controller/opening.ts';
import { togglePin } from './controller/pinning.ts';
import { createSelection } from './controller/selection.ts';
import { createGridContext, type GridDeps } from './controller/store.ts';
import { createView } from './controller/view.ts';

export { SEARCH_DEBOUNCE_MS } from './controller/filters.ts';
export type { GridSnapshot } from './controller/history.ts';
export type { GridDeps, GridStore } from './controller/store.ts';

export type GridController = ReturnType<typeof createGridController>;

export function createGridController(control: string, deps: GridDeps) {
  const ctx = createGridContext(control, deps);
  const { store } = ctx;
  const loading = createLoading(ctx);
  const actions = {
    init: createOpening(ctx, loading).init,
    capture: () => capture(store),
    dispose: loading.dispose,
    refresh: loading.refresh,
    loadMore: loading.loadMore,
    markStale: loading.markStale,
    currentRequest: loading.currentRequest,
    togglePin: () => togglePin(ctx),
    ...createFilters(ctx, loading),
    ...createColumns(ctx, loading),
    ...createView(ctx, loading),
    ...createSelection(store),
  };
  return { store, actions };
}
