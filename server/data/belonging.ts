// Rows that belong to a record of another table (`belongsTo`: the documents of any record). A new
// row must name a table that shows such rows (one with a documents tab) and a record of it the
// principal may see; afterwards both fields are fixed, and the principal's row limits (access.ts)
// admit the row only while its record stays visible to them.
import type { EffectiveField } from '../../definitions/language/index.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import { invalidFields } from '../errors.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { Params } from './filters.ts';
import { seen } from './table-sql.ts';

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
