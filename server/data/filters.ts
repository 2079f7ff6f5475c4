// GetFlexData filters, checked against the effective definition before any SQL exists:
// an unknown field, an operator the column type does not allow, or a value of the wrong
// type is a 400 naming the problem. SQL is built only from definition identifiers.
// List and choice columns are filtered by what the user sees: a list by its referenced row's
// text (only rows and a text field the user may see, as access.ts decides) or by picked rows, a
// choice by its options.
import {
  DATA_SOURCE,
  DEFAULT_PAGE_SIZE,
  MAX_FILTER_VALUES,
  OPERATORS,
  filterKind,
  isCalendarDate,
  isDateTime,
  isTimeOfDay,
  today,
  type CatalogueName,
  type EffectiveField,
  type FieldCondition,
  type FilterKind,
  type FlexRequest,
  type MessageId,
  type Translate,
} from '../../definitions/language/index.ts';
import { badRequest } from '../errors.ts';
import type { ListJoin, TableModel } from '../metadata/model.ts';
import { ident, likePattern } from '../db/sql.ts';
import type { Rows } from './table-sql.ts';

/** A column a filter or sort can name: a field, or one of the system columns; a list field with the join to its text. */
export interface Column {
  name: string;
  sql: string;
  kind: FilterKind;
  sortable: boolean;
  notNull?: boolean;
  field?: EffectiveField;
  join?: ListJoin;
  /** A system column's title (a field's is its label). */
  title?: MessageId;
}

/**
 * The referenced rows (under the alias) whose text a filter on a list may match: the rows and
 * text field the principal may see (table-sql.ts listTexts). Without them (a view's filter
 * checked before it is saved) no referenced row is admitted.
 */
export type ListTexts = (join: ListJoin, alias: string, params: Params) => Rows | null;
const NO_TEXTS: ListTexts = () => null;

const SYSTEM_COLUMNS: Column[] = [
  { name: 'AutoID', sql: 'autoid', kind: 'number', sortable: true, notNull: true, title: 'column.autoid' },
  {
    name: 'CreateDate',
    sql: 'createdate',
    kind: 'datetime',
    sortable: true,
    notNull: true,
    title: 'column.createdate',
  },
  { name: 'CreatedBy', sql: 'createdby', kind: 'text', sortable: true, title: 'column.createdby' },
  { name: 'ModifiedBy', sql: 'modifiedby', kind: 'text', sortable: true, title: 'column.modifiedby' },
];

/** The titles of the system columns, which answers carry beside the definitions' own texts. */
export const SYSTEM_COLUMN_TITLES: readonly MessageId[] = SYSTEM_COLUMNS.map((c) => c.title!);

export function columnOf(
  model: TableModel,
  name: string,
  what: string,
  hidden: readonly EffectiveField[] = [],
): Column {
  const visible = model.byName.get(name.toLowerCase());
  // A hidden field does not exist for this principal.
  const field = visible && !hidden.includes(visible) ? visible : undefined;
  if (visible && !field) throw badRequest('request.unknown_field', what, name, model.table.name);
  if (field?.type === 'password') throw badRequest('request.password_field', what, field.name);
  if (field) {
    return {
      name: field.name,
      sql: field.sqlName,
      kind: filterKind(field.type),
      field,
      join: model.listJoins.find((j) => j.field === field),
      sortable: field.sortable ?? !['textarea', 'html', 'image', 'file'].includes(field.type),
    };
  }
  const system = SYSTEM_COLUMNS.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (system) return system;
  if (model.table.archivable && name.toLowerCase() === 'archive')
    return { name: 'Archive', sql: 'archive', kind: 'bool', sortable: true };
  throw badRequest('request.unknown_field', what, name, model.table.name);
}

/**
 * The operator of a column's quick filter: text columns, and list columns by their text, match by
 * contains; the others (a choice by its code) by equality.
 */
export const quickOperator = (col: Column) => (col.kind === 'text' || col.kind === 'list' ? 'contains' : '=');

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

type ValueMessage =
  | 'request.value_number'
  | 'request.value_whole'
  | 'request.value_bool'
  | 'request.value_date'
  | 'request.value_datetime'
  | 'request.value_time'
  | 'request.value_text';

