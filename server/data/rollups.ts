// Totals over child rows (`rollup`), kept in the transaction that changes a child: a write of a
// row marks the parents it counts in (before and after the write), and once before the commit each
// marked parent is locked, its totals are added up in one statement, its computed fields follow,
// and what changed is written (without moving its TimeStamp: a form open on it stays savable) and
// announced. A parent whose totals count in another's marks that one in turn. However many rows a
// transaction writes (an import's chunk), each parent is added up once.
import { announceWrite } from './cache.ts';
import type { Queryable } from '../db/pool.ts';
import { markForCommit } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { Rollup, TableModel } from '../metadata/model.ts';
import { computedAfterTotals, computeValues } from './computed.ts';
import { recordChanged } from './events.ts';
import { transitionsFollow } from './automatic.ts';
import { valuesFollow } from './follow.ts';
import { Params } from './filters.ts';
import type { TableOf } from './related.ts';
import { outputValue, recordFromRow } from './values.ts';
import { updateRows, type RowChange } from './row-updates.ts';
import { engineTable } from './table-sql.ts';
import { ruleSql } from './rule-sql.ts';

/**
 * After a row of `model` was written (`after`) or deleted (`after` null; `before` the row as it
 * was): the parents it counts in now and counted in before are marked to be added up again.
 */
export async function totalsFollow(
  db: Queryable,
  model: TableModel,
  after: Record<string, unknown> | null,
  before: Record<string, unknown> | null,
  tableOf: TableOf,
): Promise<void> {
  if (!model.feeds.length && !model.feedsThrough.length) return;
  const marks = new Map<string, Set<number>>();
  const mark = (parent: string, id: unknown) => {
    if (id === null || id === undefined || id === '') return;
    let ids = marks.get(parent);
    if (!ids) marks.set(parent, (ids = new Set()));
    ids.add(Number(id));
  };
  for (const { parent, via } of model.feeds) for (const row of [after, before]) mark(parent, row?.[via.name]);
  // A total whose filter reads this row through a child (a line of a voided invoice counts no
  // more): a change of a field it reads marks the row, and before the commit the parents of the
  // children naming the marked rows are marked in turn (one statement however many rows moved).
  const through = new Map<string, Set<number>>();
  model.feedsThrough.forEach(({ reads }, i) => {
    if (!after || !before || !reads.some((f) => !same(f, after[f.name], before[f.name]))) return;
    through.set(`${model.table.name}\u0000${i}`, new Set([Number(after.AutoID ?? before.AutoID)]));
  });
  if (through.size) await markForCommit(db, 'through', through, (marked) => markThrough(db, marked, tableOf));
  if (marks.size) await markForCommit(db, 'totals', marks, (marked) => addUp(db, marked, tableOf));
}

/** The parents whose totals read the marked rows through their children (see totalsFollow), marked to be added up. */
async function markThrough(db: Queryable, marked: Map<string, Set<number>>, tableOf: TableOf): Promise<void> {
  const marks = new Map<string, Set<number>>();
  for (const [key, ids] of marked) {
    const [table, at] = key.split('\u0000');
    const feed = tableOf(table)?.feedsThrough[Number(at)];
    if (!feed) continue;
    const { parent, child, via, hop } = feed;
    const found = await db.query<{ parent: string }>(
      `SELECT DISTINCT c.${ident(via.sqlName)} AS parent FROM ${engineTable(child)} c WHERE c.${ident(hop.sqlName)} = ANY($1::bigint[])`,
      [[...ids]],
    );
    const set = marks.get(parent) ?? new Set<number>();
    for (const row of found.rows) if (row.parent !== null) set.add(Number(row.parent));
    if (set.size) marks.set(parent, set);
  }
  if (marks.size) await markForCommit(db, 'totals', marks, (totals) => addUp(db, totals, tableOf));
}

