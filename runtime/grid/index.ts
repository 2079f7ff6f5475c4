// The generic grid: the FlexGrid component, its controller and the pure state functions.
export { FlexGrid } from './FlexGrid.tsx';
export type { FlexGridProps } from './FlexGrid.tsx';
export type { ContextMenuItem } from './GridContextMenu.tsx';
export { useFlexGrid } from './useFlexGrid.ts';
export { createGridController, SEARCH_DEBOUNCE_MS } from './controller.ts';
export type { GridController, GridDeps, GridStore } from './controller.ts';
export {
  applyPage, canRefresh, changeQuery, dragTo, emptyQuery, initialGridState, nextPage, rowId, selectAllState,
  selectForContextMenu, showLoadMore, sortDirection, sortOf, startDrag, toggleAll, toggleSelected, toggleSort,
} from './state.ts';
export type { GridState, PageAnswer } from './state.ts';
export { sanitizeUrlText, stripBarcode } from './barcode.ts';
export { hasFilterParams, hasQueryParams, parseGridQuery } from './query.ts';
export type { GridQueryParams } from './query.ts';
export { advancedFilterEntry, buildRequest, hasFilters, operatorsOf, parseDate, parseTime, quickFilterValue } from './filters.ts';
export { cellAlignment, cellContent, formatCount, formatDateValue, formatSeconds } from './format.ts';
export type { CellContent } from './format.ts';
export { pinnedKey, readPinned, writePinned } from './pinned.ts';
export type { AdvancedFilter, DataSource, DragSelection, GridColumn, GridQuery, GridRow, SelectAllState } from './types.ts';
