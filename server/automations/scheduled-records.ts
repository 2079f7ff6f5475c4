// A scheduled trigger that names a table runs its automation once for each record of that table
// at each moment (the monthly object alerts: every object whose inspection runs out soon). The
// records are narrowed in SQL by the automation's condition where the condition reads as SQL
// (comparisons, and, or, not, in, today); the run still decides the condition on the record as
// its owner reads it, so the narrowing never widens what is done. At most MAX_RECORDS runs per
// moment, in AutoID order.
import type { Queryable } from '../db/pool.ts';
import { Params } from '../data/filters.ts';
import { ruleSql } from '../data/rule-sql.ts';
import { engineTable } from '../data/table-sql.ts';
import type { TableModel } from '../metadata/model.ts';

export const MAX_RECORDS = 10_000;

/** The condition as SQL over the table's rows, or `true` when it does not read as SQL. */
function narrowing(model: TableModel, condition: unknown, params: Params): string {
  if (typeof condition !== 'string' || !condition.trim()) return 'true';
  try {
    return ruleSql(JSON.parse(condition), { fields: model.table.fields, alias: 't' }, params);
  } catch {
    return 'true';
  }
}

/** The AutoIDs of the records a scheduled run over `model` is for (archived rows left out). */
export async function scheduledRecords(db: Queryable, model: TableModel, condition: unknown): Promise<number[]> {
  const params = new Params();
  const where = narrowing(model, condition, params);
  const archive = model.table.archivable ? 'NOT t.archive AND ' : '';
  const sql = `SELECT t.autoid FROM ${engineTable(model.table)} t WHERE ${archive}${where} ORDER BY t.autoid LIMIT ${MAX_RECORDS}`;
  try {
    return (await db.query<{ autoid: string }>(sql, params.values)).rows.map((r) => Number(r.autoid));
  } catch {
    // A condition that reads as SQL but not for these columns' types: every row, decided per run.
    const all = `SELECT t.autoid FROM ${engineTable(model.table)} t WHERE ${archive}true ORDER BY t.autoid LIMIT ${MAX_RECORDS}`;
    return (await db.query<{ autoid: string }>(all)).rows.map((r) => Number(r.autoid));
  }
}