/** The aggregate of one total for the parent row `p`. */
function totalSql(r: Rollup, params: Params): string {
  const column = r.source ? `c.${ident(r.source.sqlName)}` : '';
  const value =
    r.op === 'count'
      ? 'count(*)'
      : r.op === 'sum'
        ? `coalesce(sum(${column}), 0)`
        : r.op === 'list'
          ? listSql(column, r.field.maxLength ?? 0)
          : `${r.op}(${column})`;
  const where = [
    `c.${ident(r.via.sqlName)} = p.autoid`,
    ...(r.where !== undefined
      ? [ruleSql(r.where, { fields: r.child.fields, alias: 'c', refOf: r.refOf }, params)]
      : []),
  ];
  return `(SELECT ${value} FROM ${engineTable(r.child)} c WHERE ${where.join(' AND ')})`;
}

/** The texts joined in the order their rows were made; past `max` characters cut, ending in "…". */
function listSql(column: string, max: number): string {
  const all = `string_agg(${column}::text, ', ' ORDER BY c.autoid)`;
  return `CASE WHEN char_length(${all}) > ${max} THEN left(${all}, ${Math.max(0, max - 1)}) || '…' ELSE ${all} END`;
}

const same = (field: EffectiveField, a: unknown, b: unknown) =>
  String(outputValue(field, a) ?? '') === String(outputValue(field, b) ?? '');

async function addUp(db: Queryable, marked: Map<string, Set<number>>, tableOf: TableOf): Promise<void> {
  for (const [name, set] of marked) {
    const model = tableOf(name);
    if (!model || !set.size) continue;
    const ids = [...set].sort((a, b) => a - b);
    // Locked first, then added up in a statement of its own: a concurrent transaction's rows that
    // committed while this one waited for the lock are counted.
    // Totals are kept by the engine over every child row, whoever wrote the one that moved them.
    await db.query(
      `SELECT 1 FROM ${engineTable(model.table)} WHERE autoid = ANY($1::bigint[]) ORDER BY autoid FOR UPDATE`,
      [ids],
    );
    const params = new Params();
    const list = params.add(ids);
    const totals = model.rollups.map((r, i) => `${totalSql(r, params)} AS ${ident(`total_${i}`)}`);
    const rows = (
      await db.query(
        `SELECT p.*${totals.map((t) => `, ${t}`).join('')} FROM ${engineTable(model.table)} p WHERE p.autoid = ANY(${list}::bigint[])`,
        params.values,
      )
    ).rows;
    const changed: (RowChange & { stored: Record<string, unknown> })[] = [];
    for (const row of rows) {
      const stored = recordFromRow(model, row);
      const merged = { ...stored };
      const changes = new Map<EffectiveField, unknown>();
      model.rollups.forEach((r, i) => {
        const value = outputValue(r.field, row[`total_${i}`]);
        merged[r.field.name] = value;
        if (!same(r.field, value, stored[r.field.name])) changes.set(r.field, value);
      });
      for (const [field, value] of await computeValues(
        db,
        model,
        merged,
        tableOf,
        undefined,
        computedAfterTotals(model),
      )) {
        merged[field.name] = value;
        if (!same(field, value, stored[field.name])) changes.set(field, value);
      }
      if (changes.size) changed.push({ id: Number(row.autoid), changes, merged, stored });
    }
    if (!changed.length) continue;
    // The changed rows in one statement; then, row by row, what follows from each.
    await updateRows(db, model, changed);
    // Counts and page starts remembered for the table move on, as after any write of it.
    await announceWrite(db, model.table.sqlName);
    for (const { id, merged, stored } of changed) {
      await recordChanged(db, model, id, 'updated');
      // With the row as it was: a total another table's filter reads through a child follows too.
      await totalsFollow(db, model, merged, stored, tableOf);
      await valuesFollow(db, model, merged, stored, tableOf);
      await transitionsFollow(db, model, id, stored, tableOf);
    }
  }
}
