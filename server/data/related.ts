// Values of referenced rows that a check's or a guard's rule reads by path
// (`ObjectType.IdGenerator.IDRequired`), of a settings table's row (`$settings.<table>.<Field>`),
// and the counter row a numbering reaches by path. Each step is a list field of the definitions, so every identifier comes from them. Values that decide
// a rule never leave the server, so the reader's row limits do not apply; values a record takes
// (defaultFrom) are read as the principal `seenBy` sees the rows, through the access layer.
import { relatedPaths } from '../../definitions/language/index.ts';
import { settingsName } from '../../definitions/language/settings-rules.ts';
import { settleMarked, type Queryable } from '../db/pool.ts';
import { memoKnown, memoRead, remembers } from '../db/read-memo.ts';
import { ident } from '../db/sql.ts';
import type { TableModel } from '../metadata/model.ts';
import { outputValue } from './values.ts';
import type { Principal } from '../security/principal.ts';
import { Params } from './filters.ts';
import { engineTable, seen } from './table-sql.ts';
import { isHidden } from './access.ts';

/** One row's columns by AutoID (or, given many, those rows), only when `seenBy` (if given) may see it. */
function rowQuery(
  model: TableModel,
  columns: string[],
  id: number | number[],
  seenBy?: Principal,
): [string, unknown[]] {
  const params = new Params();
  const many = Array.isArray(id);
  const where = [many ? `t.autoid = ANY(${params.add(id)}::bigint[])` : `t.autoid = ${params.add(id)}`];
  // Without `seenBy` the values decide a rule and never leave the server (see above).
  const from = seenBy
    ? seen(model.table, seenBy, 't', params).from(where)
    : `FROM ${engineTable(model.table)} t WHERE ${where.join(' AND ')}`;
  return [`SELECT ${columns.join(', ')} ${from}`, params.values];
}

export type TableOf = (name: string) => TableModel | undefined;

/** The model a list field of `model` references. */
export function referencedModel(model: TableModel, fieldName: string, tableOf: TableOf): TableModel | undefined {
  const join = model.listJoins.find((j) => j.field.name.toLowerCase() === fieldName.toLowerCase());
  return join ? tableOf(join.ref.name) : undefined;
}

/**
 * Follows a path of list fields from a record: answers the AutoID of the row the last step
 * references and its model (undefined when a step has no value).
 */
export async function rowAtPath(
  db: Queryable,
  model: TableModel,
  record: Record<string, unknown>,
  path: string,
  tableOf: TableOf,
  seenBy?: Principal,
): Promise<{ model: TableModel; id: number } | undefined> {
  const steps = path.split('.');
  let at = model;
  let id: unknown = record[model.byName.get(steps[0].toLowerCase())?.name ?? steps[0]];
  for (let i = 0; ; i++) {
    const next = referencedModel(at, steps[i], tableOf);
    if (!next || id === null || id === undefined) return undefined;
    if (i === steps.length - 1) return { model: next, id: Number(id) };
    const field = next.byName.get(steps[i + 1].toLowerCase())!;
    const row = (await memoRead(db, ...rowQuery(next, WHOLE_ROW, Number(id), seenBy))).rows[0];
    id = row?.[field.sqlName];
    at = next;
  }
}

/**
 * A field of a settings table's one row (`$settings.financialsettings.RequireVoidReason`), read in
 * the caller's transaction; empty when the table has no row yet. The definitions check admits only
 * a field of a table a settings screen shows; the value decides a rule and never leaves the server.
 */
async function settingValue(db: Queryable, path: string, tableOf: TableOf, seenBy?: Principal): Promise<unknown> {
  const read = settingsName(path);
  const model = read && tableOf(read.table);
  const field = read && model?.byName.get(read.field.toLowerCase());
  if (!model || !field || !model.screens.some((s) => s.kind === 'settings')) return null;
  // A value read for a user to see is one they may read.
  if (seenBy && (!seenBy.can(model.table.right, 'read') || isHidden(model.table, seenBy, field.name))) return null;
  const row = (
    await db.query<{ v: unknown }>(
      `SELECT t.${ident(field.sqlName)} AS v FROM ${engineTable(model.table)} t ORDER BY t.autoid LIMIT 1`,
    )
  ).rows[0];
  return row === undefined || row.v === null ? null : outputValue(field, row.v);
}

/** The work at commit that keeps totals (rollups.ts) and following values (follow.ts), in the order it hands rows on. */
const SETTLED_BEFORE_READ = { first: ['through'], keys: ['follow', 'totals'] };

