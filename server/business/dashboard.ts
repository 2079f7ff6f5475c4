// A dashboard tab: the child rows of a record counted per group (a status, a kind), per month
// of a date and, with `within`, by how many days ahead a date of theirs falls (contracts ending
// within 30, 60 or 90 days), over the rows the principal may see. On a screen of kind `dashboard`
// the same counts over every row of the tab's table the principal may see.
import type { DashboardAnswer, ScreenDef, StateValue } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { isHidden } from '../data/access.ts';
import { limited } from '../data/table-sql.ts';
import { Params } from '../data/filters.ts';
import { today } from '../../definitions/language/index.ts';
import { authorize, readRecord } from '../data/records.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/principal.ts';
import { activeModules } from '../security/modules.ts';
import { valueLabel } from './labels.ts';
import { summaryData } from '../data/summary.ts';
import { CHART_POINTS, type ChartDef } from '../../definitions/language/index.ts';
import type { Translate } from '../../definitions/language/index.ts';

/** Months shown, the current one included. */
const MONTHS = 12;

type DashboardTab = Extract<NonNullable<ScreenDef['tabs']>[number], { kind: 'dashboard' }>;

/**
 * The tab asked for: under a record, a dashboard tab of the record's screens; without one, a tab
 * of a screen of kind `dashboard` over every row of `model`'s table, which the user may read by
 * the screen's read right.
 */
function tabOf(
  snapshot: Snapshot,
  model: TableModel,
  principal: Principal,
  recordId: number | undefined,
  name: string,
) {
  const isTab = (t: NonNullable<ScreenDef['tabs']>[number]): t is DashboardTab =>
    t.name === name && t.kind === 'dashboard';
  if (recordId !== undefined) {
    const tab = model.screens.flatMap((s) => s.tabs ?? []).find(isTab);
    if (!tab?.parentField) throw badRequest('request.unknown_tab', name);
    return { tab, parentField: tab.parentField };
  }
  const active = new Set(activeModules());
  for (const { value: screen } of snapshot.effective.screens.values()) {
    if (screen.kind !== 'dashboard') continue;
    const tab = (screen.tabs ?? []).find(isTab);
    if (!tab || tab.parentField !== undefined || tab.table.toLowerCase() !== model.table.name.toLowerCase()) continue;
    if ((screen.module && !active.has(screen.module)) || !principal.can(screen.rights?.read, 'read')) throw forbidden();
    return { tab, parentField: undefined };
  }
  throw badRequest('request.unknown_tab', name);
}

