// The SQL of one row of a pack table: its insert and its update, from values the write pipeline
// checked. Every path that inserts or updates rows this way moves the table's counts.
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { reached } from './table-sql.ts';
import type { TableModel } from '../metadata/model.ts';
import { announceWrite } from './cache.ts';
import { sqlValue } from './values.ts';

/** The columns and parameters of a new row: the checked values, and the defaults of fields left out. */
function newRow(model: TableModel, values: Map<EffectiveField | 'archive', unknown>, username: string) {
  const row = new Map<string, unknown>([
    ['createdby', username],
    ['modifiedby', username],
  ]);
  for (const [f, v] of values) row.set(f === 'archive' ? 'archive' : f.sqlName, f === 'archive' ? v : sqlValue(f, v));
  for (const f of model.table.fields)
    if (!values.has(f) && f.default !== undefined && f.default !== null) row.set(f.sqlName, sqlValue(f, f.default));
  return row;
}

/** Inserts checked values, with the defaults of fields left out; answers the new AutoID. */
export async function insertRow(
  db: Queryable,
  model: TableModel,
  values: Map<EffectiveField | 'archive', unknown>,
  username: string,
): Promise<number> {
  return (await insertRows(db, model, [values], username))[0];
}

/** The most parameters one insert takes (PostgreSQL allows 65,535). */
const MAX_PARAMS = 30_000;

/**
 * Inserts rows of checked values, as few statements as the parameters allow; answers their new
 * AutoIDs in the order given. A column one row leaves out takes its database default there.
 */
export async function insertRows(
  db: Queryable,
  model: TableModel,
  rows: readonly Map<EffectiveField | 'archive', unknown>[],
  username: string,
): Promise<number[]> {
  const made = rows.map((values) => newRow(model, values, username));
  const ids: number[] = [];
  for (let at = 0; at < made.length;) {
    const cols = new Set<string>();
    let params = 0;
    let end = at;
    // Rows join the statement while their parameters fit (at least one row always does).
    while (end < made.length && (end === at || params + made[end].size <= MAX_PARAMS)) {
      for (const c of made[end].keys()) cols.add(c);
      params += made[end].size;
      end++;
    }
    const list = [...cols];
    const values: unknown[] = [];
    const tuples = made.slice(at, end).map(
      (row) =>
        `(${list
          .map((c) => {
            if (!row.has(c)) return 'DEFAULT';
            values.push(row.get(c));
            return `$${values.length}`;
          })
          .join(', ')})`,
    );
    const inserted = await db.query<{ autoid: number }>(
      `INSERT INTO ${reached(model)} (${list.map(ident).join(', ')}) VALUES ${tuples.join(', ')} RETURNING autoid`,
      values,
    );
    // AutoIDs are drawn row by row in the order of the VALUES, so in ascending order they are the rows' own.
    ids.push(...inserted.rows.map((r) => Number(r.autoid)).sort((a, b) => a - b));
    at = end;
  }
  // Whatever path inserts (a save, a download request, a licence, a seed), counts move with it.
  await announceWrite(db, model.table.sqlName);
  return ids;
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
