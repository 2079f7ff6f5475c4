// Numbering: an empty ID of a new record draws the next number of a counter row (an
// administration's order prefix, next number and minimal length, say). The counter row is locked
// for the rest of the transaction, so parallel creates get distinct numbers, and a create that
// fails gives its number back.
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { invalidFields } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';

/** Fills the numbered field of a new record when it is empty; leaves a given value alone. */
export async function drawNumber(db: Queryable, model: TableModel, counters: TableModel | undefined, record: Record<string, unknown>): Promise<void> {
  const n = model.table.numbering;
  if (!n || !counters) return;
  const target = model.byName.get(n.field.toLowerCase())!;
  if (!isEmptyValue(record[target.name] ?? null)) return;
  const col = (name: string) => ident(counters.byName.get(name.toLowerCase())!.sqlName);
  let where: string;
  const params: unknown[] = [];
  if (n.via) {
    const via = record[model.byName.get(n.via.toLowerCase())!.name];
    if (via === null || via === undefined) throw invalidFields({ [n.via]: [{ id: 'validation.required', args: [n.via] }] });
    params.push(via);
    where = 'autoid = $1';
  } else {
    where = `${col(n.defaultFlag!)} = true ORDER BY autoid LIMIT 1`;
  }
  const row = (await db.query<{ autoid: number; prefix: string | null; next: string | number | null; length: number | null }>(
    `SELECT autoid, ${col(n.prefix)} AS prefix, ${col(n.next)} AS next, ${col(n.length)} AS length FROM ${ident(counters.table.sqlName)} WHERE ${where} FOR UPDATE`,
    params,
  )).rows[0];
  if (!row) throw invalidFields({ [target.name]: [{ id: 'validation.no_counter', args: [target.name, counters.table.label ?? counters.table.name] }] });
  const next = Number(row.next ?? 1);
  await db.query(`UPDATE ${ident(counters.table.sqlName)} SET ${col(n.next)} = $2, timestamp = timestamp + 1 WHERE autoid = $1`, [row.autoid, next + 1]);
  record[target.name] = `${row.prefix ?? ''}${String(next).padStart(Number(row.length ?? 0), '0')}`;
}
