// A view's content (Columns, PageSize, Sort) as a client sends it, checked against the effective
// definition and the principal's field limits before anything is written. Every problem is
// reported under its own path (FlexGridLayout.Columns[2].FieldName, ...), so nothing half-valid is saved.
import {
  DEFAULT_PAGE_SIZE,
  NEW_COLUMN_WIDTH,
  type EffectiveField,
  type LayoutColumn,
  type LayoutContent,
  type LayoutContentRequest,
  type LayoutFilter,
  type MessageId,
} from '../../definitions/language/index.ts';
import { AppError, invalidFields, type FieldMessage } from '../errors.ts';
import { columnMeta } from '../data/flex.ts';
import { columnOf, condition, Params, quickOperator, type Column } from '../data/filters.ts';
import type { TableModel } from '../metadata/model.ts';

const SORT = /^([A-Za-z][A-Za-z0-9_]*) (asc|desc)$/i;

/** A column as a view holds it when nothing about it was chosen yet. */
export function defaultColumn(
  model: TableModel,
  col: Column,
  width = col.field?.width ?? NEW_COLUMN_WIDTH,
): LayoutColumn {
  return {
    FieldName: col.name,
    ColumnWidth: width,
    ColumnAlignment: columnMeta(model, col).ColumnAlignment as 0 | 1 | 2,
    Visible: true,
    Search: '',
    AdvancedFilters: [],
  };
}

/** Where a view's content sits in the body of a save: problems are reported under this place. */
const AT = 'FlexGridLayout';

/**
 * Checks a view's content against the table and the principal's field limits (its shape was
 * checked at the edge: api-schemas LayoutContentRequest). Throws a 400 naming every invalid part;
 * answers the content with defaults filled in (width, alignment, visibility) and field names in
 * their defined spelling.
 */
export function checkContent(
  model: TableModel,
  hidden: readonly EffectiveField[],
  input: LayoutContentRequest,
): LayoutContent {
  const problems: Record<string, FieldMessage[]> = {};
  const fail = (path: string, id: MessageId, ...args: unknown[]) => {
    (problems[path] ??= []).push({ id, args });
  };
  const attempt = <T>(path: string, work: () => T): T | undefined => {
    try {
      return work();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The problem under its place in the view, in its own words.
      (problems[path] ??= []).push({ id: error.id, args: error.args });
      return undefined;
    }
  };

  const columns: LayoutColumn[] = [];
  const seen = new Set<string>();
  input.Columns.forEach((item, i) => {
    const at = `${AT}.Columns[${i}]`;
    const col = attempt(`${at}.FieldName`, () => columnOf(model, item.FieldName, `${at}.FieldName`, hidden));
    if (!col) return;
    if (seen.has(col.name.toLowerCase())) {
      fail(`${at}.FieldName`, 'layouts.column_twice', col.name);
      return;
    }
    seen.add(col.name.toLowerCase());
    const column = {
      ...defaultColumn(model, col),
      ...definedOf(item),
      FieldName: col.name,
      Search: '',
      AdvancedFilters: [] as LayoutFilter[],
    };
    const search = item.Search ?? '';
    if (
      search !== '' &&
      attempt(`${at}.Search`, () => condition(col, quickOperator(col), search, new Params(), `${at}.Search`)) !==
        undefined
    )
      column.Search = search;
    (item.AdvancedFilters ?? []).forEach((f, j) => {
      const path = `${at}.AdvancedFilters[${j}]`;
      const value = f.Value ?? null;
      if (attempt(path, () => condition(col, f.Operator, value, new Params(), path)) === undefined) return;
      column.AdvancedFilters.push({ Operator: f.Operator, Value: f.Operator === 'empty' ? null : value });
    });
    columns.push(column);
  });

  let sort = '';
  if (input.Sort) {
    const m = SORT.exec(input.Sort.trim());
    if (!m) fail(`${AT}.Sort`, 'layouts.sort_form', `${AT}.Sort`);
    else {
      const col = attempt(`${AT}.Sort`, () => columnOf(model, m[1], `${AT}.Sort`, hidden));
      if (col && !col.sortable) fail(`${AT}.Sort`, 'layouts.not_sortable', col.name);
      else if (col) sort = `${col.name} ${m[2].toLowerCase()}`;
    }
  }

  if (Object.keys(problems).length) throw invalidFields(problems);
  return { Columns: columns, PageSize: input.PageSize ?? DEFAULT_PAGE_SIZE, Sort: sort };
}

/** The width, alignment and visibility a client chose (the schema let through only valid ones). */
function definedOf(item: LayoutContentRequest['Columns'][number]): Partial<LayoutColumn> {
  const chosen: Partial<LayoutColumn> = {};
  if (item.ColumnWidth !== undefined) chosen.ColumnWidth = item.ColumnWidth;
  if (item.ColumnAlignment !== undefined) chosen.ColumnAlignment = item.ColumnAlignment;
  if (item.Visible !== undefined) chosen.Visible = item.Visible;
  return chosen;
}

/**
 * A stored view as one principal may see it: columns of fields that no longer exist or that
 * the principal may not see are left out, and so is a sort on them.
 */
export function visibleContent(
  model: TableModel,
  hidden: readonly EffectiveField[],
  stored: LayoutContent,
): LayoutContent {
  const shown = (name: string) => {
    try {
      columnOf(model, name, 'view', hidden);
      return true;
    } catch {
      return false;
    }
  };
  const sortField = stored.Sort.split(' ')[0] ?? '';
  return {
    Columns: stored.Columns.filter((c) => shown(c.FieldName)),
    PageSize: stored.PageSize,
    Sort: sortField && shown(sortField) ? stored.Sort : '',
  };
}

/** Columns of the stored view the principal cannot see: kept when the principal saves over it. */
export function unseenColumns(
  model: TableModel,
  hidden: readonly EffectiveField[],
  stored: readonly LayoutColumn[],
): LayoutColumn[] {
  const hiddenNames = new Set(hidden.map((f) => f.name.toLowerCase()));
  return stored.filter((c) => hiddenNames.has(c.FieldName.toLowerCase()));
}

export type { LayoutColumn, LayoutContent, LayoutFilter };
