// The SQL of one row of a pack table: its insert and its update, from values the write pipeline
// checked. Every path that inserts or updates rows this way moves the table's counts.
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { reached } from './table-sql.ts';
import type { TableModel } from '../metadata/model.ts';
import { announceWrite } from './cache.ts';
import { sqlValue } from './values.ts';

/** Inserts checked values, with the defaults of fields left out; answers the new AutoID. */
export async function insertRow(
  db: Queryable,
  model: TableModel,
  values: Map<EffectiveField | 'archive', unknown>,
  username: string,
): Promise<number> {
  const cols = ['createdby', 'modifiedby'];
  const params: unknown[] = [username, username];
  for (const [f, v] of values) {
    cols.push(f === 'archive' ? 'archive' : f.sqlName);
    params.push(f === 'archive' ? v : sqlValue(f, v));
  }
  for (const f of model.table.fields) {
    if (!values.has(f) && f.default !== undefined && f.default !== null) {
      cols.push(f.sqlName);
      params.push(sqlValue(f, f.default));
    }
  }
  const inserted = await db.query<{ autoid: number }>(
    `INSERT INTO ${reached(model)} (${cols.map(ident).join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING autoid`,
    params,
  );
  // Whatever path inserts (a save, a download request, a licence, a seed), counts move with it.
  await announceWrite(db, model.table.sqlName);
  return inserted.rows[0].autoid;
}

/** Writes checked values into a stored row, bumping its TimeStamp. */
export async function updateRow(
  db: Queryable,
  model: TableModel,
  autoId: number,
  values: Map<EffectiveField | 'archive', unknown>,
  username: string,
): Promise<void> {
  const params: unknown[] = [autoId, username];
  const sets = ['timestamp = timestamp + 1', 'modifiedby = $2'];
  for (const [f, v] of values) {
    params.push(f === 'archive' ? v : sqlValue(f, v));
    sets.push(`${ident(f === 'archive' ? 'archive' : f.sqlName)} = $${params.length}`);
  }
  await db.query(`UPDATE ${reached(model)} SET ${sets.join(', ')} WHERE autoid = $1`, params);
  // A count filtered on a changed field moves too.
  await announceWrite(db, model.table.sqlName);
}
