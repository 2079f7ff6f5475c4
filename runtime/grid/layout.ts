// Saved views in the grid (docs/saved-views.md): a layout becomes the grid's working view and the
// working view becomes a layout again; plus the edits of the working view (resize, reorder and the
// column chooser's diff of spec 1 section 4 "Column chooser save"). Pure, so tested without a DOM.
import {
  DEFAULT_PAGE_SIZE,
  MAX_COLUMN_WIDTH,
  MAX_PAGE_SIZE,
  NEW_COLUMN_WIDTH,
  STANDARD_LAYOUT_NAME,
} from '../../definitions/language/index.ts';
import type { ColumnAlignment, Layout, LayoutColumnRequest, LayoutContent, LayoutFilter } from '../api/index.ts';
import { advancedFilterEntry, quickFilterValue } from './filters.ts';
import type { AdvancedFilter, CurrentView, FilterValue, GridColumn, GridQuery, ViewColumn } from './types.ts';

/** What a view decides in the grid: its columns, sort, page size and filters. */
export interface WorkingView extends Pick<GridQuery, 'order' | 'columnFilters' | 'advancedFilters'> {
  viewColumns: readonly ViewColumn[];
  pageSize: number;
}

export type ViewFilters = Pick<GridQuery, 'columnFilters' | 'advancedFilters'>;

const lower = (name: string) => name.toLowerCase();
const alignmentOf = (value: unknown): ColumnAlignment => (value === 1 || value === 2 ? value : 0);

/** Widths are whole pixels from 0 (spec 1 section 5) to the server's maximum. */
export function clampWidth(width: number): number {
  return Number.isFinite(width) ? Math.min(MAX_COLUMN_WIDTH, Math.max(0, Math.round(width))) : 0;
}

/** Name 'default' or none is the standard view. */
export function isStandardView(name: string | null | undefined): boolean {
  return !name || lower(name.trim()) === STANDARD_LAYOUT_NAME;
}

export function viewOf(layout: Layout): CurrentView {
  const { AutoID, Name, LayoutType, CanChange, FromDefinitions } = layout;
  return { AutoID, Name, LayoutType, CanChange, FromDefinitions };
}

/** A stored value in the filter's editor: `in` keeps its picked values (AutoIDs, codes). */
function filterValue(value: LayoutFilter['Value']): FilterValue {
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' || typeof v === 'number');
  return typeof value === 'boolean' ? value : value === null || value === undefined ? '' : String(value);
}

/**
 * The filters a view sets on the given visible columns: quick filters from each column's Search,
 * advanced ones from its AdvancedFilters (numbered from firstId). A hidden column filters nothing.
 */
export function viewFilters(layout: Layout | null, columns: readonly ViewColumn[], firstId = 1): ViewFilters {
  const visible = new Set(columns.filter((c) => c.Visible).map((c) => lower(c.FieldName)));
  const columnFilters: Record<string, string> = {};
  const advancedFilters: AdvancedFilter[] = [];
  for (const column of layout?.Columns ?? []) {
    if (!visible.has(lower(column.FieldName))) continue;
    if (column.Search) columnFilters[column.FieldName] = column.Search;
    for (const f of column.AdvancedFilters ?? []) {
      advancedFilters.push({
        id: firstId + advancedFilters.length,
        FieldName: column.FieldName,
        Operator: f.Operator,
        Value: filterValue(f.Value),
      });
    }
  }
  return { columnFilters, advancedFilters };
}

/** A saved view as the grid's working view. */
export function stateFromLayout(layout: Layout, firstFilterId = 1): WorkingView {
  const viewColumns = (layout.Columns ?? []).map((c): ViewColumn => ({
    FieldName: c.FieldName,
    ColumnWidth: clampWidth(c.ColumnWidth ?? NEW_COLUMN_WIDTH),
    ColumnAlignment: alignmentOf(c.ColumnAlignment),
    Visible: c.Visible !== false,
  }));
  const pageSize =
    Number.isInteger(layout.PageSize) && layout.PageSize > 0
      ? Math.min(layout.PageSize, MAX_PAGE_SIZE)
      : DEFAULT_PAGE_SIZE;
  return { viewColumns, order: layout.Sort ?? '', pageSize, ...viewFilters(layout, viewColumns, firstFilterId) };
}

/**
 * An advanced filter as a view stores it, or null when it filters nothing yet. With the column
 * descriptions it is checked as a request would send it, since the server refuses what it cannot read.
 */
function storedFilter(filter: AdvancedFilter, meta: readonly GridColumn[] | undefined): LayoutFilter | null {
  if (meta) {
    const entry = advancedFilterEntry(filter, meta);
    if (!entry) return null;
    return {
      Operator: entry.Operator,
      Value: entry.Operator === 'empty' ? null : (entry.Value as LayoutFilter['Value']),
    };
  }
  if (!filter.Operator) return null;
  if (filter.Operator === 'empty') return { Operator: filter.Operator, Value: null };
  if (typeof filter.Value === 'boolean') return { Operator: filter.Operator, Value: filter.Value };
  if (Array.isArray(filter.Value))
    return filter.Value.length ? { Operator: filter.Operator, Value: [...filter.Value] } : null;
  const value = (filter.Value as string).trim();
  return value ? { Operator: filter.Operator, Value: value } : null;
}

