// One grid's controller: a valtio store plus the actions that load views and pages and change
// filters and columns. Kept free of React so its flow can be followed (and tested) on its own;
// useFlexGrid binds it. The grid always works from a view: the user's default (GetUserFlexGridLayout)
// unless a pinned state or a Back/Forward snapshot names another.
import { proxy, ref, snapshot } from 'valtio';
import { MAX_PAGE_SIZE } from '../../definitions/language/index.ts';
import type { DescribedLayout, FlexAnswer, FlexRequest, Layout, UserLayout, ViewPermissions } from '../api/index.ts';
import { buildRequest, hasFilters } from './filters.ts';
import {
  applyColumnDiff, columnSetKey, columnsFromMeta, displayColumns, layoutContent, moveColumn, requestColumns, resizeColumn,
  stateFromLayout, viewFilters, viewOf, type ColumnDiff, type WorkingView,
} from './layout.ts';
import { readPinned, writePinned, type PinnedState } from './pinned.ts';
import { hasFilterParams, hasQueryParams, parseGridQuery } from './query.ts';
import {
  applyPage, canRefresh, changeQuery, dragTo, initialGridState, nextPage, rowId, selectForContextMenu, startDrag, toggleAll,
  toggleSelected, toggleSort, type GridState,
} from './state.ts';
import type { AdvancedFilter, CurrentView, DataSource, DragSelection, GridColumn, GridQuery, GridRow, ViewColumn } from './types.ts';
import { NO_VIEW_PERMISSIONS } from './viewRules.ts';

export const SEARCH_DEBOUNCE_MS = 500;

export interface GridStore extends GridState {
  pinned: boolean;
  /** The saved view the grid works from; null when none could be loaded. */
  view: CurrentView | null;
  /** The working view's columns in order, hidden ones included. */
  viewColumns: readonly ViewColumn[];
  permissions: ViewPermissions;
  /** The working view differs from the saved one. */
  modified: boolean;
  /** Filtered beyond the view's own filters (reset returns to those). */
  filtered: boolean;
}

/** Everything Back/Forward needs to show a grid as it was left (the rows are loaded again). */
export interface GridSnapshot extends GridQuery {
  saved: Layout | null;
  viewColumns: readonly ViewColumn[];
  meta: readonly GridColumn[];
  permissions: ViewPermissions;
  pageSize: number;
  pinned: boolean;
}

