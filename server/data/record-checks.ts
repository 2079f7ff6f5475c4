// A table's checks (docs/business-records.md "Table attributes"): rules over the record, which
// may read referenced rows, and the checks only the database can answer: no other row with the
// same values (`unique`) and no cycle among the rows (`acyclic`). A check applies when its
// `when` holds and, with `onChange`, only to a write that changes one of those fields.
import {
  evaluateRule,
  relatedPaths,
  ruleFields,
  type CheckDef,
  type EffectiveField,
} from '../../definitions/language/index.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { CalendarDate } from '../../definitions/language/message-args.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { AppError, invalidFields, type FieldMessage } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { relatedValues, type TableOf } from './related.ts';
import { engineTable, seen } from './table-sql.ts';
import { Params } from './filters.ts';
import { sqlValue } from './values.ts';
import { codesIn, MAX_CODES, rowsByCodes } from './codes.ts';

/** What a check sees of a write: the record as it will be, the stored one, and the fields given. */
export interface CheckedWrite {
  merged: Record<string, unknown>;
  current: Record<string, unknown> | null;
  written: ReadonlySet<string>;
}

/** Whether the check needs the database: a unique or acyclic check, or a rule reading referenced rows. */
export const needsDatabase = (c: CheckDef, model: TableModel) =>
  argPaths(c).length > 0 ||
  !!c.unique ||
  !!c.acyclic ||
  !!c.codes ||
  relatedPaths(c.validWhen).length > 0 ||
  relatedPaths(c.when).length > 0 ||
  readsDerived(c, model);

/** A check that reads a computed, picked or total field is judged once they are derived, with the database's checks. */
function readsDerived(c: CheckDef, model: TableModel): boolean {
  return [...ruleFields(c.validWhen), ...ruleFields(c.when)].some((n) => {
    const f = model.byName.get(n.toLowerCase());
    return !!f && (!!f.compute || !!f.rollup || !!f.pick);
  });
}

const changed = (w: CheckedWrite, name: string) =>
  w.current !== null &&
  w.written.has(name) &&
  w.current[name] !== w.merged[name] &&
  !(isEmptyValue(w.current[name] ?? null) && isEmptyValue(w.merged[name] ?? null));

/**
 * Whether `onChange` lets the check apply to this write: an update that changes a stored value;
 * a new record only with `onCreate` (a locked object may be created where it is, not moved).
 */
export const changeApplies = (c: CheckDef, w: CheckedWrite) =>
  !c.onChange || (w.current === null ? c.onCreate === true : c.onChange.some((n) => changed(w, n)));

/** `$stored.Field`: the field before the write; `$decrease.Field`: how much the write takes off it. */
const ARG_SCOPE = /^\$(stored|decrease)\./;

/** The paths to referenced rows a check's message names (`Product.Descr`). */
const argPaths = (c: CheckDef) => (c.messageArgs ?? []).filter((a) => a.includes('.') && !ARG_SCOPE.test(a));

/** What fills a message's blanks besides the record: the stored record and the values of referenced rows. */
export interface MessageSources {
  current?: Record<string, unknown> | null;
  related?: ReadonlyMap<string, unknown>;
}

/**
 * A blank of a check's message (`messageArgs`): a field as the write leaves it, `$stored.Field` as it
 * was before, `$decrease.Field` how much the write takes off it, or `Field.Field` a referenced
 * row's field (as the user may see it). A date is shown as the reader's language writes it.
 */
function argValue(model: TableModel, arg: string, record: Record<string, unknown> | undefined, from: MessageSources) {
  const scope = ARG_SCOPE.exec(arg)?.[1];
  const name = scope ? arg.slice(scope.length + 2) : arg;
  const field = name.includes('.') ? undefined : model.byName.get(name.toLowerCase());
  const key = field?.name ?? name;
  if (scope === 'decrease') return Number(from.current?.[key] ?? 0) - Number(record?.[key] ?? 0);
  const value = name.includes('.') ? from.related?.get(name) : (scope ? from.current : record)?.[key];
  if (value === null || value === undefined) return '';
  const isDate = field ? field.type === 'date' : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return isDate ? new CalendarDate(String(value)) : value;
}