/**
 * A referenced row is read whole: whichever rules read it (a default, a check, a computed field),
 * it is one read, remembered once in the transaction. Only the values the rules ask are used.
 */
const WHOLE_ROW = ['t.*'];

/** The column of the row at `prefix` that each path through it reads: a field's, or AutoID or Archive (the definitions checked it). */
const columnsAt = (row: TableModel | undefined, prefix: string, reads: readonly string[]) =>
  reads.map((path) => {
    const field = row?.byName.get(path.slice(prefix.length + 1).toLowerCase());
    return { field, column: field ? field.sqlName : path.endsWith('.AutoID') ? 'autoid' : 'archive' };
  });

/** The paths the rules read through referenced rows, by the path of the row they read (`A.B` of `A.B.Field`). */
function pathsByRow(rules: readonly unknown[]): Map<string, string[]> {
  const byRow = new Map<string, string[]>();
  for (const path of new Set(rules.flatMap(relatedPaths))) {
    if (settingsName(path)) continue;
    const prefix = path.slice(0, path.lastIndexOf('.'));
    byRow.set(prefix, [...(byRow.get(prefix) ?? []), path]);
  }
  return byRow;
}

/**
 * Reads ahead, in one statement per referenced table, what relatedValues will read for each of
 * many records (rows written together): the rows their own list fields reference, remembered in
 * the transaction as the one-row reads relatedValues makes. Paths of more steps are read as they come.
 */
export async function readAheadRelated(
  db: Queryable,
  model: TableModel,
  records: readonly Record<string, unknown>[],
  rules: readonly unknown[],
  tableOf: TableOf,
  seenBy?: Principal,
): Promise<void> {
  if (records.length < 2 || !remembers(db)) return;
  for (const prefix of pathsByRow(rules).keys()) {
    if (prefix.includes('.')) continue;
    const ref = referencedModel(model, prefix, tableOf);
    const field = model.byName.get(prefix.toLowerCase());
    if (!ref || !field) continue;
    const ids = [...new Set(records.map((r) => r[field.name]).filter((v) => v !== null && v !== undefined))].map(
      Number,
    );
    if (ids.length < 2) continue;
    const byId = new Map<number, Record<string, unknown>>();
    for (const row of (await db.query(...rowQuery(ref, WHOLE_ROW, ids, seenBy))).rows)
      byId.set(Number(row.autoid), row);
    memoKnown(
      db,
      ids.map((id) => rowQuery(ref, WHOLE_ROW, id, seenBy)),
      (i) => [byId.get(ids[i])].filter((row) => row !== undefined),
    );
  }
}

/**
 * The values of referenced rows the rules read, by path; undefined when they read none. Paths
 * through the same row (`ObjectType.IdGenerator.IDRequired`, `…IdMask`) follow the references
 * once and read their fields in one statement.
 */
export async function relatedValues(
  db: Queryable,
  model: TableModel,
  record: Record<string, unknown>,
  rules: readonly unknown[],
  tableOf: TableOf,
  seenBy?: Principal,
): Promise<Map<string, unknown> | undefined> {
  const all = [...new Set(rules.flatMap(relatedPaths))];
  if (!all.length) return undefined;
  const values = new Map<string, unknown>();
  const paths: string[] = [];
  for (const path of all) {
    if (settingsName(path)) values.set(path, await settingValue(db, path, tableOf, seenBy));
    else paths.push(path);
  }
  const byRow = new Map<string, string[]>();
  for (const path of paths) {
    const prefix = path.slice(0, path.lastIndexOf('.'));
    byRow.set(prefix, [...(byRow.get(prefix) ?? []), path]);
  }
  for (const [prefix, reads] of byRow) {
    const row = await rowAtPath(db, model, record, prefix, tableOf, seenBy);
    // A total of the row that this transaction's writes have yet to add up is added up first.
    if (row && columnsAt(row.model, prefix, reads).some(({ field }) => field?.rollup || field?.compute))
      await settleMarked(db, SETTLED_BEFORE_READ, row.model.table.name, row.id);
    const found = row ? (await memoRead(db, ...rowQuery(row.model, WHOLE_ROW, row.id, seenBy))).rows[0] : undefined;
    columnsAt(row?.model, prefix, reads).forEach(({ field, column }, i) => {
      const v = found?.[column] ?? null;
      values.set(reads[i], field && v !== null ? outputValue(field, v) : v);
    });
  }
  return values;
}
