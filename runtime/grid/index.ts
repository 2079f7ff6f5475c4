// The generic grid: the FlexGrid component, its controller and the pure state functions.
export { FlexGrid } from './FlexGrid.tsx';
export type { ElsewhereHint, FlexGridProps } from './FlexGrid.tsx';
export type { ContextMenuItem } from './GridContextMenu.tsx';
export { useFlexGrid } from './useFlexGrid.ts';
export type { GridScope } from './useFlexGrid.ts';
export { createGridController, SEARCH_DEBOUNCE_MS } from './controller.ts';
export type { GridController, GridDeps, GridSnapshot, GridStore } from './controller.ts';
export { ColumnChooser } from './ColumnChooser.tsx';
export type { ColumnChooserProps } from './ColumnChooser.tsx';
export { GridViews } from './GridViews.tsx';
export type { GridViewsProps } from './GridViews.tsx';
export { SaveLayoutDialog } from './SaveLayoutDialog.tsx';
export type { SaveLayoutDialogProps } from './SaveLayoutDialog.tsx';
export { ViewManager } from './ViewManager.tsx';
export type { ViewManagerProps } from './ViewManager.tsx';
export {
  applyColumnDiff,
  chooserDiff,
  clampWidth,
  columnSetKey,
  columnsFromMeta,
  displayColumns,
  isStandardView,
  layoutContent,
  moveColumn,
  requestColumns,
  resizeColumn,
  stateFromLayout,
  viewFilters,
  viewOf,
} from './layout.ts';
export type { ColumnChoice, ColumnDiff, ViewFilters, WorkingView } from './layout.ts';
export {
  canDeleteView,
  canSaveView,
  canSaveViewAs,
  canSetDefault,
  layoutNameProblem,
  mayChangeType,
  NO_VIEW_PERMISSIONS,
  permittedTypes,
  showViewSettings,
  takenNames,
} from './viewRules.ts';
export type { NameProblem } from './viewRules.ts';
export {
  applyPage,
  canRefresh,
  changeQuery,
  dragTo,
  emptyQuery,
  initialGridState,
  nextPage,
  rowId,
  selectAllState,
  selectForContextMenu,
  showLoadMore,
  sortDirection,
  sortOf,
  startDrag,
  toggleAll,
  toggleSelected,
  toggleSort,
} from './state.ts';
export type { GridState, PageAnswer } from './state.ts';
export { sanitizeUrlText, stripBarcode } from './barcode.ts';
export { hasFilterParams, hasQueryParams, parseGridQuery } from './query.ts';
export type { GridQueryParams } from './query.ts';
export {
  advancedFilterEntry,
  buildRequest,
  hasFilters,
  operatorsOf,
  parseDate,
  parseTime,
  quickFilterValue,
} from './filters.ts';
export { cellAlignment, cellContent, formatCount, formatDateValue, formatSeconds } from './format.ts';
export type { CellContent } from './format.ts';
export { pinnedKey, readPinned, writePinned } from './pinned.ts';
export type { PinnedState } from './pinned.ts';
export type {
  AdvancedFilter,
  CurrentView,
  DataSource,
  DragSelection,
  GridColumn,
  GridQuery,
  GridRow,
  SelectAllState,
  ViewClient,
  ViewColumn,
} from './types.ts';