/** The values a failing check's message names from referenced rows, read as `principal` may see them. */
export async function messageRelated(
  db: Queryable,
  model: TableModel,
  failed: readonly CheckDef[],
  record: Record<string, unknown>,
  tableOf: TableOf,
  principal: Principal | undefined,
): Promise<ReadonlyMap<string, unknown> | undefined> {
  const paths = [...new Set(failed.flatMap(argPaths))];
  // Values a message shows leave the server: only as the user may see the rows.
  if (!paths.length || !principal) return undefined;
  return relatedValues(
    db,
    model,
    record,
    paths.map((p) => ({ var: p })),
    tableOf,
    principal,
  );
}

/** The messages of failing checks, under the fields each names. */
export function placeMessages(
  model: TableModel,
  failed: readonly CheckDef[],
  problems: Record<string, FieldMessage[]> = {},
  record?: Record<string, unknown>,
  from: MessageSources = {},
): Record<string, FieldMessage[]> {
  for (const check of failed) {
    // The message's blanks take the values the write would leave (`messageArgs`).
    const fill = (check.messageArgs ?? []).map((n) => argValue(model, n, record, from));
    for (const name of check.fields)
      (problems[model.byName.get(name.toLowerCase())?.name ?? name] ??= []).push({
        id: 'validation.check',
        args: [check.message, ...fill],
      });
  }
  return problems;
}

/** The row already holding the values (its AutoID; 0 for a row of the same insert), or null. */
/** Whether the principal sees the row (its table's read right, row limits and states). */
async function mayRead(db: Queryable, model: TableModel, principal: Principal, id: number): Promise<boolean> {
  const params = new Params();
  const rows = seen(model.table, principal, 't', params);
  const found = await db.query(`SELECT 1 ${rows.from([`t.autoid = ${params.add(id)}`])}`, params.values);
  return (found.rowCount ?? 0) > 0;
}

async function duplicateOf(
  db: Queryable,
  model: TableModel,
  fields: EffectiveField[],
  w: CheckedWrite,
  siblings: readonly Record<string, unknown>[],
): Promise<number | null> {
  const values = fields.map((f) => w.merged[f.name]);
  if (values.some((v) => isEmptyValue(v ?? null))) return null;
  // A row inserted in the same statement before this one counts as stored (createManyIn).
  const key = JSON.stringify(values);
  if (siblings.some((r) => JSON.stringify(fields.map((f) => r[f.name])) === key)) return 0;
  const params: unknown[] = [Number(w.merged.AutoID ?? 0)];
  const where = fields.map((f, i) => {
    params.push(sqlValue(f, values[i]));
    return `${ident(f.sqlName)} = $${params.length}`;
  });
  // Over every row, seen or not: a duplicate is one whoever holds it. The answer is a yes or no.
  const found = await db.query<{ autoid: string }>(
    `SELECT autoid FROM ${engineTable(model.table)} WHERE autoid <> $1 AND ${where.join(' AND ')} LIMIT 1`,
    params,
  );
  return found.rows[0] ? Number(found.rows[0].autoid) : null;
}

/**
 * Whether the record's edge from → to closes a cycle: the edge's start is reached from its end
 * through the other rows' edges (the record's own stored edge does not count: it is replaced).
 */
async function closesCycle(
  db: Queryable,
  model: TableModel,
  acyclic: { from: string; to: string },
  w: CheckedWrite,
): Promise<boolean> {
  const self = Number(w.merged.AutoID ?? 0);
  const fromField = acyclic.from === 'AutoID' ? null : model.byName.get(acyclic.from.toLowerCase())!;
  const toField = model.byName.get(acyclic.to.toLowerCase())!;
  const start = fromField ? w.merged[fromField.name] : self || null;
  const end = w.merged[toField.name];
  if (isEmptyValue(start ?? null) || isEmptyValue(end ?? null)) return false;
  if (Number(start) === Number(end)) return true;
  // Over every row, seen or not: a cycle closes through rows of others too. The answer is a yes or no.
  const table = engineTable(model.table);
  const from = fromField ? ident(fromField.sqlName) : 'autoid';
  const to = ident(toField.sqlName);
  // Depth-bounded, so rows that already hold a cycle (from before the check existed) end the walk.
  const found = await db.query(
    `WITH RECURSIVE reach(id, depth) AS (
       SELECT $1::bigint, 0
       UNION
       SELECT e.${to}, r.depth + 1 FROM ${table} e JOIN reach r ON e.${from} = r.id
        WHERE e.autoid <> $3 AND e.${to} IS NOT NULL AND r.depth < 10000
     ) SELECT 1 FROM reach WHERE id = $2 LIMIT 1`,
    [end, start, self],
  );
  return (found.rowCount ?? 0) > 0;
}

