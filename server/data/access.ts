// What the acting principal may see of a table's rows and fields, decided here and nowhere
// else. Every path that reads or writes pack tables goes through these functions: grids,
// items, counts, search, lookups, the text of list fields (<Field>_Descr), the existence check of
// a list value, saved views. A hidden field does not exist for the principal: it is absent from
// every answer and cannot be filtered, sorted, searched or written; a read-only one can be sent
// only unchanged. A row outside the principal's row limits, or of a table they may not read,
// is never shown, counted, joined, found by its text (a filter on a list's text) or accepted as a
// list value; a row that belongs to a record of another table (a document) is seen only with that
// record. Statements name a table's rows through table-sql.ts, which carries these conditions.
import type { EffectiveField, EffectiveTable } from '../../definitions/language/index.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import { AppError, invalidFields, type FieldMessage } from '../errors.ts';
import type { Queryable } from '../db/pool.ts';
import type { ListJoin, TableModel } from '../metadata/model.ts';
import { FieldVisibility, type Principal, type SqlFilter } from '../security/principal.ts';
import { blockedBy } from '../security/modules.ts';
import { Params } from './filters.ts';
import { ident } from '../db/sql.ts';
import { descrKey } from './values.ts';

export function hiddenFields(model: TableModel, principal: Principal): EffectiveField[] {
  const access = principal.fieldAccess(model.table);
  if (!access.size) return [];
  return model.table.fields.filter((f) => access.get(f.name.toLowerCase()) === FieldVisibility.Hidden);
}

export const isHidden = (table: EffectiveTable, principal: Principal, fieldName: string) =>
  principal.fieldAccess(table).get(fieldName.toLowerCase()) === FieldVisibility.Hidden;

export function withoutHidden(record: Record<string, unknown>, hidden: EffectiveField[]): Record<string, unknown> {
  if (!hidden.length) return record;
  const out = { ...record };
  for (const f of hidden) {
    delete out[f.name];
    delete out[descrKey(f)];
  }
  return out;
}

/**
 * The condition admitting the rows of `table` (under `alias`) the principal may see: 'false'
 * when they may not read the table, their row limit when they have one, else null (all rows).
 */
export function visibleRows(table: EffectiveTable, principal: Principal, alias: string, params: Params): string | null {
  if (!principal.can(table.right, 'read')) return 'false';
  return limits(table, principal, alias, params);
}

/** The principal's row limit on the table itself (its right was checked by the call). */
export function rowLimit(model: TableModel, principal: Principal, params: Params, alias = 't'): string | null {
  return limits(model.table, principal, alias, params);
}

/**
 * Refuses a write that leaves a row outside what the principal may see: a new row outside their
 * row limits, or their own row moved out of them. Runs after the write, in its transaction, on
 * the rows as written (defaults, numbers and copies included), so every write path — a save, an
 * action, an import row or a batch of them — is judged by the same condition as a read.
 */
export async function refuseRowsOutsideLimits(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  ids: readonly number[],
): Promise<void> {
  const outside = await rowsOutsideLimits(db, model, principal, ids);
  if (outside.length) throw new AppError('OUTSIDE_ROW_LIMITS', [model.table.label ?? model.table.name]);
}

/** Which of the rows (by AutoID) the principal could not see as they are now. */
export async function rowsOutsideLimits(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  ids: readonly number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const params = new Params();
  // A transition may move a record into a state the principal may not see (handed on for
  // approval): states are left out, the limits of their rows and records are not.
  const limit = limits(model.table, principal, 't', params, 0, false);
  if (!limit) return [];
  const list = params.add(ids);
  const seen = await db.query<{ autoid: string }>(
    `SELECT t.autoid FROM ${ident(model.table.sqlName)} t WHERE t.autoid = ANY(${list}::bigint[]) AND ${limit}`,
    params.values,
  );
  const admitted = new Set(seen.rows.map((r) => Number(r.autoid)));
  return ids.filter((id) => !admitted.has(id));
}

/** The row limits, the states the principal lacks the right to see and the records rows belong to, as one condition. */
function limits(
  table: EffectiveTable,
  principal: Principal,
  alias: string,
  params: Params,
  depth = 0,
  states = true,
): string | null {
  const parts = [
    bound(principal.rowFilter(table, alias), params),
    states ? unseenStates(table, principal, alias, params) : null,
    othersRows(table, principal, alias, params),
    unseenRecords(table, principal, alias, params, depth),
    unseenParents(table, principal, alias, params, depth),
    restrictedKinds(table, principal, alias, params),
  ].filter((p): p is string => !!p);
  return parts.length ? parts.join(' AND ') : null;
}

