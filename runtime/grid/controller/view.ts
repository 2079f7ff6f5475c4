// The view the grid works from: switching to another, a save that makes the working view the
// saved one, a deleted view, and the page size, which belongs to the view.
import { MAX_PAGE_SIZE } from '../../../definitions/language/index.ts';
import type { Layout } from '../../api/index.ts';
import { layoutContent } from '../layout.ts';
import type { Loading } from './loading.ts';
import { persist } from './pinning.ts';
import type { GridContext } from './store.ts';
import { applyView, markSaved, refreshStatus, working } from './viewDiff.ts';

export function createView(ctx: GridContext, loading: Loading) {
  const { control, store, deps, log } = ctx;

  /** Another view from the manager: its columns, sort and filters, from page 1. */
  function switchView(layout: Layout) {
    applyView(store, layout);
    refreshStatus(store);
    persist(ctx);
    loading.reload();
  }

  return {
    switchView,
    /** The working view was saved (over the current view or as a new one): that is now the grid's view. */
    viewSaved(layout: Layout) {
      markSaved(store, layout);
      refreshStatus(store);
      persist(ctx);
    },
    /** A view was deleted in the manager; when it was the grid's, the user's default takes over. */
    async viewDeleted(AutoID: number): Promise<void> {
      if (store.view?.AutoID !== AutoID) return;
      try {
        switchView(await deps.userLayout(control));
      } catch (error) {
        log(`GetUserFlexGridLayout ${control} failed`, error);
      }
    },
    /** Rows per page are part of the view: a new size marks it modified and loads page 1 again. */
    setPageSize(size: number) {
      if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE || size === store.pageSize) return;
      store.pageSize = size;
      refreshStatus(store);
      loading.reload();
    },
    /** The working view as the body of a save. */
    layoutContent() {
      return layoutContent(working(store), store.meta);
    },
  };
}