export interface GridDeps {
  flexData: (control: string, request: FlexRequest) => Promise<FlexAnswer>;
  userLayout: (control: string) => Promise<UserLayout>;
  layout: (AutoID: number) => Promise<DescribedLayout>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

export type GridController = ReturnType<typeof createGridController>;

export function createGridController(control: string, deps: GridDeps) {
  const now = deps.now ?? (() => performance.now());
  const log = deps.log ?? ((message: string, error: unknown) => console.error(message, error));
  // Rows, columns and the selection can be large: ref() keeps valtio from wrapping each row.
  const store = proxy<GridStore>({
    ...initialGridState(), rows: ref([]), columns: ref([]), selected: ref([]), pinned: false,
    view: null, viewColumns: ref([]), permissions: NO_VIEW_PERMISSIONS, modified: false, filtered: false,
  });
  let sequence = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let drag: DragSelection | null = null;
  let nextFilterId = 1;
  /** The saved view as the server answered it, and its content the working view is compared with. */
  let saved: Layout | null = null;
  let baseline = '';
  /** The server's description of the columns it answered (Meta.Columns). */
  let meta: readonly GridColumn[] = [];
  /** A view (or the fallback) is in place: only then is there a state worth keeping for Back/Forward. */
  let ready = false;

  const state = () => snapshot(store) as GridStore;
  const query = (): GridQuery => {
    const s = state();
    return { search: s.search, dataSource: s.dataSource, order: s.order, columnFilters: s.columnFilters, advancedFilters: s.advancedFilters };
  };
  const working = (): WorkingView => {
    const { viewColumns, order, pageSize, columnFilters, advancedFilters } = state();
    return { viewColumns, order, pageSize, columnFilters, advancedFilters };
  };
  const requestKey = () => JSON.stringify([buildRequest(query(), store.columns, 0, store.pageSize), columnSetKey(store.viewColumns)]);
  const setSelected = (ids: number[]) => { store.selected = ref(ids); };
  const pinnedState = (): PinnedState => ({ ...query(), layoutId: store.view?.AutoID ?? null });
  const persist = () => { if (store.pinned) writePinned(deps.storage, control, pinnedState()); };
  const numberFilters = (filters: readonly AdvancedFilter[]) => {
    nextFilterId = Math.max(nextFilterId, ...filters.map((f) => f.id + 1));
  };

  /** The reset target: the saved view's filters on the columns now visible. */
  const ownFilters = (firstId = nextFilterId) => viewFilters(saved, store.viewColumns, firstId);

  function refreshColumns() {
    store.columns = ref(displayColumns(store.viewColumns, meta));
  }

  function refreshStatus() {
    store.modified = saved !== null && JSON.stringify(layoutContent(working())) !== baseline;
    store.filtered = hasFilters(query(), ownFilters());
  }

  /** A query or column change starts again at the first row, with nothing selected. */
  function backToTop() {
    const next = changeQuery(state(), {});
    store.pageIndex = next.pageIndex;
    store.scrollToTop = next.scrollToTop;
    setSelected([]);
  }

  /** Makes a saved view the working view: its columns, sort, page size and filters. */
  function applyView(layout: DescribedLayout) {
    saved = layout;
    // A layout that describes its columns spares the one-row request its filters would need.
    if (layout.Meta?.Columns) meta = layout.Meta.Columns as unknown as GridColumn[];
    const view = stateFromLayout(layout, nextFilterId);
    numberFilters(view.advancedFilters);
    baseline = JSON.stringify(layoutContent(view));
    store.view = viewOf(layout);
    store.viewColumns = ref([...view.viewColumns]);
    Object.assign(store, { order: view.order, pageSize: view.pageSize, columnFilters: view.columnFilters, advancedFilters: view.advancedFilters });
    refreshColumns();
  }

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
      try { layout = await deps.layout(pinnedId); } catch (error) { log(`getflexgridlayout ${pinnedId} failed`, error); }
    }
    return layout;
  }

  /** Quick and advanced filters on visible columns the server has not described yet. */
  function filtersNeedMeta(q: GridQuery): boolean {
    const described = new Set(meta.map((m) => m.FieldName));
    const visible = new Set(store.viewColumns.filter((c) => c.Visible).map((c) => c.FieldName));
    const fields = [...Object.keys(q.columnFilters).filter((f) => q.columnFilters[f].trim() !== ''), ...q.advancedFilters.map((f) => f.FieldName)];
    return fields.some((f) => !described.has(f) && (visible.has(f) || !store.viewColumns.length));
  }

  function adoptMeta(columns: readonly GridColumn[]) {
    meta = columns;
    if (!store.viewColumns.length) store.viewColumns = ref(columnsFromMeta(columns));
    refreshColumns();
  }

  const layoutColumns = (): Pick<FlexRequest, 'flexGridLayoutColumns'> =>
    store.viewColumns.length ? { flexGridLayoutColumns: requestColumns(store.viewColumns) } : {};

  /** Filters are checked against the columns' types; before they are known one row tells them. */
  async function ensureColumns(id: number): Promise<void> {
    const answer = await deps.flexData(control, { dataSource: store.dataSource, pageIndex: 0, pageSize: 1, ...layoutColumns() });
    if (id === sequence) adoptMeta((answer.Meta.Columns ?? []) as unknown as GridColumn[]);
  }

  async function load(pageIndex: number): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const id = ++sequence;
    store.loading = true;
    store.busy = pageIndex > 0;
    store.failed = false;
    const started = now();
    try {
      if (filtersNeedMeta(query())) await ensureColumns(id);
      if (id !== sequence) return;
      const answer = await deps.flexData(control, { ...buildRequest(query(), store.columns, pageIndex, store.pageSize), ...layoutColumns() });
      if (id !== sequence) return;
      const next = applyPage(state(), pageIndex, answer as unknown as Parameters<typeof applyPage>[2], now() - started);
      store.rows = ref([...next.rows]);
      adoptMeta(next.columns);
      Object.assign(store, {
        pageIndex: next.pageIndex, count: next.count, countEstimated: next.countEstimated,
        lastPageFull: next.lastPageFull, elapsedMs: next.elapsedMs,
      });
    } catch (error) {
      if (id !== sequence) return;
      store.failed = true;
      log(`GetFlexData ${control} failed`, error);
    } finally {
      if (id === sequence) { store.loading = false; store.busy = false; }
    }
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (delay <= 0) void load(0);
    else timer = setTimeout(() => { timer = undefined; void load(0); }, delay);
  }

  /** Runs a debounced reload now (Enter in a search or filter box). */
  function flush() {
    if (timer !== undefined) void load(0);
  }

  /** A query change reloads (back on page 1, at the top) only when the request it sends changes. */
  function updateQuery(patch: Partial<GridQuery>, delay: number) {
    const before = requestKey();
    Object.assign(store, patch);
    persist();
    refreshStatus();
    if (requestKey() === before) {
      if (delay <= 0) flush();
      return;
    }
    backToTop();
    schedule(delay);
  }

  /** A new width or order is drawn at once; only another set of columns needs new rows. */
  function editColumns(next: readonly ViewColumn[]) {
    const before = requestKey();
    store.viewColumns = ref([...next]);
    // Filters of columns that are no longer shown would filter invisibly: they go.
    const shown = new Set(next.filter((c) => c.Visible).map((c) => c.FieldName));
    if (Object.keys(store.columnFilters).some((field) => !shown.has(field))) {
      store.columnFilters = Object.fromEntries(Object.entries(store.columnFilters).filter(([field]) => shown.has(field)));
    }
    if (store.advancedFilters.some((f) => !shown.has(f.FieldName))) {
      store.advancedFilters = store.advancedFilters.filter((f) => shown.has(f.FieldName)).map((f) => ({ ...f }));
    }
    refreshColumns();
    refreshStatus();
    persist();
    if (requestKey() === before) return;
    backToTop();
    void load(0);
  }

  /** Back/Forward: the grid as it was left, without asking for its view again. */
  function restore(s: GridSnapshot) {
    saved = s.saved;
    baseline = saved ? JSON.stringify(layoutContent(stateFromLayout(saved))) : '';
    meta = s.meta;
    numberFilters(s.advancedFilters);
    Object.assign(store, {
      view: saved ? viewOf(saved) : null, viewColumns: ref([...s.viewColumns]), permissions: s.permissions, pinned: s.pinned,
      search: s.search, dataSource: s.dataSource, order: s.order, pageSize: s.pageSize,
      columnFilters: { ...s.columnFilters }, advancedFilters: s.advancedFilters.map((f) => ({ ...f })),
    });
    refreshColumns();
  }

  const actions = {
    /** Opens the grid: a Back/Forward snapshot as it was, else its view with pinned or URL filters. */
    async init(urlQuery: string | undefined, kept?: GridSnapshot): Promise<void> {
      ready = false;
      if (kept) {
        restore(kept);
        refreshStatus();
        ready = true;
        await load(0);
        return;
      }
      const id = ++sequence;
      store.loading = true;
      const withParams = hasQueryParams(urlQuery);
      const pinned = withParams ? null : readPinned(deps.storage, control);
      const layout = await chooseLayout(pinned?.layoutId ?? null);
      if (id !== sequence) return;
      if (layout) applyView(layout);
      if (pinned) {
        const { search, dataSource, order, columnFilters, advancedFilters } = pinned;
        Object.assign(store, { search, dataSource, order, columnFilters, advancedFilters, pinned: true });
        numberFilters(pinned.advancedFilters);
      } else if (withParams) {
        const { dataSource } = parseGridQuery(urlQuery, []);
        if (dataSource !== undefined) store.dataSource = dataSource;
        if (hasFilterParams(urlQuery)) {
          if (!store.viewColumns.length) {
            try { await ensureColumns(id); } catch { /* the load below reports the failure */ }
            if (id !== sequence) return;
          }
          const visible = store.viewColumns.filter((c) => c.Visible);
          store.columnFilters = { ...store.columnFilters, ...parseGridQuery(urlQuery, visible).columnFilters };
        }
      }
      refreshStatus();
      ready = true;
      await load(0);
    },
    /** The state to keep for Back/Forward; null while the grid is still opening. */
    capture(): GridSnapshot | null {
      if (!ready) return null;
      const s = state();
      return {
        ...query(), saved, viewColumns: s.viewColumns, meta, permissions: s.permissions, pageSize: s.pageSize, pinned: s.pinned,
      };
    },
    dispose() { clearTimeout(timer); sequence++; },
    /** Reload page 1 keeping the filters; ignored while loading unless forced (a save elsewhere). */
    refresh(force = false) {
      if (!force && !canRefresh(store)) return;
      setSelected([]);
      store.scrollToTop++;
      void load(0);
    },
    loadMore() {
      const page = nextPage(store);
      if (page !== null) void load(page);
    },
    setSearch(search: string) { updateQuery({ search }, SEARCH_DEBOUNCE_MS); },
    /** Enter: search now (debounce skipped). */
    searchNow(search: string) { updateQuery({ search }, 0); },
    setDataSource(dataSource: DataSource) { updateQuery({ dataSource }, 0); },
    toggleSort(column: GridColumn) {
      const order = toggleSort(store.order, column);
      if (order !== store.order) updateQuery({ order }, 0);
    },
    setColumnFilter(field: string, text: string, delay = SEARCH_DEBOUNCE_MS) {
      updateQuery({ columnFilters: { ...store.columnFilters, [field]: text } }, delay);
    },
    addAdvancedFilter(column: GridColumn | undefined, operator: string) {
      const filter: AdvancedFilter = { id: nextFilterId++, FieldName: column?.FieldName ?? '', Operator: operator, Value: column?.AdvancedFilterType === 'bool' ? false : '' };
      updateQuery({ advancedFilters: [...store.advancedFilters, filter] }, 0);
    },
    updateAdvancedFilter(id: number, patch: Partial<Omit<AdvancedFilter, 'id'>>, delay = 0) {
      updateQuery({ advancedFilters: store.advancedFilters.map((f) => (f.id === id ? { ...f, ...patch } : { ...f })) }, delay);
    },
    removeAdvancedFilter(id: number) {
      updateQuery({ advancedFilters: store.advancedFilters.filter((f) => f.id !== id).map((f) => ({ ...f })) }, 0);
    },
    /** Back to the view's own filters; the sort is no filter: it stays. */
    resetFilters() {
      const own = ownFilters();
      numberFilters(own.advancedFilters);
      updateQuery({ search: '', dataSource: 0, ...own }, 0);
    },
    togglePin() {
      store.pinned = !store.pinned;
      writePinned(deps.storage, control, store.pinned ? pinnedState() : null);
    },
    /** Rows per page are part of the view: a new size marks it modified and loads page 1 again. */
    setPageSize(size: number) {
      if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE || size === store.pageSize) return;
      store.pageSize = size;
      refreshStatus();
      backToTop();
      void load(0);
    },
    resizeColumn(field: string, width: number) { editColumns(resizeColumn(store.viewColumns, field, width)); },
    moveColumn(field: string, target: string) { editColumns(moveColumn(store.viewColumns, field, target)); },
    /** The column chooser's 'save locally': the working view changes, the saved one does not. */
    applyColumnDiff(diff: ColumnDiff) { editColumns(applyColumnDiff(store.viewColumns, diff)); },
    /** The working view as the body of a save. */
    layoutContent() { return layoutContent(working(), meta); },
    /** Another view from the manager: its columns, sort and filters, from page 1. */
    switchView(layout: Layout) {
      applyView(layout);
      refreshStatus();
      persist();
      backToTop();
      void load(0);
    },
    /** The working view was saved (over the current view or as a new one): that is now the grid's view. */
    viewSaved(layout: Layout) {
      saved = layout;
      baseline = JSON.stringify(layoutContent(stateFromLayout(layout)));
      store.view = viewOf(layout);
      refreshStatus();
      persist();
    },
    /** A view was deleted in the manager; when it was the grid's, the user's default takes over. */
    async viewDeleted(AutoID: number): Promise<void> {
      if (store.view?.AutoID !== AutoID) return;
      try {
        actions.switchView(await deps.userLayout(control));
      } catch (error) {
        log(`GetUserFlexGridLayout ${control} failed`, error);
      }
    },
    toggleRow(id: number) { setSelected(toggleSelected(store.selected, id)); },
    toggleAll() { setSelected(toggleAll(store.rows, store.selected)); },
    dragStart(index: number) {
      drag = startDrag(store.rows, store.selected, index);
      setSelected(dragTo(store.rows, drag, index));
    },
    dragOver(index: number) { if (drag) setSelected(dragTo(store.rows, drag, index)); },
    dragEnd() { drag = null; },
    /** Right-click: the row joins (or becomes) the selection; answers the rows the menu acts on. */
    contextSelect(row: GridRow): GridRow[] {
      const ids = selectForContextMenu(store.selected, rowId(row));
      setSelected(ids);
      const chosen = new Set(ids);
      return store.rows.filter((r) => chosen.has(rowId(r)));
    },
    selectedRows(): GridRow[] {
      const chosen = new Set(store.selected);
      return store.rows.filter((r) => chosen.has(rowId(r)));
    },
  };
  return { store, actions };
}
