// Computed fields that follow the rows they read (`compute.follow`): a purchase invoice line's
// received quantity is its order line's, also after a later receipt. A write of a row whose
// fields such a field reads marks the rows naming it; once before the commit each marked row is
// locked, its computed fields are computed again (with the system's sight: the values are the
// engine's), and what changed is written without moving its TimeStamp, told, and followed by the
// totals it counts in. A row in a read-only state, or under a parent in one, keeps its values: a
// completed document does not change behind its back.
import { markForCommit, type Queryable } from '../db/pool.ts';
import { announceWrite } from './cache.ts';
import { ident } from '../db/sql.ts';
import { ruleFields, type EffectiveField } from '../../definitions/language/index.ts';
import type { TableModel } from '../metadata/model.ts';
import { computeValues } from './computed.ts';
import { recordChanged } from './events.ts';
import { isReadOnlyRow } from './read-only.ts';
import type { TableOf } from './related.ts';
import { totalsFollow } from './rollups.ts';
import { storedComputed } from './suggested.ts';
import { engineTable } from './table-sql.ts';
import { outputValue, recordFromRow } from './values.ts';
import { updateRows, type RowChange } from './row-updates.ts';

/**
 * The computed fields computed again: those that follow, and those that read them (a difference
 * of the followed quantity), each after what it reads. The others keep what they hold (a line's
 * VAT stays at the rate it was computed with).
 */
function followingFields(model: TableModel): EffectiveField[] {
  const chosen = new Set<string>();
  return storedComputed(model).filter(({ name, compute }) => {
    const reads = compute ? ruleFields(compute.expression).map((n) => n.toLowerCase()) : [];
    const again = compute?.follow === true || reads.some((n) => chosen.has(n));
    if (again) chosen.add(name.toLowerCase());
    return again;
  });
}

const same = (field: EffectiveField, a: unknown, b: unknown) =>
  String(outputValue(field, a) ?? '') === String(outputValue(field, b) ?? '');

/** After a row of `model` was written: the rows whose following fields read a field that changed are marked. */
export async function valuesFollow(
  db: Queryable,
  model: TableModel,
  after: Record<string, unknown>,
  before: Record<string, unknown> | null,
  tableOf: TableOf,
): Promise<void> {
  // A new row is named by no row yet.
  if (!model.followers.length || !before) return;
  const marks = new Map<string, Set<number>>();
  for (const { table, via, reads } of model.followers) {
    if (!reads.some((f) => !same(f, after[f.name], before[f.name]))) continue;
    const follower = tableOf(table);
    if (!follower) continue;
    // Every row naming it, seen by the writer or not: its values are the engine's.
    const found = await db.query<{ autoid: number }>(
      `SELECT autoid FROM ${engineTable(follower.table)} WHERE ${ident(via.sqlName)} = $1`,
      [after.AutoID],
    );
    if (!found.rows.length) continue;
    const ids = marks.get(table) ?? new Set<number>();
    for (const r of found.rows) ids.add(Number(r.autoid));
    marks.set(table, ids);
  }
  if (marks.size) await markForCommit(db, 'follow', marks, (marked) => computeAgain(db, marked, tableOf));
}

async function computeAgain(db: Queryable, marked: Map<string, Set<number>>, tableOf: TableOf): Promise<void> {
  for (const [name, set] of marked) {
    const model = tableOf(name);
    if (!model) continue;
    const fields = followingFields(model);
    const rows = (
      await db.query(
        `SELECT * FROM ${engineTable(model.table)} WHERE autoid = ANY($1::bigint[]) ORDER BY autoid FOR UPDATE`,
        [[...set]],
      )
    ).rows;
    const changed: (RowChange & { stored: Record<string, unknown> })[] = [];
    for (const row of rows) {
      const stored = recordFromRow(model, row);
      if (await isReadOnlyRow(db, model, stored, tableOf)) continue;
      const merged = { ...stored };
      const changes = new Map<EffectiveField, unknown>();
      for (const [field, value] of await computeValues(db, model, merged, tableOf, undefined, fields)) {
        merged[field.name] = value;
        if (!same(field, value, stored[field.name])) changes.set(field, value);
      }
      if (changes.size) changed.push({ id: Number(stored.AutoID), changes, merged, stored });
    }
    if (!changed.length) continue;
    await updateRows(db, model, changed);
    // Counts and page starts remembered for the table move on, as after any write of it.
    await announceWrite(db, model.table.sqlName);
    for (const { id, merged, stored } of changed) {
      await recordChanged(db, model, id, 'updated');
      await totalsFollow(db, model, merged, stored, tableOf);
      await valuesFollow(db, model, merged, stored, tableOf);
    }
  }
}