/**
 * The checks that need the database, for a write about to happen: throws every failing one
 * under its fields (400), before anything is written. `siblings`: the rows going into the same
 * insert before this one, which a unique check counts as stored.
 */
export async function databaseChecks(
  db: Queryable,
  model: TableModel,
  w: CheckedWrite,
  tableOf: TableOf,
  principal: Principal,
  siblings: readonly Record<string, unknown>[] = [],
): Promise<void> {
  // A `when` on the record's own fields is judged first: a check it turns off reads nothing further.
  const checks = (model.table.checks ?? []).filter(
    (c) =>
      needsDatabase(c, model) &&
      changeApplies(c, w) &&
      (relatedPaths(c.when).length > 0 || evaluateRule(c.when, w.merged)),
  );
  if (!checks.length) return;
  const related = await relatedValues(
    db,
    model,
    w.merged,
    checks.flatMap((c) => [c.validWhen, c.when]),
    tableOf,
  );
  const failed: CheckDef[] = [];
  // Unknown codes are named after the check's own message.
  const unknownCodes: Record<string, FieldMessage[]> = {};
  // The row a unique check's refusal offers to open (`openExisting`): one order open per object.
  let existing: number | null = null;
  for (const c of checks) {
    if (!evaluateRule(c.when, w.merged, related)) continue;
    const duplicate = c.unique
      ? await duplicateOf(
          db,
          model,
          c.unique.map((n) => model.byName.get(n.toLowerCase())!),
          w,
          siblings,
        )
      : null;
    if (c.validWhen !== undefined && !evaluateRule(c.validWhen, w.merged, related)) failed.push(c);
    else if (duplicate !== null) {
      failed.push(c);
      if (c.openExisting && duplicate > 0) existing ??= duplicate;
    } else if (c.acyclic && (await closesCycle(db, model, c.acyclic, w))) failed.push(c);
    else if (c.codes) {
      const field = model.byName.get(c.codes.field.toLowerCase())!;
      const codes = codesIn(w.merged[field.name], c.codes.separator);
      const known = (await rowsByCodes(db, model, c.codes.list, codes, tableOf, principal)).rows;
      const unknown = codes.filter((code, i) => i >= MAX_CODES || !known.has(code));
      if (codes.length === 0 || unknown.length) {
        failed.push(c);
        if (unknown.length)
          unknownCodes[field.name] = [{ id: 'validation.unknown_codes', args: [unknown.slice(0, 20).join(', ')] }];
      }
    }
  }
  if (!failed.length) return;
  const named = await messageRelated(db, model, failed, w.merged, tableOf, principal);
  const problems = placeMessages(model, failed, {}, w.merged, { current: w.current, related: named });
  for (const [field, messages] of Object.entries(unknownCodes)) (problems[field] ??= []).push(...messages);
  const refusal = invalidFields(problems);
  // Offered only as the user may see it: a row they may not read is not named.
  if (existing !== null && (await mayRead(db, model, principal, existing)))
    throw new AppError(
      refusal.code,
      refusal.args,
      refusal.fields,
      { Open: { Table: model.table.name, AutoID: existing } },
      refusal.id,
    );
  throw refusal;
}

/** The checks that guard a delete (`onDelete`), judged on the stored row: the first that fails refuses it. */
export async function deleteChecks(
  db: Queryable,
  model: TableModel,
  stored: Record<string, unknown>,
  tableOf: TableOf,
  principal?: Principal,
): Promise<void> {
  const checks = (model.table.checks ?? []).filter((c) => c.onDelete && c.validWhen !== undefined);
  if (!checks.length) return;
  const related = await relatedValues(
    db,
    model,
    stored,
    checks.flatMap((c) => [c.validWhen, c.when]),
    tableOf,
  );
  const failed = checks.filter(
    (c) => evaluateRule(c.when, stored, related) && !evaluateRule(c.validWhen, stored, related),
  );
  if (!failed.length) return;
  const named = await messageRelated(db, model, failed, stored, tableOf, principal);
  throw invalidFields(placeMessages(model, failed, {}, stored, { current: stored, related: named }));
}