/** Checks a filter value against the column's type; answers the value to bind. A list's value is an AutoID, a choice's one of its codes. */
export function typedValue(col: Column, value: unknown, what: string): unknown {
  const wrong = (id: ValueMessage) => badRequest(id, what, col.name, 1000);
  switch (col.kind) {
    case 'number':
    case 'list': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw wrong('request.value_number');
      if (col.kind === 'list' || ['smallint', 'integer', 'bigint'].includes(col.field?.type ?? 'integer')) {
        if (!Number.isInteger(n)) throw wrong('request.value_whole');
      }
      return typeof value === 'string' ? value.trim() : n;
    }
    case 'bool':
      if (value === true || value === 'true' || value === 1 || value === '1') return true;
      if (value === false || value === 'false' || value === 0 || value === '0') return false;
      throw wrong('request.value_bool');
    case 'date':
      if (typeof value !== 'string' || !isCalendarDate(value)) throw wrong('request.value_date');
      return value;
    case 'datetime':
      if (typeof value !== 'string' || !isDateTime(value, { zone: true })) throw wrong('request.value_datetime');
      return value;
    case 'time':
      if (typeof value !== 'string' || !isTimeOfDay(value)) throw wrong('request.value_time');
      return value;
    case 'text':
      if (typeof value !== 'string' && typeof value !== 'number') throw wrong('request.value_text');
      if (String(value).length > 1000) throw wrong('request.value_text');
      return String(value);
    case 'choice': {
      const codes = (col.field?.options ?? []).map((o) => o.value);
      const code = typeof value === 'number' ? String(value) : value;
      if (typeof code !== 'string' || !codes.includes(code))
        throw badRequest('request.value_option', what, col.name, codes.join(', '));
      return code;
    }
  }
}

/** The text a filter on a list's text looks for (contains, notcontains). */
function textValue(col: Column, value: unknown, what: string): string {
  if ((typeof value !== 'string' && typeof value !== 'number') || String(value).length > 1000)
    throw badRequest('request.value_text', what, col.name, 1000);
  return String(value);
}

/** An `in` filter's values: a list of 1 to MAX_FILTER_VALUES, each checked as `=` would check it. */
function valueList(col: Column, value: unknown, what: string): unknown[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_FILTER_VALUES)
    throw badRequest('request.value_list', what, col.name, MAX_FILTER_VALUES);
  return [...new Set(value.map((v) => typedValue(col, v, what)))];
}

/**
 * The rows whose list field names a referenced row whose text contains `text`: only referenced
 * rows the principal may see, with a text field they may see, can match (texts), so a filter
 * tells no more than the grid's `_Descr` shows. A self-contained subquery: the count needs no join.
 */
function listTextCondition(col: Column, text: string, negate: boolean, params: Params, texts: ListTexts): string {
  const c = `t.${ident(col.sql)}`;
  const join = col.join;
  const alias = `f_${col.sql}`.slice(0, 63);
  const rows = join ? texts(join, alias, params) : null;
  const matching =
    join && rows
      ? // As text: a list whose text field is a number (a stock row named by its warehouse) is searched as its digits.
        `SELECT ${ident(alias)}.autoid ${rows.from([`${ident(alias)}.${ident(join.textColumn)}::text ILIKE ${params.add(likePattern(text))}`])}`
      : 'SELECT NULL::bigint WHERE false';
  return negate ? `(${c} IS NULL OR ${c} NOT IN (${matching}))` : `${c} IN (${matching})`;
}

export function condition(
  col: Column,
  operator: unknown,
  value: unknown,
  params: Params,
  what: string,
  texts: ListTexts = NO_TEXTS,
): string {
  if (typeof operator !== 'string' || !OPERATORS[col.kind].includes(operator)) {
    throw badRequest('request.operator', what, JSON.stringify(operator), col.name, OPERATORS[col.kind].join(' '));
  }
  const c = `t.${ident(col.sql)}`;
  if (operator === 'empty')
    return col.kind === 'text' || col.kind === 'choice' ? `(${c} IS NULL OR ${c} = '')` : `${c} IS NULL`;
  if (value === null || value === undefined || value === '') {
    throw badRequest('request.operator_value', what, operator, col.name);
  }
  if (operator === 'in')
    return `${c} IN (${valueList(col, value, what)
      .map((v) => params.add(v))
      .join(', ')})`;
  if (col.kind === 'list' && (operator === 'contains' || operator === 'notcontains')) {
    return listTextCondition(col, textValue(col, value, what), operator === 'notcontains', params, texts);
  }
  const v = typedValue(col, value, what);
  switch (operator) {
    case 'contains':
      return `${c} ILIKE ${params.add(likePattern(String(v)))}`;
    case 'notcontains':
      return `(${c} IS NULL OR ${c} NOT ILIKE ${params.add(likePattern(String(v)))})`;
    case '!=':
      return `${c} IS DISTINCT FROM ${params.add(v)}`;
    default:
      return `${c} ${operator} ${params.add(v)}`;
  }
}

