// A view's content (Columns, PageSize, Sort) as a client sends it, checked against the effective
// definition and the principal's field limits before anything is written. Every problem is
// reported under its own path (Columns[2].ColumnWidth, Sort, ...), so nothing half-valid is saved.
import type { LayoutColumn, LayoutContent, LayoutFilter } from '../../definitions/language/index.ts';
import {
  DEFAULT_PAGE_SIZE, MAX_COLUMN_WIDTH, MAX_PAGE_SIZE, NEW_COLUMN_WIDTH, type EffectiveField, type MessageId,
} from '../../definitions/language/index.ts';
import { AppError, invalidFields, type FieldMessage } from '../errors.ts';
import { columnMeta } from '../data/flex.ts';
import { isWhole } from '../data/input.ts';
import { columnOf, condition, Params, quickOperator, type Column } from '../data/filters.ts';
import type { TableModel } from '../metadata/model.ts';

const MAX_COLUMNS = 500;
const MAX_FILTERS = 20;
const MAX_SEARCH = 200;
const SORT = /^([A-Za-z][A-Za-z0-9_]*) (asc|desc)$/i;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A column as a view holds it when nothing about it was chosen yet. */
export function defaultColumn(model: TableModel, col: Column, width = col.field?.width ?? NEW_COLUMN_WIDTH): LayoutColumn {
  return {
    FieldName: col.name, ColumnWidth: width, ColumnAlignment: columnMeta(model, col).ColumnAlignment as 0 | 1 | 2,
    Visible: true, Search: '', AdvancedFilters: [],
  };
}

/**
 * Checks and completes a view's content. Throws a 400 naming every invalid part; answers the
 * content with defaults filled in (width, alignment, visibility) and field names in their
 * defined spelling.
 */
export function checkContent(model: TableModel, hidden: readonly EffectiveField[], input: unknown): LayoutContent {
  const problems: Record<string, FieldMessage[]> = {};
  const fail = (path: string, id: MessageId, ...args: unknown[]) => { (problems[path] ??= []).push({ id, args }); };
  const attempt = <T>(path: string, work: () => T): T | undefined => {
    try { return work(); } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The problem under its place in the view, in its own words.
      (problems[path] ??= []).push({ id: error.id, args: error.args });
      return undefined;
    }
  };
  const body = isObject(input) ? input : {};
  if (!isObject(input)) fail('FlexGridLayout', 'layouts.content_shape', 'FlexGridLayout');

  const columns: LayoutColumn[] = [];
  const raw = body.Columns;
  if (!Array.isArray(raw)) fail('Columns', 'request.list', 'Columns');
  else if (raw.length > MAX_COLUMNS) fail('Columns', 'request.max_columns', 'Columns', MAX_COLUMNS);
  else {
    const seen = new Set<string>();
    raw.forEach((item, i) => {
      const at = `Columns[${i}]`;
      if (!isObject(item)) { fail(at, 'layouts.column_shape', at); return; }
      const col = attempt(`${at}.FieldName`, () => columnOf(model, item.FieldName, `${at}.FieldName`, hidden));
      if (!col) return;
      if (seen.has(col.name.toLowerCase())) { fail(`${at}.FieldName`, 'layouts.column_twice', col.name); return; }
      seen.add(col.name.toLowerCase());
      const column = defaultColumn(model, col);
      if (item.ColumnWidth !== undefined) {
        const w = item.ColumnWidth;
        if (!isWhole(w, 0, MAX_COLUMN_WIDTH)) fail(`${at}.ColumnWidth`, 'request.whole_number', `${at}.ColumnWidth`, 0, MAX_COLUMN_WIDTH);
        else column.ColumnWidth = w;
      }
      if (item.ColumnAlignment !== undefined) {
        const a = item.ColumnAlignment;
        if (a !== 0 && a !== 1 && a !== 2) fail(`${at}.ColumnAlignment`, 'request.alignment', `${at}.ColumnAlignment`);
        else column.ColumnAlignment = a;
      }
      if (item.Visible !== undefined) {
        if (typeof item.Visible !== 'boolean') fail(`${at}.Visible`, 'request.bool', `${at}.Visible`);
        else column.Visible = item.Visible;
      }
      const search = item.Search ?? '';
      if (typeof search !== 'string' || search.length > MAX_SEARCH) fail(`${at}.Search`, 'request.text_max', `${at}.Search`, MAX_SEARCH);
      else if (search !== '' && attempt(`${at}.Search`, () => condition(col, quickOperator(col), search, new Params(), `${at}.Search`)) !== undefined) column.Search = search;
      const filters = item.AdvancedFilters ?? [];
      if (!Array.isArray(filters) || filters.length > MAX_FILTERS) { fail(`${at}.AdvancedFilters`, 'layouts.filters_list', `${at}.AdvancedFilters`, MAX_FILTERS); return; }
      filters.forEach((f, j) => {
        const path = `${at}.AdvancedFilters[${j}]`;
        if (!isObject(f)) { fail(path, 'layouts.filter_shape', path); return; }
        const value = f.Value ?? null;
        if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) { fail(`${path}.Value`, 'layouts.filter_value', `${path}.Value`); return; }
        if (attempt(path, () => condition(col, f.Operator, value, new Params(), path)) === undefined) return;
        column.AdvancedFilters.push({ Operator: String(f.Operator), Value: f.Operator === 'empty' ? null : value as LayoutFilter['Value'] });
      });
      columns.push(column);
    });
  }

  let pageSize = DEFAULT_PAGE_SIZE;
  if (body.PageSize !== undefined && body.PageSize !== null) {
    const p = body.PageSize;
    if (!isWhole(p, 1, MAX_PAGE_SIZE)) fail('PageSize', 'request.whole_number', 'PageSize', 1, MAX_PAGE_SIZE);
    else pageSize = p;
  }

  let sort = '';
  if (body.Sort !== undefined && body.Sort !== null && body.Sort !== '') {
    const m = typeof body.Sort === 'string' ? SORT.exec(body.Sort.trim()) : null;
    if (!m) fail('Sort', 'layouts.sort_form', 'Sort');
    else {
      const col = attempt('Sort', () => columnOf(model, m[1], 'Sort', hidden));
      if (col && !col.sortable) fail('Sort', 'layouts.not_sortable', col.name);
      else if (col) sort = `${col.name} ${m[2].toLowerCase()}`;
    }
  }

  if (Object.keys(problems).length) throw invalidFields(problems);
  return { Columns: columns, PageSize: pageSize, Sort: sort };
}

/**
 * A stored view as one principal may see it: columns of fields that no longer exist or that
 * the principal may not see are left out, and so is a sort on them.
 */
export function visibleContent(model: TableModel, hidden: readonly EffectiveField[], stored: LayoutContent): LayoutContent {
  const shown = (name: string) => {
    try { columnOf(model, name, 'view', hidden); return true; } catch { return false; }
  };
  const sortField = stored.Sort.split(' ')[0] ?? '';
  return {
    Columns: stored.Columns.filter((c) => shown(c.FieldName)),
    PageSize: stored.PageSize,
    Sort: sortField && shown(sortField) ? stored.Sort : '',
  };
}

/** Columns of the stored view the principal cannot see: kept when the principal saves over it. */
export function unseenColumns(model: TableModel, hidden: readonly EffectiveField[], stored: readonly LayoutColumn[]): LayoutColumn[] {
  const hiddenNames = new Set(hidden.map((f) => f.name.toLowerCase()));
  return stored.filter((c) => hiddenNames.has(c.FieldName.toLowerCase()));
}

export type { LayoutColumn, LayoutContent, LayoutFilter };
