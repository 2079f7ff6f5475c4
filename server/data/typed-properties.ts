// Properties a record has by its type (table attribute `typedProperties`): an object's type
// brings its properties, and the object's values are rows of a values table. Changing the type
// keeps the values whose property the new type has by the same name (they move to it) and loses
// the others (spec 3 §5: the warning counts the fields lost and kept). The form asks first
// (`TypeChange`); the save then does it in its own transaction, so nothing is half-moved.
import type pg from 'pg';
import type { TypeChangeAnswer } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { announceWrite } from './cache.ts';
import { recordChanged } from './events.ts';
import { engineTable } from './table-sql.ts';
import type { TableOf } from './related.ts';

interface Value {
  id: number;
  name: string;
  target: number | null;
}

/**
 * The record's values with their property's name and the new type's property of that name. The
 * record's own typed properties, which go with it: the caller read the record as the principal
 * sees it (TypeChange, a save), so its values are read and moved by the engine.
 */
async function valuesAcross(
  db: Queryable,
  model: TableModel,
  id: number,
  toType: unknown,
  tableOf: TableOf,
): Promise<{ values: Value[]; valuesModel: TableModel }> {
  const typed = model.table.typedProperties!;
  const props = tableOf(typed.properties.table)!;
  const valuesModel = tableOf(typed.values.table)!;
  const col = (m: TableModel, name: string) => ident(m.byName.get(name.toLowerCase())!.sqlName);
  const name = col(props, typed.properties.name);
  const rows = await db.query<{ id: string; name: string; target: string | null }>(
    `SELECT v.autoid AS id, p.${name} AS name,
       (SELECT n.autoid FROM ${engineTable(props.table)} n WHERE n.${col(props, typed.properties.type)} = $2 AND lower(n.${name}) = lower(p.${name}) ORDER BY n.autoid LIMIT 1) AS target
     FROM ${engineTable(valuesModel.table)} v JOIN ${engineTable(props.table)} p ON p.autoid = v.${col(valuesModel, typed.values.property)}
     WHERE v.${col(valuesModel, typed.values.record)} = $1 ORDER BY p.${name}`,
    [id, toType ?? null],
  );
  return {
    values: rows.rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      target: r.target === null ? null : Number(r.target),
    })),
    valuesModel,
  };
}

/** What changing the record's type to `toType` would lose and keep, by property name. */
export async function typeChangeImpact(
  db: Queryable,
  model: TableModel,
  id: number,
  toType: unknown,
  tableOf: TableOf,
): Promise<Omit<TypeChangeAnswer, 'Message'>> {
  const { values } = await valuesAcross(db, model, id, toType, tableOf);
  const lost = values.filter((v) => v.target === null).map((v) => v.name);
  const kept = values.filter((v) => v.target !== null).map((v) => v.name);
  return {
    Field: model.table.typedProperties!.typeField,
    Lost: lost.length,
    Kept: kept.length,
    LostNames: lost,
    KeptNames: kept,
  };
}

/** Inside a save that changed the type: kept values move to the new type's properties, lost ones go. */
export async function retypeValues(
  client: pg.PoolClient,
  model: TableModel,
  id: number,
  toType: unknown,
  principal: Principal,
  tableOf: TableOf,
): Promise<void> {
  const typed = model.table.typedProperties!;
  const { values, valuesModel } = await valuesAcross(client, model, id, toType, tableOf);
  if (!values.length) return;
  const property = ident(valuesModel.byName.get(typed.values.property.toLowerCase())!.sqlName);
  const table = engineTable(valuesModel.table);
  for (const v of values) {
    if (v.target === null) {
      await client.query(`DELETE FROM ${table} WHERE autoid = $1`, [v.id]);
      await recordChanged(client, valuesModel, v.id, 'deleted');
    } else {
      await client.query(
        `UPDATE ${table} SET ${property} = $2, timestamp = timestamp + 1, modifiedby = $3 WHERE autoid = $1`,
        [v.id, v.target, principal.username],
      );
      await recordChanged(client, valuesModel, v.id, 'updated');
    }
  }
  await announceWrite(client, valuesModel.table.sqlName);
}