export interface SortKey {
  col: Column;
  expr: string;
  desc: boolean;
}

export interface FlexQuery {
  where: string[];
  params: Params;
  sort: SortKey[];
  pageIndex: number;
  pageSize: number;
  columns: Column[];
  /** The view's width and alignment per column, by column name, when the request carried them. */
  columnLayout: Map<string, { ColumnWidth?: number; ColumnAlignment?: number }>;
}

/** Whom `$currentUser` and `$username` in a data set stand for. */
export interface Who {
  userId: number;
  username: string;
}

/**
 * A data set's value with its placeholders filled in: the user, today, today plus or minus days
 * (today in the installation's time zone, clock.ts).
 */
export function dataSetValue(value: unknown, who: Who): unknown {
  if (value === '$currentUser') return who.userId;
  if (value === '$username') return who.username;
  const m = typeof value === 'string' ? /^\$today(?:([+-])(\d{1,4}))?$/.exec(value) : null;
  if (!m) return value;
  return today((m[1] === '-' ? -1 : 1) * Number(m[2] ?? 0));
}

/** Conditions as lists of {FieldName, Value, ...} or maps of FieldName to value, both as the grid sends them. */
function entries(value: FlexRequest['columnFilter']): FieldCondition[] {
  if (!value) return [];
  return Array.isArray(value) ? value : Object.entries(value).map(([FieldName, Value]) => ({ FieldName, Value }));
}

function sortKeyOf(col: Column, desc: boolean): SortKey {
  // A list column sorts by the text the user sees, not by the AutoID it stores. A choice column
  // sorts by its code: its labels are translated, and an order by them would differ per language.
  const join = col.join;
  const expr = join ? `${ident(join.alias)}.${ident(join.textColumn)}` : `t.${ident(col.sql)}`;
  return { col, expr, desc };
}

/** The codes of a catalogue whose name (in Dutch or the user's language) holds the term; at most 500. */
function catalogueCodes(model: TableModel, catalogue: CatalogueName, term: string, t: Translate): string[] {
  const needle = term.toLocaleLowerCase();
  const codes: string[] = [];
  for (const entry of model.catalogue(catalogue).values()) {
    if (entry.name.toLocaleLowerCase().includes(needle) || t(entry.name).toLocaleLowerCase().includes(needle))
      codes.push(entry.code);
    if (codes.length >= 500) break;
  }
  return codes;
}

