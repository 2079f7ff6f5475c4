// The status log of a record: every workflow transition and every change of a field marked
// logChanges, written in the transaction of the change itself (the business layer reads it).
import type { EffectiveField } from '../../definitions/language/index.ts';
import { atCommit, transactionOf, type Queryable } from '../db/pool.ts';
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

type Row = unknown[];
/** The rows a transaction has logged so far, written together just before it commits (a rollback forgets them). */
const logged = new WeakMap<object, Row[]>();
const COLUMNS = 10;

async function insertRows(db: Queryable, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await db.query(
      `INSERT INTO core_status_log (table_name, record_id, field_name, transition, from_value, to_value, reason, comment, status_date, changed_by)
       VALUES ${chunk.map((_, r) => `(${Array.from({ length: COLUMNS }, (_, c) => `$${r * COLUMNS + c + 1}`).join(', ')})`).join(', ')}`,
      chunk.flat(),
    );
  }
}

export async function writeStatusLog(
  db: Queryable,
  model: TableModel,
  recordId: number,
  change: StatusChange,
  by: string,
): Promise<void> {
  const row = [
    model.table.sqlName,
    recordId,
    change.field.name,
    change.transition ?? null,
    JSON.stringify(change.from ?? null),
    JSON.stringify(change.to ?? null),
    change.reason ?? null,
    change.comment ?? null,
    change.date ?? null,
    by,
  ];
  // In a transaction the rows of its writes (a receipt's 500 order lines) go in one statement at its commit.
  const transaction = transactionOf(db);
  if (!transaction) return insertRows(db, [row]);
  const pending = logged.get(transaction);
  if (pending) {
    pending.push(row);
    return;
  }
  const rows = [row];
  logged.set(transaction, rows);
  atCommit(db, 'status-log', async () => {
    logged.delete(transaction);
    await insertRows(db, rows);
  });
}