/** Rows that belong to rows that belong to … records: deeper than this admits nothing. */
const MAX_BELONGING_DEPTH = 3;

/**
 * A table whose rows belong to records of other tables (`belongsTo`, the documents of any
 * record): a row is seen only when its record is, in a table that shows such rows (a documents
 * tab) and that the principal may read, within their row limits there. Full access sees every
 * record, but a row whose record is gone is nobody's.
 */
function unseenRecords(
  table: EffectiveTable,
  principal: Principal,
  alias: string,
  params: Params,
  depth: number,
): string | null {
  const b = table.belongsTo;
  if (!b) return null;
  const column = (name: string) => table.fields.find((f) => f.name.toLowerCase() === name.toLowerCase())?.sqlName;
  const tableName = column(b.table);
  const record = column(b.record);
  if (!tableName || !record || depth >= MAX_BELONGING_DEPTH) return 'false';
  const a = ident(alias);
  const admitted = (table.owners ?? [])
    .filter((owner) => principal.can(owner.right, 'read'))
    .map((owner, i) => {
      const o = ident(`bt${depth}_${i}`);
      const inner = limits(owner, principal, `bt${depth}_${i}`, params, depth + 1);
      return `(${a}.${ident(tableName)} = ${params.add(owner.name)} AND EXISTS (SELECT 1 FROM ${ident(owner.sqlName)} ${o} WHERE ${o}.autoid = ${a}.${ident(record)}${inner ? ` AND ${inner}` : ''}))`;
    });
  return admitted.length ? `(${admitted.join(' OR ')})` : 'false';
}

/**
 * A child row (an order's line, a relation's address) is seen only with its parent record: the
 * parent's row limits and status rights hold for its children on every path. Costs nothing for a
 * user who sees every parent.
 */
function unseenParents(
  table: EffectiveTable,
  principal: Principal,
  alias: string,
  params: Params,
  depth: number,
): string | null {
  if (!table.parents?.length) return null;
  if (depth >= MAX_BELONGING_DEPTH) return 'false';
  const a = ident(alias);
  const parts = table.parents
    .map((p, i) => {
      const o = `pr${depth}_${i}`;
      const inner = limits(p.table, principal, o, params, depth + 1);
      return inner
        ? `(${a}.${ident(p.column)} IS NULL OR EXISTS (SELECT 1 FROM ${ident(p.table.sqlName)} ${ident(o)} WHERE ${ident(o)}.autoid = ${a}.${ident(p.column)} AND ${inner}))`
        : null;
    })
    .filter((p): p is string => !!p);
  return parts.length ? parts.join(' AND ') : null;
}

/**
 * A table whose rows have a kind of restricted access (`restrictedBy`: a document of a restricted
 * document kind): such a row is seen only by a member of a group the kind allows, and by full
 * access. A row without a kind, or of a kind that is not restricted, is not limited by it.
 */
function restrictedKinds(table: EffectiveTable, principal: Principal, alias: string, params: Params): string | null {
  const r = table.restriction;
  if (!r || principal.fullAccess) return null;
  const kind = `${ident(alias)}.${ident(r.column)}`;
  const groups = params.add([...(principal.groupIds ?? [])]);
  return `(${kind} IS NULL OR NOT EXISTS (SELECT 1 FROM ${ident(r.kinds.sqlName)} rk WHERE rk.autoid = ${kind} AND rk.${ident(r.flag)} IS TRUE) OR EXISTS (SELECT 1 FROM ${ident(r.groups.sqlName)} rg WHERE rg.${ident(r.parent)} = ${kind} AND rg.${ident(r.group)} = ANY(${groups}::bigint[])))`;
}

/** A table whose rows belong to users (`ownedBy`): each user sees their own, full access sees all. */
function othersRows(table: EffectiveTable, principal: Principal, alias: string, params: Params): string | null {
  const owner = table.ownedBy && table.fields.find((f) => f.name.toLowerCase() === table.ownedBy!.toLowerCase());
  if (!owner || principal.fullAccess) return null;
  return `${ident(alias)}.${ident(owner.sqlName)} = ${params.add(principal.userId)}`;
}

