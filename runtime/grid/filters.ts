// From what the user typed to the GetFlexData request. A quick filter the column's type cannot
// read (letters in a number column, half a date) is left out rather than sent, since the server
// answers such a value with 400 and the grid would show nothing. List columns are filtered by
// the text they show or by picked rows (AutoIDs), choice columns by their options (codes).
import { MAX_FILTER_VALUES, OPERATORS, type FilterKind } from '../../definitions/language/index.ts';
import type { FlexRequest } from '../api/index.ts';
import { choiceCode } from './choices.ts';
import type { AdvancedFilter, FilterValue, GridColumn, GridQuery } from './types.ts';

export function kindOf(column: GridColumn): FilterKind {
  return column.AdvancedFilterType ?? 'text';
}

export function operatorsOf(column: GridColumn | undefined): readonly string[] {
  return column ? OPERATORS[kindOf(column)] : [];
}

/** A decimal value filter steps by 0.01 (spec 1 §5); a whole number by 1; other numbers take any value. */
export const DECIMAL_FILTER_STEP = 0.01;
export function filterStep(column: GridColumn | undefined): string | undefined {
  if (!column || kindOf(column) !== 'number') return undefined;
  if (column.FieldType === 'decimal') return String(DECIMAL_FILTER_STEP);
  return column.FieldType && ['smallint', 'integer', 'bigint'].includes(column.FieldType) ? '1' : 'any';
}

/** Image columns hold file references: nothing to filter on. */
export function isFilterable(column: GridColumn): boolean {
  return column.ColumnType !== 2;
}

/**
 * What an advanced filter's value box is: none (empty), a checkbox, typed text, one picked row
 * of a list's lookup, one option of a choice, or several picked rows or options (`in`).
 */
export type ValueEditor = 'none' | 'bool' | 'text' | 'row' | 'option' | 'rows' | 'options';

export function valueEditor(column: GridColumn | undefined, operator: string): ValueEditor {
  const kind = column ? kindOf(column) : 'text';
  if (operator === 'empty') return 'none';
  if (kind === 'bool') return 'bool';
  if (kind === 'list') return operator === 'in' ? 'rows' : operator === '=' || operator === '!=' ? 'row' : 'text';
  if (kind === 'choice') return operator === 'in' ? 'options' : 'option';
  return 'text';
}

/** The value a filter starts with in its editor: kept when the editor stays the same, else blank. */
export function valueFor(column: GridColumn | undefined, operator: string, previous?: AdvancedFilter): FilterValue {
  const editor = valueEditor(column, operator);
  if (previous && previous.FieldName === column?.FieldName && valueEditor(column, previous.Operator) === editor)
    return previous.Value;
  if (editor === 'bool') return false;
  return editor === 'rows' || editor === 'options' ? [] : '';
}

const pad = (n: string) => n.padStart(2, '0');

/** D-M-YYYY (or D-M-YY, with 20 prefixed) or YYYY-MM-DD to YYYY-MM-DD; null when it is no date. */
export function parseDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  let y: string, mo: string, d: string;
  if (m) [, y, mo, d] = m;
  else {
    m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(t);
    if (!m) return null;
    [, d, mo, y] = m;
    if (y.length === 2) y = `20${y}`;
  }
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** HH:mm; a missing minute counts as 0. */
export function parseTime(text: string): string | null {
  const m = /^(\d{1,2})(?::(\d{1,2}))?$/.exec(text.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2] ?? 0) > 59) return null;
  return `${pad(m[1])}:${pad(m[2] ?? '0')}`;
}

/** The value a quick filter sends for a column, or undefined when there is nothing valid to send. */
export function quickFilterValue(column: GridColumn, text: string): string | undefined {
  const t = text.trim();
  if (!t || !isFilterable(column)) return undefined;
  switch (kindOf(column)) {
    // A list column by the text it shows: the server matches the referenced row's text.
    case 'text':
    case 'list':
      return t;
    case 'choice':
      return choiceCode(column, t);
    case 'number': {
      const n = Number(t.replace(',', '.'));
      // Whole-number columns refuse fractions.
      if (!Number.isFinite(n) || (column.FieldType !== 'decimal' && !Number.isInteger(n))) return undefined;
      return String(n);
    }
    case 'bool':
      return t === 'true' || t === 'false' ? t : undefined;
    case 'date':
    case 'datetime':
      return parseDate(t) ?? undefined;
    case 'time':
      return parseTime(t) ?? undefined;
  }
}

