// Picked list fields (`pick`): the engine fills the field with the row of its list's table for
// which the rule holds over that row and the record — a journal's book year is the one whose
// start and end dates hold its book date. Chosen on a new record, and again when a field of the
// record the rule reads changes.
import { ruleFields, type EffectiveField } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { memoRead } from '../db/read-memo.ts';
import { ident } from '../db/sql.ts';
import type { TableModel } from '../metadata/model.ts';
import { Params } from './filters.ts';
import { ruleSql } from './rule-sql.ts';
import { engineTable } from './table-sql.ts';
import { sqlValue } from './values.ts';

/** The record's fields a pick's rule reads (`$record.BookDate` → BookDate). */
const readsOf = (model: TableModel, field: EffectiveField): EffectiveField[] =>
  ruleFields(field.pick!.where)
    .filter((n) => n.startsWith('$record.'))
    .flatMap((n) => model.byName.get(n.slice(8).toLowerCase()) ?? []);

/** Sets each picked field the write should choose (again) into `values`. */
export async function pickValues(
  db: Queryable,
  model: TableModel,
  current: Record<string, unknown> | null,
  values: Map<EffectiveField | 'archive', unknown>,
): Promise<void> {
  for (const field of model.table.fields) {
    if (!field.pick) continue;
    const reads = readsOf(model, field);
    if (current && !reads.some((f) => values.has(f) && values.get(f) !== current[f.name])) continue;
    const join = model.listJoins.find((j) => j.field === field);
    if (!join) continue;
    const value = (name: string) => {
      const f = model.byName.get(name.slice(8).toLowerCase());
      if (!f) return null;
      return sqlValue(f, values.has(f) ? values.get(f) : (current?.[f.name] ?? null));
    };
    const params = new Params();
    const where = ruleSql(field.pick.where, { fields: join.ref.fields, alias: 'r', outer: value }, params);
    const [orderName, dir] = (field.pick.order ?? 'AutoID asc').split(' ');
    const order = join.ref.fields.find((f) => f.name.toLowerCase() === orderName.toLowerCase());
    const by = `${order ? `r.${ident(order.sqlName)}` : 'r.autoid'} ${dir === 'desc' ? 'DESC' : 'ASC'}, r.autoid`;
    // The engine chooses among all the rows, as a numbering draws from its counter: the user sees
    // the chosen row's text only as far as they may see that row (list texts go through the access layer).
    // Remembered for the transaction (journals of one day pick the same book year) until the table is written.
    const found = await memoRead(
      db,
      `SELECT r.autoid FROM ${engineTable(join.ref)} r WHERE ${where} ORDER BY ${by} LIMIT 1`,
      params.values,
    );
    values.set(field, found.rows[0] ? Number(found.rows[0].autoid) : null);
  }
}