export async function dashboard(
  db: Queryable,
  snapshot: Snapshot,
  model: TableModel,
  principal: Principal,
  recordId: number | undefined,
  tabName: string,
  t: Translate = (text) => text,
): Promise<DashboardAnswer> {
  const { tab, parentField } = tabOf(snapshot, model, principal, recordId, tabName);
  if (tab.right && !principal.can(tab.right, 'read')) throw forbidden();
  if (recordId !== undefined) await readRecord(db, model, principal, recordId);
  const child = snapshot.table(tab.table);
  if (!child) throw notFound();
  authorize(child, principal, 'read');
  const column = (name: string) => {
    if (name === 'CreateDate') return 'createdate';
    const f = child.byName.get(name.toLowerCase());
    // A field hidden from the principal is not theirs to count by.
    if (!f || isHidden(child.table, principal, f.name)) throw notFound();
    return f.sqlName;
  };
  // Under a record its child rows; on a dashboard screen every row the user sees.
  const under = (p: Params) =>
    parentField === undefined ? ['true'] : [`t.${ident(column(parentField))} = ${p.add(recordId)}`];
  const params = new Params();
  const where = under(params);
  const group = ident(column(tab.groupField));
  const date = ident(column(tab.dateField));
  const from = limited(child, principal, 't', params).from(where);
  // Rows due from today (the installation's) up to each number of days ahead, counted at once.
  const within = tab.within;
  const ahead = () => {
    if (!within) return null;
    const p = new Params();
    const due = ident(column(within.field));
    const rows = limited(child, principal, 't', p).from(under(p));
    const counts = within.days.map(
      (d, i) => `count(*) FILTER (WHERE t.${due} <= ${p.add(today(d))}::date)::int AS d${i}`,
    );
    return db.query<Record<string, number>>(
      `SELECT ${counts.join(', ')} ${rows} AND t.${due} >= ${p.add(today(0))}::date`,
      p.values,
    );
  };
  const [groups, months, due] = await Promise.all([
    db.query<{ value: StateValue | null; n: number }>(
      `SELECT t.${group} AS value, count(*)::int AS n ${from} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`,
      params.values,
    ),
    db.query<{ month: string; n: number }>(
      `SELECT to_char(date_trunc('month', t.${date}), 'YYYY-MM') AS month, count(*)::int AS n ${from}
         AND t.${date} >= date_trunc('month', now()) - interval '${MONTHS - 1} months' GROUP BY 1 ORDER BY 1`,
      params.values,
    ),
    ahead(),
  ]);
  const charts = await Promise.all(
    (tab.charts ?? []).map((chart) => chartOf(db, child, principal, chart, parentField, recordId, t)),
  );
  return {
    ...(within && due ? { Within: within.days.map((Days, i) => ({ Days, Count: due.rows[0]?.[`d${i}`] ?? 0 })) } : {}),
    ...(charts.length ? { Charts: charts } : {}),
    ByGroup: await Promise.all(
      groups.rows.map(async (r) => ({
        Value: r.value,
        Label: (await valueLabel(db, child, principal, tab.groupField, r.value)) ?? '–',
        Count: r.n,
      })),
    ),
    ByMonth: months.rows.map((r) => ({ Month: r.month, Count: r.n })),
  };
}

/**
 * One chart's points: the tab's rows (under the record, or every row the user sees) grouped and
 * added up by the summary query, so the access layer decides what is counted: a limited user's
 * chart counts only their rows, and a field hidden from them is neither grouped by nor summed.
 */
async function chartOf(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  chart: ChartDef,
  parentField: string | undefined,
  recordId: number | undefined,
  t: Translate,
) {
  const measure = chart.measure.Aggregate === 'sum' ? chart.measure.FieldName : 'Count';
  const answer = await summaryData(
    db,
    model,
    principal,
    {
      groupBy: [chart.groupBy],
      measures: [chart.measure],
      ...(parentField !== undefined ? { dataFilter: [{ FieldName: parentField, Value: recordId }] } : {}),
      ...(chart.dataSet ? { dataSet: chart.dataSet } : {}),
      // A date's buckets in time order; other groups the largest first.
      order: chart.groupBy.Bucket ? null : `${measure} desc`,
      pageSize: CHART_POINTS,
    },
    [],
    t,
  );
  const group = chart.groupBy.Bucket ? `${chart.groupBy.FieldName}_${chart.groupBy.Bucket}` : chart.groupBy.FieldName;
  const column = answer.Meta.Columns.find((c) => c.FieldName === measure);
  const points = await Promise.all(
    answer.Data.map(async (row) => {
      const value = row[group];
      const text = row[`${group}_Descr`];
      const label =
        typeof text === 'string' && text
          ? text
          : chart.groupBy.Bucket
            ? String(value ?? '–').slice(0, 10)
            : ((await valueLabel(db, model, principal, chart.groupBy.FieldName, isStateValue(value) ? value : null)) ??
              '–');
      return { Label: t(label), Value: Number(row[measure]) || 0 };
    }),
  );
  return {
    Name: chart.name,
    Title: t(chart.title),
    Kind: chart.kind,
    Measure: t(column?.Title ?? measure),
    Points: points,
  };
}

const isStateValue = (v: unknown): v is StateValue =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
