// The engine's own updates of many rows of one table in one statement: totals added up and
// values computed again at commit (rollups.ts, follow.ts) change a column or two in each of the
// rows a transaction marked. The rows go as one JSON array read back in the table's own row type,
// so every value is typed by its column.
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import type { TableModel } from '../metadata/model.ts';
import { engineTable, rowType } from './table-sql.ts';
import { sqlValue } from './values.ts';

/** A row's new values, and the record as it stands with them (for the columns another row changes). */
export interface RowChange {
  id: number;
  changes: Map<EffectiveField, unknown>;
  merged: Record<string, unknown>;
}

/** Rows in one statement, without moving their TimeStamp; a column changed in one row is written as it stands in the others. */
export async function updateRows(db: Queryable, model: TableModel, rows: readonly RowChange[]): Promise<void> {
  if (!rows.length) return;
  const columns = [...new Set(rows.flatMap((r) => [...r.changes.keys()]))];
  const values = rows.map((r) => {
    const row: Record<string, unknown> = { autoid: r.id };
    for (const f of columns) row[f.sqlName] = sqlValue(f, r.changes.has(f) ? r.changes.get(f) : r.merged[f.name]);
    return row;
  });
  await db.query(
    `UPDATE ${engineTable(model.table)} t SET ${columns.map((f) => `${ident(f.sqlName)} = v.${ident(f.sqlName)}`).join(', ')}
       FROM jsonb_populate_recordset(NULL::${rowType(model.table)}, $1::jsonb) v WHERE t.autoid = v.autoid`,
    [JSON.stringify(values)],
  );
}
