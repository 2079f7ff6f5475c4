// The grid's state and its transitions (spec 1 section 4 "Grid flow"), pure so they can be
// tested without a DOM. The controller hook keeps one of these in a valtio store per grid.
import { DEFAULT_PAGE_SIZE } from '../../definitions/language/index.ts';
import type { DragSelection, GridColumn, GridQuery, GridRow, SelectAllState } from './types.ts';

export interface GridState extends GridQuery {
  rows: readonly GridRow[];
  columns: readonly GridColumn[];
  pageIndex: number;
  pageSize: number;
  count: number;
  countEstimated: boolean;
  /** The last page answered exactly a full page, so more rows may exist. */
  lastPageFull: boolean;
  /** A request is in flight. */
  loading: boolean;
  /** A load-more request is appending rows; the rows shown stay usable. */
  busy: boolean;
  failed: boolean;
  elapsedMs: number | null;
  selected: readonly number[];
  /** Bumped whenever the view must return to the first row. */
  scrollToTop: number;
}

export function emptyQuery(): GridQuery {
  return { search: '', dataSource: 0, order: '', columnFilters: {}, advancedFilters: [] };
}

export function initialGridState(pageSize = DEFAULT_PAGE_SIZE): GridState {
  return {
    ...emptyQuery(),
    rows: [],
    columns: [],
    pageIndex: 0,
    pageSize,
    count: 0,
    countEstimated: false,
    lastPageFull: false,
    loading: false,
    busy: false,
    failed: false,
    elapsedMs: null,
    selected: [],
    scrollToTop: 0,
  };
}

/** A change of search, filter, data source or sort: back to the first page and the top. */
export function changeQuery(state: GridState, patch: Partial<GridQuery>): GridState {
  return { ...state, ...patch, pageIndex: 0, selected: [], scrollToTop: state.scrollToTop + 1 };
}

/** Refresh is ignored while a load is in progress. */
export function canRefresh(state: Pick<GridState, 'loading'>): boolean {
  return !state.loading;
}

/** The load-more row shows only while the last page returned exactly a full page. */
export function showLoadMore(state: Pick<GridState, 'lastPageFull' | 'failed'>): boolean {
  return state.lastPageFull && !state.failed;
}

/** The page load-more asks for, or null when the loaded rows are not exactly (page + 1) * page size. */
export function nextPage(
  state: Pick<GridState, 'rows' | 'pageIndex' | 'pageSize' | 'lastPageFull' | 'loading'>,
): number | null {
  if (state.loading || !state.lastPageFull) return null;
  return state.rows.length === (state.pageIndex + 1) * state.pageSize ? state.pageIndex + 1 : null;
}

export interface PageAnswer {
  Data: GridRow[];
  Meta: { Count: number; CountEstimated?: boolean; Columns?: GridColumn[] };
}

/** Page 0 replaces the rows, a later page appends to them. */
export function applyPage(state: GridState, pageIndex: number, answer: PageAnswer, elapsedMs: number): GridState {
  return {
    ...state,
    rows: pageIndex === 0 ? answer.Data : [...state.rows, ...answer.Data],
    columns: answer.Meta.Columns ?? state.columns,
    pageIndex,
    count: answer.Meta.Count,
    countEstimated: Boolean(answer.Meta.CountEstimated),
    lastPageFull: answer.Data.length === state.pageSize,
    failed: false,
    elapsedMs,
  };
}

// ---- sorting: 'Field direction' ----

export function sortOf(order: string): { field: string; desc: boolean } | null {
  const m = /^\s*([A-Za-z][A-Za-z0-9_]*)(?:\s+(asc|desc))?\s*$/i.exec(order.split(',')[0] ?? '');
  return m ? { field: m[1], desc: (m[2] ?? 'asc').toLowerCase() === 'desc' } : null;
}

export function sortDirection(order: string, field: string): 'asc' | 'desc' | null {
  const sort = sortOf(order);
  if (!sort || sort.field.toLowerCase() !== field.toLowerCase()) return null;
  return sort.desc ? 'desc' : 'asc';
}

/** The sorted column toggles asc/desc, a new one starts ascending; unsortable columns keep the order. */
export function toggleSort(order: string, column: GridColumn): string {
  if (!column.IsSortable) return order;
  return sortDirection(order, column.FieldName) === 'asc' ? `${column.FieldName} desc` : `${column.FieldName} asc`;
}

// ---- selection ----

export function rowId(row: GridRow): number {
  return Number(row.AutoID);
}

export function toggleSelected(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

export function selectAllState(rows: readonly GridRow[], selected: readonly number[]): SelectAllState {
  if (!rows.length || !selected.length) return 'none';
  const chosen = new Set(selected);
  const count = rows.reduce((n, r) => n + (chosen.has(rowId(r)) ? 1 : 0), 0);
  return count === 0 ? 'none' : count === rows.length ? 'all' : 'some';
}

/** The select-all box: everything when not all are selected, nothing when all are. */
export function toggleAll(rows: readonly GridRow[], selected: readonly number[]): number[] {
  return selectAllState(rows, selected) === 'all' ? [] : rows.map(rowId);
}

export function startDrag(rows: readonly GridRow[], selected: readonly number[], index: number): DragSelection {
  const first = rows[index];
  return { startIndex: index, target: !(first && selected.includes(rowId(first))), base: [...selected] };
}

/** Every row between the drag's first row and the current one gets the drag's target state. */
export function dragTo(rows: readonly GridRow[], drag: DragSelection, index: number): number[] {
  const from = Math.max(0, Math.min(drag.startIndex, index));
  const to = Math.min(rows.length - 1, Math.max(drag.startIndex, index));
  const result = new Set(drag.base);
  for (let i = from; i <= to; i++) {
    const id = rowId(rows[i]);
    if (drag.target) result.add(id);
    else result.delete(id);
  }
  return [...result];
}

/** Right-click on a row that is not selected makes it the selection; on a selected row the selection stays. */
export function selectForContextMenu(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? [...selected] : [id];
}
