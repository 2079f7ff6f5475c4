// Shapes the grid works with: the column metadata GetFlexData answers in Meta.Columns
// (spec 1 section 3) and the filter state the toolbar, headers and filter panel edit.
import type { FlexColumn } from '../../definitions/language/index.ts';
import type { ApiClient, ColumnAlignment, LayoutType } from '../api/index.ts';

export type GridRow = Record<string, unknown>;
export type DataSource = 0 | 1 | 2;

/** A column as the server describes it (shared with the server). */
export type GridColumn = FlexColumn;

/**
 * What an advanced filter's value box holds: text (typed, or a picked row's AutoID or option's
 * code for `=` and `!=`), a checkbox, or the picked AutoIDs or codes of `in` (is one of).
 */
export type FilterValue = string | boolean | readonly (string | number)[];

export interface AdvancedFilter {
  id: number;
  FieldName: string;
  Operator: string;
  Value: FilterValue;
}

/** What the user filters and sorts by; everything a request needs besides the page. */
export interface GridQuery {
  search: string;
  dataSource: DataSource;
  order: string;
  columnFilters: Readonly<Record<string, string>>;
  advancedFilters: readonly Readonly<AdvancedFilter>[];
}

export type SelectAllState = 'all' | 'some' | 'none';

export interface DragSelection {
  startIndex: number;
  /** The state every dragged-over row gets: the opposite of the first row's state at drag start. */
  target: boolean;
  /** The selection before the drag, so rows left behind by a shrinking drag return to it. */
  base: readonly number[];
}

/** A column of the working view, in display order; hidden ones stay so a save keeps them. */
export interface ViewColumn {
  FieldName: string;
  ColumnWidth: number;
  ColumnAlignment: ColumnAlignment;
  Visible: boolean;
}

/** The saved view the grid works from (the working view may differ from it: 'modified'). */
export interface CurrentView {
  AutoID: number;
  Name: string | null;
  LayoutType: LayoutType;
  CanChange: boolean;
  FromDefinitions: boolean;
}

/** The calls the view dialogs make; a test hands in a fake. */
export type ViewClient = Pick<
  ApiClient,
  | 'availableColumns'
  | 'createLayout'
  | 'deleteLayout'
  | 'layouts'
  | 'resetUserLayout'
  | 'setDefaultLayout'
  | 'shareableGroups'
  | 'updateLayout'
  | 'userDefaults'
>;