/** Records in a state whose right (a right per status list) the principal lacks are not theirs to see. */
function unseenStates(table: EffectiveTable, principal: Principal, alias: string, params: Params): string | null {
  const rights = table.stateRights;
  const hidden = rights?.states.filter((s) => !principal.can(s.right, 'read')) ?? [];
  if (!rights || !hidden.length) return null;
  const column = `${ident(alias)}.${ident(rights.column)}`;
  return `(${column} IS NULL OR ${column} NOT IN (${hidden.map((s) => params.add(s.value)).join(', ')}))`;
}

/** A row filter renumbered after the parameters already bound. */
function bound(filter: SqlFilter | null, params: Params): string | null {
  if (!filter) return null;
  const offset = params.values.length;
  params.values.push(...filter.params);
  return `(${filter.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
}

/**
 * Whether the principal reads a table's texts as reference data: it is marked so, they lack the
 * right to read it, and its module is active (a table of an inactive module stays closed).
 */
const readAsReference = (table: EffectiveTable, principal: Principal): boolean =>
  !!table.referenceData && !blockedBy(table.right) && !principal.can(table.right, 'read');

/**
 * The referenced rows (under `alias`) whose text the principal sees: none when the text field is
 * hidden from them, else the rows they may see — of reference data (groups, statuses, languages:
 * `referenceData`) also without the right to read its table, but never a row outside their row
 * limits there. The text of `_Descr` (table-sql.ts) and a filter on a list's text both use it, so a
 * filter finds a row by no text the grid would not show.
 */
export function listTextRows(join: ListJoin, principal: Principal, alias: string, params: Params): string | null {
  if (isHidden(join.ref, principal, join.textField)) return 'false';
  return readAsReference(join.ref, principal)
    ? limits(join.ref, principal, alias, params)
    : visibleRows(join.ref, principal, alias, params);
}

/**
 * The rights whose lack keeps rows of the table from the principal: the read rights of the states
 * (a right per status list) they may not see. Said to them beside a grid that shows fewer rows.
 */
export function unseenStateRights(table: EffectiveTable, principal: Principal): string[] {
  const states = table.stateRights?.states ?? [];
  return [...new Set(states.filter((s) => !principal.can(s.right, 'read')).map((s) => s.right))];
}

/**
 * The right whose lack leaves a list field's text empty for the principal (the right to read the
 * table it refers to), or null: they hold it, the table is reference data, or the text field is
 * hidden from them (a field limit, not a right, and not said).
 */
export function unreadTextRight(join: ListJoin, principal: Principal): string | null {
  if (isHidden(join.ref, principal, join.textField) || principal.can(join.ref.right, 'read')) return null;
  return readAsReference(join.ref, principal) ? null : (join.ref.right ?? null);
}

/**
 * Derived fields (`whenSourceHidden: "skip"`) not derived for the principal: a field their value
 * comes from is hidden from them. ("hide" ones are hidden from them by fieldAccess instead.)
 */
export function underivedFields(table: EffectiveTable, principal: Principal): Set<string> {
  const out = new Set<string>();
  for (const d of table.derivations ?? []) {
    if (d.whenSourceHidden === 'skip' && d.sources.some((s) => isHidden(s.table, principal, s.field))) out.add(d.field);
  }
  return out;
}

/** The table's search columns the principal may see. */
export function searchColumns(model: TableModel, principal: Principal): string[] {
  const hidden = new Set(hiddenFields(model, principal).map((f) => f.sqlName));
  return model.searchColumns.filter((c) => !hidden.has(c));
}

/**
 * Refuses what a principal may not write: a hidden field in any form (it does not exist for
 * them, and any answer would tell its value), a read-only field with another value than the
 * stored one. `stored` is the full stored row of an update, null for a new record.
 */
export function refuseLimitedChanges(
  model: TableModel,
  principal: Principal,
  input: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): void {
  const access = principal.fieldAccess(model.table);
  if (!access.size) return;
  const refused: Record<string, FieldMessage[]> = {};
  for (const [key, value] of Object.entries(input)) {
    const level = access.get(key.toLowerCase());
    const field = model.byName.get(key.toLowerCase());
    if (level === undefined || !field) continue;
    if (level === FieldVisibility.Hidden) {
      refused[key] = [{ id: 'validation.unknown_field', args: [key] }];
      continue;
    }
    const before = stored ? stored[field.name] : null;
    const unchanged =
      value === before || ((value === null || value === '') && (before === null || before === undefined));
    if (!unchanged) refused[field.name] = [{ id: 'validation.read_only', args: [labelled(field)] }];
  }
  if (Object.keys(refused).length) throw invalidFields(refused);
}