const isAutoId = (v: unknown) =>
  (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim()))) && Number(v) > 0;

/** The picked values an `in` filter sends: AutoIDs of a list, codes of a choice; null when none. */
function pickedValues(column: GridColumn, value: FilterValue): (string | number)[] | null {
  if (!Array.isArray(value)) return null;
  const picked: (string | number)[] =
    kindOf(column) === 'list'
      ? value.filter(isAutoId).map(Number)
      : value.map(String).filter((v) => choiceCode(column, v) === v);
  const unique = [...new Set(picked)].slice(0, MAX_FILTER_VALUES);
  return unique.length ? unique : null;
}

type FilterEntry = { FieldName: string; Operator: string; Value?: unknown };

/** An advanced filter is sent once it names a field and an operator, and a value the column can read unless the operator is empty. */
export function advancedFilterEntry(filter: AdvancedFilter, columns: readonly GridColumn[]): FilterEntry | null {
  const column = columns.find((c) => c.FieldName === filter.FieldName);
  if (!column || !operatorsOf(column).includes(filter.Operator)) return null;
  const entry = (Value: unknown): FilterEntry => ({ FieldName: filter.FieldName, Operator: filter.Operator, Value });
  switch (valueEditor(column, filter.Operator)) {
    case 'none':
      return { FieldName: filter.FieldName, Operator: 'empty' };
    case 'bool':
      return entry(filter.Value === true || filter.Value === 'true');
    case 'rows':
    case 'options': {
      const values = pickedValues(column, filter.Value);
      return values ? entry(values) : null;
    }
    case 'row':
      return isAutoId(filter.Value) ? entry(Number(filter.Value)) : null;
    case 'option': {
      const code = typeof filter.Value === 'string' ? choiceCode(column, filter.Value) : undefined;
      return code === undefined ? null : entry(code);
    }
    case 'text': {
      const value = typeof filter.Value === 'string' ? filter.Value.trim() : '';
      if (!value) return null;
      if (kindOf(column) === 'number' && !Number.isFinite(Number(value))) return null;
      return entry(value);
    }
  }
}

export function buildRequest(
  query: GridQuery,
  columns: readonly GridColumn[],
  pageIndex: number,
  pageSize: number,
): FlexRequest {
  const request: FlexRequest = { dataSource: query.dataSource, pageIndex, pageSize };
  if (query.order) request.order = query.order;
  const search = query.search.trim();
  if (search) request.searchExpressions = search;
  const operatorFilter = query.advancedFilters.map((f) => advancedFilterEntry(f, columns)).filter((f) => f !== null);
  if (operatorFilter.length) request.operatorFilter = operatorFilter;
  const columnFilter: Record<string, unknown> = {};
  for (const [field, text] of Object.entries(query.columnFilters)) {
    const column = columns.find((c) => c.FieldName === field);
    const value = column ? quickFilterValue(column, text) : undefined;
    if (value !== undefined) columnFilter[field] = value;
  }
  if (Object.keys(columnFilter).length) request.columnFilter = columnFilter;
  return request;
}

type Filters = Pick<GridQuery, 'columnFilters' | 'advancedFilters'>;

const quickFilters = (f: Filters) =>
  JSON.stringify(
    Object.entries(f.columnFilters)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()])
      .sort(),
  );
const advanced = (f: Filters) =>
  JSON.stringify(f.advancedFilters.map(({ FieldName, Operator, Value }) => [FieldName, Operator, Value]));

/**
 * Whether the rows are filtered beyond the view's own filters (base), so the reset action, which
 * returns to them, is offered.
 */
export function hasFilters(query: GridQuery, base: Filters = { columnFilters: {}, advancedFilters: [] }): boolean {
  return (
    query.search.trim() !== '' ||
    query.dataSource !== 0 ||
    quickFilters(query) !== quickFilters(base) ||
    advanced(query) !== advanced(base)
  );
}

/**
 * Whether an answered grid found no rows with no search or filter at all (the view's own included):
 * a child tab with nothing in it yet, which needs no tools to search, filter, export or pick a view.
 * A search or filter that finds nothing keeps those tools, so it can be cleared.
 */
export function emptyUnfiltered(
  state: GridQuery & { rows: readonly unknown[]; elapsedMs: number | null; failed: boolean },
): boolean {
  return state.rows.length === 0 && state.elapsedMs !== null && !state.failed && !hasFilters(state);
}
