// The status log of a record: every workflow transition and every change of a field marked
// logChanges, written in the transaction of the change itself (the business layer reads it).
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';

export interface StatusChange {
  field: EffectiveField;
  transition?: string | null;
  from: unknown;
  to: unknown;
  reason?: string | null;
  comment?: string | null;
  date?: string | null;
}

export async function writeStatusLog(db: Queryable, model: TableModel, recordId: number, change: StatusChange, by: string): Promise<void> {
  await db.query(
    `INSERT INTO core_status_log (table_name, record_id, field_name, transition, from_value, to_value, reason, comment, status_date, changed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [model.table.sqlName, recordId, change.field.name, change.transition ?? null, JSON.stringify(change.from ?? null), JSON.stringify(change.to ?? null),
      change.reason ?? null, change.comment ?? null, change.date ?? null, by],
  );
}
