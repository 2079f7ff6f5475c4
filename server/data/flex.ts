// GetFlexData: one page of a table with its count.
// Deep pages use keyset paging: the sort key that starts each page is remembered per query,
// so page n+1 (load-more) or a page asked for again starts from an index seek instead of
// OFFSET. Large counts are answered from the planner's estimate and flagged as estimated;
// exact counts are reused until the table changes.
import {
  ColumnFormat,
  decimalDigits,
  defaultFormat,
  message,
  type FlexColumn,
  type Translate,
} from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import type { ListJoin, TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { Params, parseFlexQuery, type Column, type FlexQuery, type SortKey } from './filters.ts';
import { selectColumns, sortJoins } from './select.ts';
import { limited, listTexts, type Rows } from './table-sql.ts';
import { ident } from '../db/sql.ts';
import { recordFromRow } from './values.ts';
import { hiddenFields, searchColumns, unreadTextRight, unseenStateRights, withoutHidden } from './access.ts';
import { LruCache } from '../db/lru.ts';
import { tableGeneration } from './cache.ts';

/** Above this many rows (by the planner's estimate) the count is estimated, not scanned. */
export const EXACT_COUNT_LIMIT = 100_000;
const COUNT_TTL_MS = 30_000;

const boundaries = new LruCache<string, unknown[]>(20_000);
const counts = new LruCache<string, { count: number; at: number }>(5_000);

/** A right the user lacks, by code and by name in their language: what keeps rows or texts from them. */
export interface MissingRight {
  Right: string;
  Name: string;
}

export interface FlexMeta {
  Count: number;
  CountEstimated: boolean;
  PageIndex: number;
  PageSize: number;
  Columns: (FlexColumn & { Restricted?: MissingRight })[];
  /** Rights whose lack keeps rows of this grid from the user (states they may not see). */
  Unseen: MissingRight[];
}

/**
 * A column as the grid draws and filters it. A choice column carries its options (the API layer
 * translates their labels with the titles), a list column the lookup that picks its rows.
 */
export function columnMeta(model: TableModel, col: Column): FlexColumn {
  const f = col.field;
  const type = f?.type;
  return {
    FieldName: col.name,
    Title: f?.label ?? (col.title ? message(col.title) : col.name),
    ColumnType: type === 'image' ? 2 : 0,
    ColumnAlignment: f?.align ?? (col.kind === 'number' ? 2 : 0),
    ColumnWidth: f?.width ?? 150,
    Format: f?.format ?? (type ? defaultFormat(type) : col.kind === 'datetime' ? ColumnFormat.DateTime : undefined),
    FieldType: type ?? col.kind,
    ...(type === 'decimal' ? { Decimals: decimalDigits(f!) } : {}),
    IsSortable: col.sortable,
    Search: model.searchColumns.includes(col.sql),
    AdvancedFilterType: col.kind,
    ...(col.kind === 'choice' ? { Options: (f?.options ?? []).map((o) => ({ Value: o.value, Label: o.label })) } : {}),
    // A status kept as a number or a flag reads as its state's label; it is still filtered as itself.
    ...(col.kind !== 'choice' && f && f === model.workflow?.field
      ? { Options: model.workflow.def.states.map((s) => ({ Value: String(s.value), Label: s.label })) }
      : {}),
    ...(col.kind === 'list' && f?.list ? { ListMethod: `mvc/_lists/${f.list}` } : {}),
  };
}

/**
 * The condition "comes after this sort key", with NULLS LAST ascending and NULLS FIRST
 * descending. A redundant bound on the first key lets the planner seek in its index.
 */
function after(sort: SortKey[], key: unknown[], bind: (v: unknown) => string): string {
  const ors: string[] = [];
  for (let i = 0; i < sort.length; i++) {
    const ands: string[] = [];
    for (let j = 0; j < i; j++)
      ands.push(key[j] === null ? `${sort[j].expr} IS NULL` : `${sort[j].expr} = ${bind(key[j])}`);
    const { expr, desc, col } = sort[i];
    const v = key[i];
    let beyond: string | null;
    if (!desc)
      beyond = v === null ? null : col.notNull ? `${expr} > ${bind(v)}` : `(${expr} > ${bind(v)} OR ${expr} IS NULL)`;
    else beyond = v === null ? `${expr} IS NOT NULL` : `${expr} < ${bind(v)}`;
    if (beyond === null) continue;
    ands.push(beyond);
    ors.push(`(${ands.join(' AND ')})`);
  }
  if (!ors.length) return 'false';
  const first = sort[0];
  const seek =
    key[0] !== null && (first.desc || first.col.notNull)
      ? ` AND ${first.expr} ${first.desc ? '<=' : '>='} ${bind(key[0])}`
      : '';
  return `((${ors.join(' OR ')})${seek})`;
}

const definedOnly = (v: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(v ?? {}).filter(([, x]) => x !== undefined));

/**
 * `trustCounts`: this process hears every write (its notification connection is up), so an
 * exact count may be reused until the table is written.
 */
export async function flexData(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  body: Record<string, unknown>,
  trustCounts = true,
  t: Translate = (text) => text,
) {
  const hidden = hiddenFields(model, principal);
  const texts = (join: ListJoin, alias: string, params: Params) => listTexts(join, principal, alias, params);
  const q = parseFlexQuery(model, body, hidden, searchColumns(model, principal), principal, texts, t);
  const seenRows = limited(model, principal, 't', q.params);
  // A restricted kind's flag and allowed groups decide which rows are seen: their writes move the key on too.
  const restriction = model.table.restriction;
  const generation = [model.table, ...(restriction ? [restriction.kinds, restriction.groups] : [])]
    .map((t) => tableGeneration(t.sqlName))
    .join('/');
  const queryKey = JSON.stringify([
    model.table.sqlName,
    generation,
    q.where,
    seenRows.admitted,
    q.params.values,
    q.sort.map((s) => [s.expr, s.desc]),
    q.pageSize,
  ]);

  const [rows, count] = await Promise.all([
    page(db, model, seenRows, principal, q, queryKey),
    countRows(db, seenRows, q, queryKey, trustCounts),
  ]);
  // Said to the user rather than left for them to guess: the rights that keep rows or texts from them.
  const rightOf = (code: string): MissingRight => {
    const name = model.catalogue('rights').get(code)?.name;
    return { Right: code, Name: name ? `${t(name)} (${code})` : code };
  };
  const restricted = (c: (typeof q.columns)[number]) => {
    const right = c.join ? unreadTextRight(c.join, principal) : null;
    return right ? { Restricted: rightOf(right) } : {};
  };
  const meta: FlexMeta = {
    Count: count.count,
    CountEstimated: count.estimated,
    PageIndex: q.pageIndex,
    PageSize: q.pageSize,
    Columns: q.columns.map((c) => ({
      ...columnMeta(model, c),
      ...definedOnly(q.columnLayout.get(c.name)),
      ...restricted(c),
    })),
    Unseen: unseenStateRights(model.table, principal).map(rightOf),
  };
  return { Data: rows.map((r) => withoutHidden(recordFromRow(model, r), hidden)), Meta: meta };
}

async function page(
  db: Queryable,
  model: TableModel,
  seenRows: Rows,
  principal: Principal,
  q: FlexQuery,
  queryKey: string,
): Promise<Record<string, unknown>[]> {
  const fields = q.columns.flatMap((c) => (c.field ? [c.field] : []));
  const params = new Params();
  params.values.push(...q.params.values);
  const select = selectColumns(model, [...new Set(fields)], principal, params);
  const sortExprs = q.sort.map((s) => s.expr);
  // Sort keys travel as text so values keep their full precision (timestamps have microseconds).
  const keys = q.sort.map((s, i) => `(${s.expr})::text AS ${ident(`__k${i}`)}`).join(', ');
  const order = q.sort.map((s) => `${s.expr} ${s.desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}`).join(', ');
  const joins = sortJoins(model, sortExprs, principal, params);
  const bind = (v: unknown) => params.add(v);
  const where = [...q.where];

  // The nearest remembered page start at or before the page asked for.
  let from = 0;
  for (let p = q.pageIndex; p > 0; p--) {
    const key = boundaries.get(`${queryKey}#${p}`);
    if (key) {
      where.push(after(q.sort, key, bind));
      from = p;
      break;
    }
  }
  let offset = (q.pageIndex - from) * q.pageSize;
  // Read the row before the page too, to remember where this page starts.
  const withPrevious = offset > 0;
  if (withPrevious) offset -= 1;
  const sql =
    `${select.replace(/^SELECT /, `SELECT ${keys}, `)} ${seenRows.from(where, joins)}` +
    ` ORDER BY ${order} LIMIT ${q.pageSize + (withPrevious ? 1 : 0)}` +
    `${offset ? ` OFFSET ${offset}` : ''}`;
  const result = await db.query(sql, params.values);
  let rows = result.rows;
  const keyOf = (row: Record<string, unknown>) => q.sort.map((_, i) => row[`__k${i}`]);
  if (withPrevious) {
    if (rows.length) boundaries.set(`${queryKey}#${q.pageIndex}`, keyOf(rows[0]));
    rows = rows.slice(1);
  }
  if (rows.length === q.pageSize) boundaries.set(`${queryKey}#${q.pageIndex + 1}`, keyOf(rows[rows.length - 1]));
  return rows;
}

async function countRows(
  db: Queryable,
  seenRows: Rows,
  q: FlexQuery,
  queryKey: string,
  trusted: boolean,
): Promise<{ count: number; estimated: boolean }> {
  const cached = trusted ? counts.get(queryKey) : undefined;
  if (cached && Date.now() - cached.at < COUNT_TTL_MS) return { count: cached.count, estimated: false };
  const from = seenRows.from(q.where);
  const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 ${from}`,
    q.params.values,
  );
  const estimate = Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  if (estimate >= EXACT_COUNT_LIMIT) return { count: estimate, estimated: true };
  const exact = (await db.query<{ n: string }>(`SELECT count(*) AS n ${from}`, q.params.values)).rows[0];
  const count = Number(exact.n);
  counts.set(queryKey, { count, at: Date.now() });
  return { count, estimated: false };
}
