// Opening a grid: a Back/Forward snapshot as it was left, else the user's default view (or the
// pinned one) with the pinned or URL filters. The grid always works from a view when one loads.
import type { DescribedLayout } from '../../api/index.ts';
import { readPinned } from '../pinned.ts';
import { hasFilterParams, hasQueryParams, parseGridQuery } from '../query.ts';
import { NO_VIEW_PERMISSIONS } from '../viewRules.ts';
import { restore, type GridSnapshot } from './history.ts';
import type { Loading } from './loading.ts';
import { numberFilters, type GridContext } from './store.ts';
import { applyView, refreshStatus } from './viewDiff.ts';

export function createOpening(ctx: GridContext, loading: Loading) {
  const { control, store, deps, log } = ctx;

  /** The user's default view, or the pinned one; null when none could be loaded (the grid then shows the server's columns). */
  async function chooseLayout(pinnedId: number | null): Promise<DescribedLayout | null> {
    let layout: DescribedLayout | null = null;
    try {
      const answer = await deps.userLayout(control);
      store.permissions = { ...NO_VIEW_PERMISSIONS, ...answer.Permissions };
      layout = answer;
    } catch (error) {
      log(`GetUserFlexGridLayout ${control} failed`, error);
    }
    if (pinnedId !== null && pinnedId !== layout?.AutoID) {
      try {
        layout = await deps.layout(pinnedId);
      } catch (error) {
        log(`getflexgridlayout ${pinnedId} failed`, error);
      }
    }
    return layout;
  }

  /** URL parameters: the data source, and quick filters on the visible columns (known first). */
  async function applyUrl(urlQuery: string | undefined, id: number): Promise<boolean> {
    const { dataSource } = parseGridQuery(urlQuery, []);
    if (dataSource !== undefined) store.dataSource = dataSource;
    if (!hasFilterParams(urlQuery)) return true;
    if (!store.viewColumns.length) {
      try {
        await loading.ensureColumns(id);
      } catch {
        /* the load below reports the failure */
      }
      if (!loading.isCurrent(id)) return false;
    }
    const visible = store.viewColumns.filter((c) => c.Visible);
    store.columnFilters = { ...store.columnFilters, ...parseGridQuery(urlQuery, visible).columnFilters };
    return true;
  }

  /** Opens the grid: a Back/Forward snapshot as it was, else its view with pinned or URL filters. */
  async function init(urlQuery: string | undefined, kept?: GridSnapshot): Promise<void> {
    store.ready = false;
    if (kept) {
      restore(store, kept);
      refreshStatus(store);
      store.ready = true;
      await loading.load(0);
      return;
    }
    const id = loading.start();
    store.loading = true;
    const withParams = hasQueryParams(urlQuery);
    const pinned = withParams ? null : readPinned(deps.storage, control);
    const layout = await chooseLayout(pinned?.layoutId ?? null);
    if (!loading.isCurrent(id)) return;
    if (layout) applyView(store, layout);
    if (pinned) {
      const { search, dataSource, order, columnFilters, advancedFilters } = pinned;
      Object.assign(store, { search, dataSource, order, columnFilters, advancedFilters, pinned: true });
      numberFilters(store, pinned.advancedFilters);
    } else if (withParams && !(await applyUrl(urlQuery, id))) {
      return;
    }
    refreshStatus(store);
    store.ready = true;
    await loading.load(0);
  }

  return { init };
}
