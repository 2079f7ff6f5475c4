// Rows that belong to a record of another table (`belongsTo`: the documents of any record). A new
// row must name a table that shows such rows (one with a documents tab) and a record of it the
// principal may see; afterwards both fields are fixed, and the principal's row limits (access.ts)
// admit the row only while its record stays visible to them. Its kind (`belongsTo.kinds`) must
// apply to its record's table, on a new row and on every change of the kind.
import type { EffectiveField } from '../../definitions/language/index.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import { invalidFields } from '../errors.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { ident } from '../db/sql.ts';
import { Params } from './filters.ts';
import { engineTable, seen } from './table-sql.ts';

/** Checks the record a new row belongs to, and writes its table's name as the definitions spell it. */
export async function belongingRecordVisible(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  values: Map<EffectiveField | 'archive', unknown>,
): Promise<void> {
  const b = model.table.belongsTo;
  if (!b) return;
  const tableField = model.byName.get(b.table.toLowerCase());
  const recordField = model.byName.get(b.record.toLowerCase());
  if (!tableField || !recordField) return;
  const tableName = values.get(tableField);
  const recordId = values.get(recordField);
  // Empty values are the required check's to report.
  if (tableName === null || tableName === undefined || recordId === null || recordId === undefined) return;
  const owner = model.table.owners?.find((t) => t.name.toLowerCase() === String(tableName).toLowerCase());
  if (!owner) throw invalidFields({ [tableField.name]: [{ id: 'validation.owner_table', args: [tableName] }] });
  values.set(tableField, owner.name);
  const params = new Params();
  const where = [`o.autoid = ${params.add(recordId)}`];
  const found = await db.query(`SELECT 1 ${seen(owner, principal, 'o', params).from(where)}`, params.values);
  if (!found.rowCount)
    throw invalidFields({ [recordField.name]: [{ id: 'validation.owner_record', args: [labelled(owner), recordId] }] });
}

/**
 * Refuses a row whose kind does not apply to the table of its record (`belongsTo.kinds`: a
 * document of kind Foto on an order when Foto is not marked for orders). A table the definition
 * maps no flag for takes every kind; an empty kind is the required check's to report.
 */
export async function kindApplies(db: Queryable, model: TableModel, merged: Record<string, unknown>): Promise<void> {
  const b = model.table.belongsTo;
  const k = b?.kinds;
  if (!b || !k) return;
  const kindField = model.byName.get(k.field.toLowerCase());
  const ownerName = String(merged[model.byName.get(b.table.toLowerCase())?.name ?? ''] ?? '').toLowerCase();
  const kind = kindField ? merged[kindField.name] : null;
  const flagName = Object.entries(k.flags).find(([table]) => table.toLowerCase() === ownerName)?.[1];
  const owner = model.table.owners?.find((t) => t.name.toLowerCase() === ownerName);
  if (!kindField?.list || kind === null || kind === undefined || !flagName || !owner) return;
  const kinds = model.listJoins?.find((j) => j.field === kindField)?.ref;
  const flag = kinds?.fields.find((f) => f.name.toLowerCase() === flagName.toLowerCase());
  if (!kinds || !flag) return;
  // The kind was checked as a list value the principal may choose; only its flag is read here.
  const found = await db.query(
    `SELECT 1 FROM ${engineTable(kinds)} WHERE autoid = $1 AND ${ident(flag.sqlName)} IS TRUE`,
    [kind],
  );
  if (!found.rowCount)
    throw invalidFields({
      [kindField.name]: [{ id: 'validation.kind_applies', args: [labelled(kindField), labelled(owner)] }],
    });
}
