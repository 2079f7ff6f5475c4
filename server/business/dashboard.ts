// A dashboard tab: the child rows of a record counted per group (a status, a kind), per month
// of a date and, with `within`, by how many days ahead a date of theirs falls (contracts ending
// within 30, 60 or 90 days), over the rows the principal may see.
import type { DashboardAnswer, StateValue } from '../../definitions/language/index.ts';
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
import { valueLabel } from './labels.ts';

/** Months shown, the current one included. */
const MONTHS = 12;

export async function dashboard(
  db: Queryable,
  snapshot: Snapshot,
  model: TableModel,
  principal: Principal,
  recordId: number,
  tabName: string,
): Promise<DashboardAnswer> {
  const tab = model.screens.flatMap((s) => s.tabs ?? []).find((t) => t.name === tabName && t.kind === 'dashboard');
  if (!tab || tab.kind !== 'dashboard') throw badRequest('request.unknown_tab', tabName);
  if (tab.right && !principal.can(tab.right, 'read')) throw forbidden();
  await readRecord(db, model, principal, recordId);
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
  const params = new Params();
  const where = [`t.${ident(column(tab.parentField))} = ${params.add(recordId)}`];
  const group = ident(column(tab.groupField));
  const date = ident(column(tab.dateField));
  const from = limited(child, principal, 't', params).from(where);
  // Rows due from today (the installation's) up to each number of days ahead, counted at once.
  const within = tab.within;
  const ahead = () => {
    if (!within) return null;
    const p = new Params();
    const due = ident(column(within.field));
    const rows = limited(child, principal, 't', p).from([`t.${ident(column(tab.parentField))} = ${p.add(recordId)}`]);
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
  return {
    ...(within && due ? { Within: within.days.map((Days, i) => ({ Days, Count: due.rows[0]?.[`d${i}`] ?? 0 })) } : {}),
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
