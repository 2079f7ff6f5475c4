// A list field's default row (`defaultRow`: the status marked IsDefault): a new record whose field
// is empty takes the one row of the referenced table whose fields hold the given values, as the
// acting user may see it (a row outside their limits is none). GetNew shows it, a create stores it.
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { ident } from '../db/sql.ts';
import type { Queryable } from '../db/pool.ts';
import type { ListJoin, TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { Params } from './filters.ts';
import { listTexts, seen } from './table-sql.ts';

/** The AutoID of a list field's default row, or null (none, or several: the definitions say one). */
async function defaultRowOf(db: Queryable, join: ListJoin, principal: Principal): Promise<number | null> {
  const wanted = join.field.defaultRow;
  if (!wanted) return null;
  const params = new Params();
  const where: string[] = [];
  for (const [name, value] of Object.entries(wanted)) {
    const column = join.ref.fields.find((f) => f.name === name)?.sqlName;
    if (!column) return null;
    where.push(`d.${ident(column)} = ${params.add(value)}`);
  }
  if (join.ref.archivable) where.push('d.archive = false');
  const rows = seen(join.ref, principal, 'd', params);
  const found = await db.query<{ autoid: string }>(
    `SELECT d.autoid ${rows.from(where)} ORDER BY d.autoid LIMIT 2`,
    params.values,
  );
  return found.rows.length === 1 ? Number(found.rows[0].autoid) : null;
}

/**
 * Fills the empty list fields of a new record that name a default row, with that row and its text
 * (`<Field>_Descr`) when `descr` is asked. Answers the fields it filled.
 */
export async function fillDefaultRows(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  record: Record<string, unknown>,
  descr = false,
): Promise<string[]> {
  const filled: string[] = [];
  for (const join of model.listJoins) {
    if (!join.field.defaultRow || !isEmptyValue(record[join.field.name] ?? null)) continue;
    const id = await defaultRowOf(db, join, principal);
    if (id === null) continue;
    record[join.field.name] = id;
    filled.push(join.field.name);
    if (descr) {
      const params = new Params();
      const rows = listTexts(join, principal, 'd', params);
      const text = await db.query<{ text: unknown }>(
        `SELECT d.${ident(join.textColumn)} AS text ${rows.from([`d.autoid = ${params.add(id)}`])}`,
        params.values,
      );
      record[`${join.field.name}_Descr`] = text.rows[0]?.text ?? null;
    }
  }
  return filled;
}
