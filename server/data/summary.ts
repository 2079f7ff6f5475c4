// GetSummaryData: a grouped view of a table (a grid definition's summary, or groups and measures
// the request names). One statement: the rows the principal sees (their row limits, through
// table-sql.ts), filtered as GetFlexData filters them, grouped with the sums of each group; the
// totals over all groups and one page of the groups, sorted. A field hidden from the principal
// cannot be grouped by or added up: naming it is a 400, as naming it in a filter is; a
// definition's measure of a hidden field is left out of the answer, as a hidden column is.
import {
  BUCKETABLE,
  ColumnFormat,
  DEFAULT_PAGE_SIZE,
  SUMMABLE,
  groupColumnName,
  measureColumnName,
  type DateBucket,
  type EffectiveField,
  type FlexColumn,
  type FlexRequest,
  type SummaryDef,
  type SummaryGroupDef,
  type SummaryMeasureDef,
  type Translate,
} from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { badRequest } from '../errors.ts';
import type { ListJoin, TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { hiddenFields, searchColumns } from './access.ts';
import { columnMeta } from './flex.ts';
import { columnOf, parseFlexQuery, type Params } from './filters.ts';
import { limited, listText, listTexts } from './table-sql.ts';
import { descrKey, outputValue } from './values.ts';

export interface SummaryRequest extends FlexRequest {
  summary?: string | null;
  groupBy?: SummaryGroupDef[] | null;
  measures?: SummaryMeasureDef[] | null;
}

export interface SummaryColumn extends FlexColumn {
  /** A group column (with its date bucket), or a measure (sum of a field, count of rows). */
  Group?: { Bucket?: DateBucket };
  Aggregate?: SummaryMeasureDef['Aggregate'];
}

export interface SummaryAnswer {
  Data: Record<string, unknown>[];
  Meta: {
    Count: number;
    PageIndex: number;
    PageSize: number;
    Title?: string;
    Columns: SummaryColumn[];
    /** Each measure over every group (the rows the filters and row limits admit). */
    Totals: Record<string, number>;
  };
}

/** PostgreSQL's date_trunc unit of a bucket (an ISO week starts on Monday). */
const TRUNC: Record<DateBucket, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

interface Group {
  name: string;
  field: EffectiveField;
  bucket?: DateBucket;
  label?: string;
  alias: string;
  expr: string;
  join?: ListJoin;
}
interface Measure {
  name: string;
  aggregate: SummaryMeasureDef['Aggregate'];
  field?: EffectiveField;
  label?: string;
  alias: string;
  expr: string;
}

const numberOf = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** The summary a request names among the table's grid definitions' summaries. */
export function summaryOf(summaries: readonly SummaryDef[], name: string, table: string): SummaryDef {
  const found = summaries.find((s) => s.name === name);
  if (!found) throw badRequest('request.one_of', 'summary', summaries.map((s) => s.name).join(', ') || `– (${table})`);
  return found;
}

function groupsOf(model: TableModel, defs: readonly SummaryGroupDef[], hidden: EffectiveField[]): Group[] {
  return defs.map((g, i) => {
    const what = `groupBy[${i}]`;
    const col = columnOf(model, g.FieldName, what, hidden);
    const field = col.field;
    if (!field || ['textarea', 'html', 'image', 'file', 'color'].includes(field.type))
      throw badRequest('request.types', `${what} ${g.FieldName}`, 'text, number, date, list, select');
    if (g.Bucket && !BUCKETABLE.has(field.type))
      throw badRequest('request.types', `${what} ${g.FieldName}`, [...BUCKETABLE].join(', '));
    const alias = g.Bucket ? `${field.sqlName}__${g.Bucket}` : field.sqlName;
    const expr = g.Bucket
      ? `date_trunc('${TRUNC[g.Bucket]}', t.${ident(field.sqlName)})::date`
      : `t.${ident(field.sqlName)}`;
    const join = g.Bucket ? undefined : col.join;
    return { name: groupColumnName(g), field, bucket: g.Bucket, label: g.label, alias, expr, join };
  });
}

function measuresOf(
  model: TableModel,
  defs: readonly SummaryMeasureDef[],
  hidden: EffectiveField[],
  fromDefinition: boolean,
): Measure[] {
  return defs.flatMap((m, i): Measure[] => {
    const what = `measures[${i}]`;
    if (m.Aggregate === 'count')
      return [{ name: measureColumnName(m), aggregate: 'count', label: m.label, alias: '__count', expr: 'count(*)' }];
    // A definition's sum of a field hidden from the principal is left out; a request's is refused.
    if (fromDefinition && hidden.some((f) => f.name.toLowerCase() === m.FieldName.toLowerCase())) return [];
    const field = columnOf(model, m.FieldName, what, hidden).field;
    if (!field || !SUMMABLE.has(field.type))
      throw badRequest('request.types', `${what} ${m.FieldName}`, [...SUMMABLE].join(', '));
    const alias = `__sum_${field.sqlName}`.slice(0, 63);
    return [
      { name: field.name, aggregate: 'sum', field, label: m.label, alias, expr: `sum(t.${ident(field.sqlName)})` },
    ];
  });
}

/** The sort of the page: the columns asked for, then every group column, so that pages do not overlap. */
function orderOf(order: string, groups: Group[], measures: Measure[], params: Params, principal: Principal) {
  const keys: { expr: string; desc: boolean }[] = [];
  const textOf = (g: Group) => (g.join ? listText(g.join, principal, params) : null);
  for (const part of order.split(',').filter((p) => p.trim())) {
    const m = /^\s*([A-Za-z][A-Za-z0-9_]*)(?:\s+(asc|desc))?\s*$/i.exec(part);
    if (!m) throw badRequest('request.order_part', part.trim());
    const desc = (m[2] ?? 'asc').toLowerCase() === 'desc';
    const name = m[1].toLowerCase();
    const group = groups.find((g) => g.name.toLowerCase() === name);
    const measure = measures.find((x) => x.name.toLowerCase() === name);
    if (!group && !measure) throw badRequest('request.not_sortable', m[1]);
    // A list column sorts by the text the user sees.
    if (group) keys.push({ expr: textOf(group) ?? `t.${ident(group.alias)}`, desc });
    if (measure) keys.push({ expr: `t.${ident(measure.alias)}`, desc });
  }
  for (const g of groups) keys.push({ expr: `t.${ident(g.alias)}`, desc: false });
  return keys.map((k) => `${k.expr} ${k.desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}`).join(', ');
}

export async function summaryData(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  body: SummaryRequest,
  summaries: readonly SummaryDef[],
  t: Translate = (text) => text,
): Promise<SummaryAnswer> {
  const definition = body.summary ? summaryOf(summaries, body.summary, model.table.name) : undefined;
  const groupDefs = body.groupBy ?? definition?.groupBy;
  const measureDefs = body.measures ?? definition?.measures;
  if (!groupDefs?.length || !measureDefs?.length)
    throw badRequest('request.one_of', 'summary', summaries.map((s) => s.name).join(', ') || '–');
  const hidden = hiddenFields(model, principal);
  const groups = groupsOf(model, groupDefs, hidden);
  const measures = measuresOf(model, measureDefs, hidden, !body.measures);

  // The filters of GetFlexData over the table's rows; its sort and columns are the summary's.
  const texts = (join: ListJoin, alias: string, params: Params) => listTexts(join, principal, alias, params);
  const q = parseFlexQuery(
    model,
    { ...body, order: null, flexGridLayoutColumns: [] },
    hidden,
    searchColumns(model, principal),
    principal,
    texts,
    t,
  );
  const params = q.params;
  const rows = limited(model, principal, 't', params);
  const order = orderOf(body.order ?? definition?.sort ?? '', groups, measures, params, principal);
  const pageIndex = body.pageIndex ?? 0;
  const pageSize = body.pageSize ?? definition?.pageSize ?? DEFAULT_PAGE_SIZE;

  const grouped =
    `SELECT ${[...groups.map((g) => `${g.expr} AS ${ident(g.alias)}`), ...measures.map((m) => `${m.expr} AS ${ident(m.alias)}`)].join(', ')}` +
    ` ${rows.from(q.where)} GROUP BY ${groups.map((_, i) => i + 1).join(', ')}`;
  const textColumns = groups.flatMap((g) =>
    g.join ? [`${listText(g.join, principal, params)} AS ${ident(`${g.alias}__descr`)}`] : [],
  );
  const totals = [
    'count(*) AS __groups',
    ...measures.map((m) => `sum(${ident(m.alias)}) AS ${ident(`__total${m.alias}`)}`),
  ];
  const sql =
    `WITH g AS (${grouped}) SELECT tot.*, p.* FROM (SELECT ${totals.join(', ')} FROM g) tot` +
    ` LEFT JOIN LATERAL (SELECT t.*${textColumns.length ? `, ${textColumns.join(', ')}` : ''}, row_number() OVER (ORDER BY ${order}) AS __n` +
    ` FROM g t ORDER BY ${order} LIMIT ${pageSize} OFFSET ${pageIndex * pageSize}) p ON true ORDER BY p.__n`;
  const result = await db.query<Record<string, unknown>>(sql, params.values);
  const first = result.rows[0] ?? {};
  const data = result.rows
    .filter((r) => r.__n !== null && r.__n !== undefined)
    .map((r) => {
      const out: Record<string, unknown> = {};
      for (const g of groups) {
        out[g.name] = g.bucket ? r[g.alias] : outputValue(g.field, r[g.alias]);
        if (g.join) out[descrKey(g.field)] = r[`${g.alias}__descr`] ?? null;
      }
      for (const m of measures) out[m.name] = numberOf(r[m.alias]);
      return out;
    });
  const columns: SummaryColumn[] = [
    ...groups.map((g) => {
      const base = columnMeta(model, columnOf(model, g.field.name, 'groupBy', hidden));
      return {
        ...base,
        FieldName: g.name,
        Title: g.label ?? base.Title,
        ...(g.bucket ? { FieldType: 'date', Format: ColumnFormat.Date } : {}),
        IsSortable: true,
        Search: false,
        Group: g.bucket ? { Bucket: g.bucket } : {},
      };
    }),
    ...measures.map((m): SummaryColumn => {
      const base = m.field ? columnMeta(model, columnOf(model, m.field.name, 'measures', hidden)) : undefined;
      return {
        FieldName: m.name,
        Title: m.label ?? base?.Title ?? m.name,
        ColumnAlignment: 2,
        ColumnWidth: base?.ColumnWidth ?? 100,
        FieldType: base?.FieldType ?? 'integer',
        ...(base?.Decimals !== undefined ? { Decimals: base.Decimals } : {}),
        IsSortable: true,
        Search: false,
        Aggregate: m.aggregate,
      };
    }),
  ];
  return {
    Data: data,
    Meta: {
      Count: numberOf(first.__groups),
      PageIndex: pageIndex,
      PageSize: pageSize,
      ...(definition ? { Title: definition.title } : {}),
      Columns: columns,
      Totals: Object.fromEntries(measures.map((m) => [m.name, numberOf(first[`__total${m.alias}`])])),
    },
  };
}