function storedSearch(text: string | undefined, column: GridColumn | undefined): string {
  if (!text) return '';
  return column ? (quickFilterValue(column, text) ?? '') : text.trim();
}

/**
 * The working view as the body of a save ({ Columns, PageSize, Sort }). Given the column
 * descriptions (meta), filters the columns cannot read are left out, as a request leaves them out.
 */
export function layoutContent(view: WorkingView, meta?: readonly GridColumn[]): LayoutContent {
  const Columns = view.viewColumns.map((c) => {
    const column = meta?.find((m) => lower(m.FieldName) === lower(c.FieldName));
    const filters = c.Visible ? view.advancedFilters.filter((f) => f.FieldName === c.FieldName) : [];
    return {
      FieldName: c.FieldName,
      ColumnWidth: c.ColumnWidth,
      ColumnAlignment: c.ColumnAlignment,
      Visible: c.Visible,
      Search: c.Visible ? storedSearch(view.columnFilters[c.FieldName], column) : '',
      AdvancedFilters: filters.map((f) => storedFilter(f, meta)).filter((f) => f !== null),
    };
  });
  return { Columns, PageSize: view.pageSize, Sort: view.order };
}

/** GetFlexData's flexGridLayoutColumns: the visible columns, in order, with width and alignment. */
export function requestColumns(columns: readonly ViewColumn[]): LayoutColumnRequest[] {
  return columns
    .filter((c) => c.Visible)
    .map(({ FieldName, ColumnWidth, ColumnAlignment }) => ({ FieldName, ColumnWidth, ColumnAlignment }));
}

/** Which columns the rows hold: a change of it needs new rows, a new width or order does not. */
export function columnSetKey(columns: readonly ViewColumn[]): string {
  return columns
    .filter((c) => c.Visible)
    .map((c) => lower(c.FieldName))
    .sort()
    .join(',');
}

/** The grid's columns: the server's description of each visible column with the view's width and alignment. */
export function displayColumns(columns: readonly ViewColumn[], meta: readonly GridColumn[]): GridColumn[] {
  const described = new Map(meta.map((m) => [lower(m.FieldName), m]));
  return columns
    .filter((c) => c.Visible)
    .flatMap((c) => {
      const m = described.get(lower(c.FieldName));
      return m ? [{ ...m, ColumnWidth: c.ColumnWidth, ColumnAlignment: c.ColumnAlignment }] : [];
    });
}

/** Without a saved view the grid works from the columns the server answered, all visible. */
export function columnsFromMeta(meta: readonly GridColumn[]): ViewColumn[] {
  return meta.map((m) => ({
    FieldName: m.FieldName,
    ColumnWidth: clampWidth(m.ColumnWidth ?? NEW_COLUMN_WIDTH),
    ColumnAlignment: alignmentOf(m.ColumnAlignment),
    Visible: true,
  }));
}

export function resizeColumn(columns: readonly ViewColumn[], field: string, width: number): ViewColumn[] {
  return columns.map((c) => (c.FieldName === field ? { ...c, ColumnWidth: clampWidth(width) } : c));
}

/** Drops the column on the target's place: before it when moved left, after it when moved right. */
export function moveColumn(columns: readonly ViewColumn[], field: string, target: string): ViewColumn[] {
  const from = columns.findIndex((c) => c.FieldName === field);
  const to = columns.findIndex((c) => c.FieldName === target);
  const next = [...columns];
  if (from < 0 || to < 0 || from === to) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** The column chooser's answer for one column. */
export interface ColumnChoice {
  FieldName: string;
  selected: boolean;
  ColumnAlignment: ColumnAlignment;
}

/** Added: newly ticked, visible with the new-column width. Deleted: unticked. Updated: alignment changes. */
export interface ColumnDiff {
  Added: ViewColumn[];
  Deleted: ViewColumn[];
  Updated: ViewColumn[];
}

export function chooserDiff(before: readonly ViewColumn[], choice: readonly ColumnChoice[]): ColumnDiff {
  const was = new Map(before.map((c) => [lower(c.FieldName), c]));
  const diff: ColumnDiff = { Added: [], Deleted: [], Updated: [] };
  for (const chosen of choice) {
    const old = was.get(lower(chosen.FieldName));
    if (chosen.selected && !old?.Visible) {
      diff.Added.push({
        FieldName: chosen.FieldName,
        ColumnWidth: NEW_COLUMN_WIDTH,
        ColumnAlignment: chosen.ColumnAlignment,
        Visible: true,
      });
    } else if (old?.Visible && !chosen.selected) {
      diff.Deleted.push({ ...old, Visible: false });
    } else if (old?.Visible && old.ColumnAlignment !== chosen.ColumnAlignment) {
      diff.Updated.push({ ...old, ColumnAlignment: chosen.ColumnAlignment });
    }
  }
  return diff;
}

/** Applies a chooser diff to the working view: added columns go to the end, deleted ones stay hidden. */
export function applyColumnDiff(columns: readonly ViewColumn[], diff: ColumnDiff): ViewColumn[] {
  const added = new Set(diff.Added.map((c) => lower(c.FieldName)));
  const changed = new Map([...diff.Deleted, ...diff.Updated].map((c) => [lower(c.FieldName), c]));
  const kept = columns.filter((c) => !added.has(lower(c.FieldName))).map((c) => changed.get(lower(c.FieldName)) ?? c);
  return [...kept, ...diff.Added];
}
