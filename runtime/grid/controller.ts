// One grid's controller: a valtio store plus the actions that load pages and change filters.
// Kept free of React so its flow can be followed (and tested) on its own; useFlexGrid binds it.
import { proxy, ref, snapshot } from 'valtio';
import type { FlexAnswer, FlexRequest } from '../api/index.ts';
import { buildRequest } from './filters.ts';
import { readPinned, writePinned } from './pinned.ts';
import { hasFilterParams, hasQueryParams, parseGridQuery } from './query.ts';
import {
  applyPage, canRefresh, changeQuery, dragTo, emptyQuery, initialGridState, nextPage, rowId, selectForContextMenu,
  startDrag, toggleAll, toggleSelected, toggleSort, type GridState,
} from './state.ts';
import type { AdvancedFilter, DataSource, DragSelection, GridColumn, GridQuery, GridRow } from './types.ts';

export const SEARCH_DEBOUNCE_MS = 500;

export interface GridStore extends GridState { pinned: boolean }

export interface GridDeps {
  flexData: (control: string, request: FlexRequest) => Promise<FlexAnswer>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

export type GridController = ReturnType<typeof createGridController>;

export function createGridController(control: string, deps: GridDeps) {
  const now = deps.now ?? (() => performance.now());
  const log = deps.log ?? ((message: string, error: unknown) => console.error(message, error));
  // Rows, columns and the selection can be large: ref() keeps valtio from wrapping each row.
  const store = proxy<GridStore>({ ...initialGridState(), rows: ref([]), columns: ref([]), selected: ref([]), pinned: false });
  let sequence = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let drag: DragSelection | null = null;

  const state = () => snapshot(store) as GridStore;
  const query = (): GridQuery => {
    const s = state();
    return { search: s.search, dataSource: s.dataSource, order: s.order, columnFilters: s.columnFilters, advancedFilters: s.advancedFilters };
  };
  const requestKey = () => JSON.stringify(buildRequest(query(), store.columns, 0, store.pageSize));
  const setSelected = (ids: number[]) => { store.selected = ref(ids); };
  const persist = () => { if (store.pinned) writePinned(deps.storage, control, query()); };

  function needsColumns(q: GridQuery): boolean {
    return !store.columns.length && (q.advancedFilters.length > 0 || Object.keys(q.columnFilters).length > 0);
  }

  /** Filters are checked against the columns; before the first answer one row tells them. */
  async function ensureColumns(id: number): Promise<void> {
    const answer = await deps.flexData(control, { dataSource: store.dataSource, pageIndex: 0, pageSize: 1 });
    if (id === sequence) store.columns = ref((answer.Meta.Columns ?? []) as unknown as GridColumn[]);
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
      if (needsColumns(query())) await ensureColumns(id);
      if (id !== sequence) return;
      const answer = await deps.flexData(control, buildRequest(query(), store.columns, pageIndex, store.pageSize));
      if (id !== sequence) return;
      const next = applyPage(state(), pageIndex, answer as unknown as Parameters<typeof applyPage>[2], now() - started);
      store.rows = ref([...next.rows]);
      store.columns = ref([...next.columns]);
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
    if (requestKey() === before) {
      if (delay <= 0) flush();
      return;
    }
    const next = changeQuery(state(), {});
    store.pageIndex = next.pageIndex;
    store.scrollToTop = next.scrollToTop;
    setSelected([]);
    schedule(delay);
  }

  let nextFilterId = 1;
  const actions = {
    async init(urlQuery: string | undefined): Promise<void> {
      const pinned = hasQueryParams(urlQuery) ? null : readPinned(deps.storage, control);
      if (pinned) {
        Object.assign(store, pinned, { pinned: true });
        nextFilterId = Math.max(0, ...pinned.advancedFilters.map((f) => f.id)) + 1;
      } else if (hasQueryParams(urlQuery)) {
        const { dataSource } = parseGridQuery(urlQuery, []);
        if (dataSource !== undefined) store.dataSource = dataSource;
        if (hasFilterParams(urlQuery)) {
          const id = ++sequence;
          store.loading = true;
          try { await ensureColumns(id); } catch { /* the load below reports the failure */ }
          if (id !== sequence) return;
          store.columnFilters = parseGridQuery(urlQuery, store.columns).columnFilters;
        }
      }
      await load(0);
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
    resetFilters() {
      // The sort is no filter: it stays.
      const { search, dataSource, columnFilters, advancedFilters } = emptyQuery();
      updateQuery({ search, dataSource, columnFilters, advancedFilters }, 0);
    },
    togglePin() {
      store.pinned = !store.pinned;
      writePinned(deps.storage, control, store.pinned ? query() : null);
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