export function parseFlexQuery(
  model: TableModel,
  body: FlexRequest,
  hidden: readonly EffectiveField[] = [],
  searchable: readonly string[] = model.searchColumns,
  who: Who = { userId: 0, username: '' },
  texts: ListTexts = NO_TEXTS,
  t: Translate = (text) => text,
): FlexQuery {
  const columnNamed = (name: string, what: string) => columnOf(model, name, what, hidden);
  const params = new Params();
  const where: string[] = [];
  const table = model.table;

  // The request's shape was checked at the edge (api-schemas FlexRequest): here, what the definitions decide.
  const dataSource = body.dataSource ?? DATA_SOURCE.Active;
  if (table.archivable && dataSource !== DATA_SOURCE.All)
    where.push(`t.archive = ${dataSource === DATA_SOURCE.Archive}`);

  const search = body.searchExpressions;
  const terms = (Array.isArray(search) ? search : search ? [search] : [])
    .flatMap((s) => s.split(/\s+/))
    .filter(Boolean);
  if (terms.length) {
    if (!searchable.length) throw badRequest('request.no_search_fields', table.name);
    if (terms.length > 10) throw badRequest('request.search_words', 10);
    for (const term of terms) {
      if (term.length > 200) throw badRequest('request.search_word_length', 200);
      const p = params.add(likePattern(term));
      where.push(
        `(${searchable
          .map((c) => {
            const like = `t.${ident(c)} ILIKE ${p}`;
            // A catalogue code is found by its entry's name too (a right by "Valuta beheren").
            const field = table.fields.find((f) => f.sqlName === c);
            const codes = field?.catalogue ? catalogueCodes(model, field.catalogue, term, t) : [];
            return codes.length ? `${like} OR t.${ident(c)} = ANY(${params.add(codes)})` : like;
          })
          .join(' OR ')})`,
      );
    }
  }

  if (body.dataSet) {
    const set = model.dataSets.get(body.dataSet);
    if (!set) throw badRequest('request.data_set', body.dataSet, [...model.dataSets.keys()].join(', ') || '–');
    set.filter.forEach((f, i) => {
      const what = `dataSet ${set.name} [${i}]`;
      const other =
        typeof f.Value === 'string' && f.Value.startsWith('$field.') ? columnNamed(f.Value.slice(7), what) : null;
      // Two fields of the same row compared (stock below its minimum); names and operator come from the definitions.
      if (other && ['=', '!=', '<', '<=', '>', '>='].includes(f.Operator))
        where.push(
          `t.${ident(columnNamed(f.FieldName, what).sql)} ${f.Operator === '!=' ? 'IS DISTINCT FROM' : f.Operator} t.${ident(other.sql)}`,
        );
      else
        where.push(
          condition(columnNamed(f.FieldName, what), f.Operator, dataSetValue(f.Value, who), params, what, texts),
        );
    });
  }
  entries(body.operatorFilter).forEach((f, i) => {
    const what = `operatorFilter[${i}]`;
    where.push(condition(columnNamed(f.FieldName, what), f.Operator, f.Value, params, what, texts));
  });
  entries(body.dataFilter).forEach((f, i) => {
    const what = `dataFilter[${i}]`;
    const col = columnNamed(f.FieldName, what);
    where.push(f.Value === null ? `t.${ident(col.sql)} IS NULL` : condition(col, '=', f.Value, params, what));
  });
  entries(body.columnFilter).forEach((f, i) => {
    const what = `columnFilter[${i}]`;
    if (f.Value === null || f.Value === undefined || f.Value === '') return;
    const col = columnNamed(f.FieldName, what);
    where.push(condition(col, quickOperator(col), f.Value, params, what, texts));
  });

  const sort: SortKey[] = [];
  const order = body.order;
  if (order) {
    for (const part of order.split(',')) {
      const m = /^\s*([A-Za-z][A-Za-z0-9_]*)(?:\s+(asc|desc))?\s*$/i.exec(part);
      if (!m) throw badRequest('request.order_part', part.trim());
      const col = columnNamed(m[1], 'order');
      if (!col.sortable) throw badRequest('request.not_sortable', col.name);
      sort.push(sortKeyOf(col, (m[2] ?? 'asc').toLowerCase() === 'desc'));
    }
  } else {
    // The table's default order, unless it is on a field hidden from this principal.
    const byDefault = hidden.some((f) => f.sqlName === model.order.column) ? 'autoid' : model.order.column;
    sort.push(sortKeyOf(columnNamed(byDefault, 'order'), model.order.desc));
  }
  if (!sort.some((s) => s.col.sql === 'autoid')) {
    // AutoID last makes the order total, which keyset paging needs.
    sort.push({ col: SYSTEM_COLUMNS[0], expr: 't.autoid', desc: sort[sort.length - 1].desc });
  }

  const pageIndex = body.pageIndex ?? 0;
  const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;

  let columns: Column[];
  const columnLayout = new Map<string, { ColumnWidth?: number; ColumnAlignment?: number }>();
  if (!body.flexGridLayoutColumns) {
    columns = table.fields
      .filter((f) => f.type !== 'password' && !hidden.includes(f))
      .map((f) => columnNamed(f.name, 'flexGridLayoutColumns'));
  } else {
    columns = body.flexGridLayoutColumns.map((c, i) => {
      const col = columnNamed(typeof c === 'string' ? c : c.FieldName, `flexGridLayoutColumns[${i}]`);
      if (typeof c !== 'string')
        columnLayout.set(col.name, { ColumnWidth: c.ColumnWidth, ColumnAlignment: c.ColumnAlignment });
      return col;
    });
  }
  return { where, params, sort, pageIndex, pageSize, columns, columnLayout };
}
