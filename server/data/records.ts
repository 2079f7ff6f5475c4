// One record of a pack table: blank, read, saved (insert or optimistic update), deleted.
// Saving validates with the table's compiled record schema and its json-logic rules before
// any SQL runs, so the API and imports cannot bypass what a form enforces.
import type { ErrorObject } from 'ajv';
import { evaluateRule, MODULES, type EffectiveField, type RightAction } from '../../definitions/language/index.ts';
import { blockedBy } from '../security/modules.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { AppError, badRequest, forbidden, invalidFields, notFound, type FieldMessage } from '../errors.ts';
import { inTransaction, type Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { announceWrite, tableWritten } from './cache.ts';
import { hiddenFields, refuseLimitedChanges, refuseRowsOutsideLimits, rowLimit, underivedFields, visibleRows, withoutHidden } from './access.ts';
import { hashPassword } from '../security/passwords.ts';
import { Params } from './filters.ts';
import { translatePgError } from './pg-errors.ts';
import { selectFrom } from './select.ts';
import { ident } from '../db/sql.ts';
import { descrKey, hasDescr, normaliseInput, recordFromRow, sqlValue } from './values.ts';
import { fileValuesExist } from './file-values.ts';
import { catalogueProblems } from './catalogues.ts';
import { belongingRecordVisible } from './belonging.ts';
import { drawNumber } from './numbering.ts';
import { writeStatusLog } from './statuslog.ts';
import { changeApplies, databaseChecks, deleteChecks, needsDatabase, placeMessages } from './record-checks.ts';
import { recordBehavioursOf } from './record-behaviours.ts';
import { relatedValues, type TableOf } from './related.ts';
import { writeChangeLogs } from './change-logs.ts';
import { retypeValues } from './typed-properties.ts';
import { computeValues } from './computed.ts';
import { totalsFollow } from './rollups.ts';
import { recordChanged } from './events.ts';
import type pg from 'pg';

const WRITES: ReadonlySet<RightAction> = new Set(['create', 'update', 'delete', 'createorupdate']);

export function authorize(model: TableModel, principal: Principal, action: RightAction): void {
  // Rows the engine alone writes (a licence's activations, kept as their history): no call of a
  // user makes, changes or deletes them, whatever the user's rights.
  if (model.table.readOnly && WRITES.has(action) && principal.userId !== 0) throw new AppError('NO_RIGHTS', [model.table.name], {}, {}, 'errors.read_only_table');
  if (principal.can(model.table.right, action)) return;
  // Closed by the licence rather than by the user's rights: say which module.
  const module = blockedBy(model.table.right);
  throw module ? new AppError('MODULE_INACTIVE', [MODULES[module]]) : forbidden();
}

/** Client-set values of these are ignored: the server keeps them (documented in README). */
const IGNORED = new Set(['createdate', 'createdby', 'modifiedby']);

function parseAutoId(value: unknown, what = 'autoid'): number {
  const n = typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw badRequest('request.not_negative', what);
  return n;
}

export function autoIdOf(body: unknown, query: unknown): number {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).autoid ?? (body as Record<string, unknown>).AutoID : undefined;
  const fromQuery = query && typeof query === 'object' ? (query as Record<string, unknown>).autoid ?? (query as Record<string, unknown>).AutoID : undefined;
  const value = fromBody ?? fromQuery;
  if (value === undefined) throw badRequest('request.required', 'autoid');
  return parseAutoId(value);
}

export function blankRecord(model: TableModel): Record<string, unknown> {
  const record: Record<string, unknown> = { AutoID: 0 };
  for (const field of model.table.fields) {
    record[field.name] = field.default ?? (field.type === 'bool' ? false : null);
    if (hasDescr(field)) record[descrKey(field)] = null;
  }
  if (model.table.archivable) record.Archive = false;
  record.TimeStamp = 0;
  return record;
}

/**
 * The stored record with every field, if the row is within the principal's row limits. Only
 * for merging a save into: answers go through readRecord.
 */
export async function readStored(db: Queryable, model: TableModel, principal: Principal, autoId: number, lock = false): Promise<Record<string, unknown>> {
  // Merged into, never answered: without the texts of its list fields, which cost a subquery each.
  return readRow(db, model, principal, autoId, lock, false);
}

async function readRow(db: Queryable, model: TableModel, principal: Principal, autoId: number, lock: boolean, texts: boolean): Promise<Record<string, unknown>> {
  const params = new Params();
  const where = [`t.autoid = ${params.add(autoId)}`];
  const select = selectFrom(model, model.table.fields, principal, params, true, texts);
  const limit = rowLimit(model, principal, params);
  if (limit) where.push(limit);
  const row = (await db.query(`${select} WHERE ${where.join(' AND ')}${lock ? ' FOR UPDATE OF t' : ''}`, params.values)).rows[0];
  if (!row) throw notFound();
  return recordFromRow(model, row);
}

/**
 * The stored records whose fields hold the given values (null: empty; a list: any of them), with
 * every field, within the principal's row limits, in AutoID order; locked with `lock`. One
 * statement for the child rows a transition applies to, or for the rows it changes along.
 */
export async function readStoredWhere(
  db: Queryable, model: TableModel, principal: Principal, match: [EffectiveField | 'AutoID', unknown][], lock = false,
): Promise<Record<string, unknown>[]> {
  const params = new Params();
  const where = match.map(([f, v]) => {
    const column = `t.${f === 'AutoID' ? 'autoid' : ident(f.sqlName)}`;
    const value = (x: unknown) => (f === 'AutoID' ? Number(x) : sqlValue(f, x));
    if (Array.isArray(v)) return `${column} = ANY(${params.add(v.map(value))})`;
    return v === null || v === undefined ? `${column} IS NULL` : `${column} = ${params.add(value(v))}`;
  });
  // Merged into, never answered: without the texts of its list fields, which cost a subquery each.
  const select = selectFrom(model, model.table.fields, principal, params, true, false);
  const limit = rowLimit(model, principal, params);
  if (limit) where.push(limit);
  const rows = (await db.query(`${select} WHERE ${where.join(' AND ')} ORDER BY t.autoid${lock ? ' FOR UPDATE OF t' : ''}`, params.values)).rows;
  return rows.map((row) => recordFromRow(model, row));
}

export async function readRecord(db: Queryable, model: TableModel, principal: Principal, autoId: number): Promise<Record<string, unknown>> {
  return withoutHidden(await readRow(db, model, principal, autoId, false, true), hiddenFields(model, principal));
}

function fieldMessages(model: TableModel, errors: ErrorObject[], input: Record<string, unknown>): Record<string, FieldMessage[]> {
  const out: Record<string, FieldMessage[]> = {};
  const add = (field: string, m: FieldMessage) => { (out[field] ??= []).push(m); };
  for (const e of errors) {
    const name = e.instancePath.split('/')[1] ?? (e.params as { missingProperty?: string }).missingProperty ?? 'AutoID';
    const value = input[name];
    switch (e.keyword) {
      case 'maxLength': add(name, { id: 'validation.max_length', args: [(e.params as { limit: number }).limit, String(value).length] }); break;
      case 'minimum': add(name, { id: 'validation.min', args: [name, (e.params as { limit: number }).limit] }); break;
      case 'maximum': add(name, { id: 'validation.max', args: [name, (e.params as { limit: number }).limit] }); break;
      case 'x-digits': {
        const d = model.validate.schema as any;
        const limits = d.properties[name]['x-digits'];
        add(name, { id: 'validation.digits', args: [name, limits.integers, limits.decimals] });
        break;
      }
      case 'enum': add(name, { id: 'validation.option', args: [name] }); break;
      default: add(name, { id: 'validation.invalid', args: [name] });
    }
  }
  // ajv reports a failing union per branch; one message per field and rule is enough, and a
  // value out of range needs no digit message besides.
  for (const k of Object.keys(out)) {
    const ranged = out[k].some((m) => m.id === 'validation.min' || m.id === 'validation.max');
    out[k] = out[k].filter((m, i, all) => all.findIndex((x) => x.id === m.id) === i && !(ranged && m.id === 'validation.digits'));
  }
  return out;
}

/**
 * Checks a save payload: known fields only, right types, limits, rules, catalogue codes. Answers
 * the values to write, by field. `current` is the stored record for an update; `principal` the
 * acting user, whose catalogue entries a code must be among (absent for seeds, definitions).
 */
export function checkInput(
  model: TableModel, body: Record<string, unknown>, current: Record<string, unknown> | null,
  opts: { statusChange?: boolean; byDefinition?: boolean; principal?: Principal; copies?: ReadonlySet<string> } = {},
): Map<EffectiveField | 'archive', unknown> {
  const unknown: Record<string, FieldMessage[]> = {};
  const input: Record<string, unknown> = {};
  const listDescr = new Set(model.table.fields.filter(hasDescr).map((f) => descrKey(f).toLowerCase()));
  for (const [key, value] of Object.entries(body)) {
    const lower = key.toLowerCase();
    if (lower === 'autoid' || lower === 'timestamp' || IGNORED.has(lower) || listDescr.has(lower)) continue;
    if (lower === 'archive' && model.table.archivable) { input.Archive = value; continue; }
    const field = model.byName.get(lower);
    if (!field) { unknown[key] = [{ id: 'validation.unknown_field', args: [key] }]; continue; }
    input[field.name] = normaliseInput(field, value);
  }
  if (Object.keys(unknown).length) throw invalidFields(unknown);

  // The record as it will be: stored values overlaid with the input, for rules and required.
  const merged: Record<string, unknown> = { ...(current ?? blankRecord(model)), ...input };
  const values = new Map<EffectiveField | 'archive', unknown>();
  if (!current && !opts.statusChange && !opts.byDefinition) refuseLaterState(model, input);
  for (const field of model.table.fields) {
    if (!Object.hasOwn(input, field.name)) continue;
    if (current && input[field.name] !== current[field.name] && !(isEmptyValue(input[field.name]) && isEmptyValue(current[field.name] ?? null))) {
      // A parent key stays; a status moves only through its workflow's transitions.
      if (field.fixed) throw invalidFields({ [field.name]: [{ id: 'validation.fixed', args: [field.name] }] });
      if (field === model.workflow?.field && !opts.statusChange) throw invalidFields({ [field.name]: [{ id: 'validation.status_transition', args: [field.name] }] });
    }
    // A field the form shows read-only is still written by what the definitions do (a
    // transition's or an action's `set`); a user's input to it is ignored.
    const enabled = opts.byDefinition || opts.copies?.has(field.name) || (field.enabled !== false && evaluateRule(field.enabledWhen, merged));
    if (!enabled) { merged[field.name] = current ? current[field.name] : blankRecord(model)[field.name]; continue; }
    values.set(field, input[field.name]);
  }
  if (Object.hasOwn(input, 'Archive')) values.set('archive', input.Archive);

  const checked: Record<string, unknown> = {};
  for (const [k, v] of values) checked[k === 'archive' ? 'Archive' : k.name] = v;
  const problems: Record<string, FieldMessage[]> = model.validate(checked) ? {} : fieldMessages(model, model.validate.errors ?? [], checked);
  for (const field of model.table.fields) {
    if (problems[field.name]) continue;
    // The required flag an administrator sets in the site layer is enforced by the interface
    // only (spec 2 section 5); required from a pack, and requiredWhen rules, hold for every caller.
    const requiredHere = (field.required === true && field.origin.required?.layer !== 'site') || (field.requiredWhen !== undefined && evaluateRule(field.requiredWhen, merged));
    const visible = evaluateRule(field.visibleWhen, merged);
    if (requiredHere && visible && isEmptyValue(merged[field.name])) problems[field.name] = [{ id: 'validation.required', args: [field.name] }];
  }
  // Rules across fields: the record is valid when each check's rule holds. Checks that need the
  // database (referenced rows, uniqueness, cycles) follow in databaseChecks.
  const write = { merged, current, written: new Set(Object.keys(checked)) };
  placeMessages(model, (model.table.checks ?? []).filter((c) => !needsDatabase(c, model) && changeApplies(c, write)
    && evaluateRule(c.when, merged) && !evaluateRule(c.validWhen, merged)), problems, merged);
  // A catalogue code must be a known entry (the user may see), its actions ones the entry has.
  for (const [name, messages] of Object.entries(catalogueProblems(model, values, current, merged, opts.principal))) problems[name] ??= messages;
  if (Object.keys(problems).length) throw invalidFields(problems);
  return values;
}

/**
 * A new record starts in its workflow's first state (the status field's default, else the first
 * state listed): any later state is reached by a transition, with its right, prompts and log.
 */
function refuseLaterState(model: TableModel, input: Record<string, unknown>): void {
  const wf = model.workflow;
  if (!wf || !Object.hasOwn(input, wf.field.name) || isEmptyValue(input[wf.field.name] ?? null)) return;
  const initial = wf.field.default ?? wf.def.states[0].value;
  if (String(input[wf.field.name]) === String(initial)) return;
  const label = wf.def.states.find((s) => String(s.value) === String(initial))?.label ?? String(initial);
  throw invalidFields({ [wf.field.name]: [{ id: 'validation.initial_state', args: [wf.field.name, label] }] });
}

/**
 * A list value must name a row the principal may see (the rows their lookup offers); a value
 * the record already holds stays, whoever set it.
 */
async function listValuesExist(
  db: Queryable, model: TableModel, principal: Principal, values: Map<EffectiveField | 'archive', unknown>, stored: Record<string, unknown> | null,
): Promise<void> {
  const problems: Record<string, FieldMessage[]> = {};
  // One statement for every list value given anew: 1 a row the principal sees, 2 one archived
  // (the lookup does not offer it, so it cannot be chosen anew either), null none.
  const params = new Params();
  const asked = model.listJoins.filter((join) => {
    const v = values.get(join.field);
    return !(v === null || v === undefined || (stored && stored[join.field.name] === v));
  });
  if (!asked.length) return;
  const columns = asked.map((join, i) => {
    const where = [`j.autoid = ${params.add(values.get(join.field))}`];
    const rows = visibleRows(join.ref, principal, 'j', params);
    if (rows) where.push(rows);
    const archived = join.ref.archivable ? 'j.archive' : 'false';
    return `(SELECT CASE WHEN ${archived} THEN 2 ELSE 1 END FROM ${ident(join.ref.sqlName)} j WHERE ${where.join(' AND ')}) AS v${i}`;
  });
  const found = (await db.query(`SELECT ${columns.join(', ')}`, params.values)).rows[0];
  asked.forEach((join, i) => {
    const state = found[`v${i}`];
    if (state === null) problems[join.field.name] = [{ id: 'validation.list_value', args: [join.field.name] }];
    else if (Number(state) === 2) problems[join.field.name] = [{ id: 'validation.list_archived', args: [join.field.name] }];
  });
  if (Object.keys(problems).length) throw invalidFields(problems);
}

/**
 * Fields taken from a referenced row (`defaultFrom`): on create, and when the write changes the
 * reference. An editable field takes it while it is empty (a line's description from its product;
 * a value given is kept). A read-only one is a copy that follows its reference (a receipt item's
 * purchase order, from its purchase order line) and no input sets it. Filled into the input, so
 * the field's own checks judge the value. Answers the copies, which the write takes as given.
 */
async function defaultsFrom(
  db: Queryable, model: TableModel, principal: Principal, record: Record<string, unknown>, current: Record<string, unknown> | null, tableOf: TableOf,
): Promise<Set<string>> {
  const copies = new Set<string>();
  // Read as the principal reads: a value from a field or a row they may not see is not theirs to
  // take (fields hidden with their source are hidden from them, so never answered).
  const underived = underivedFields(model.table, principal);
  const fields = model.table.fields.filter((f) => f.defaultFrom && !underived.has(f.name.toLowerCase()));
  if (!fields.length) return copies;
  const merged = { ...(current ?? {}), ...record };
  const referenceOf = (f: EffectiveField) => model.byName.get(f.defaultFrom!.split('.')[0].toLowerCase())!.name;
  const wanted = fields.filter((f) => {
    const reference = referenceOf(f);
    const changes = current === null || (Object.hasOwn(record, reference) && record[reference] !== current[reference]);
    return changes && (f.enabled === false || isEmptyValue(merged[f.name] ?? null));
  });
  if (!wanted.length) return copies;
  const related = wanted.some((f) => !isEmptyValue(merged[referenceOf(f)] ?? null))
    ? await relatedValues(db, model, merged, wanted.map((f) => ({ var: f.defaultFrom! })), tableOf, principal) : null;
  for (const f of wanted) {
    const value = isEmptyValue(merged[referenceOf(f)] ?? null) ? null : related?.get(f.defaultFrom!) ?? null;
    if (f.enabled === false) {
      record[f.name] = value;
      copies.add(f.name);
    } else if (value !== null) record[f.name] = value;
  }
  return copies;
}

/** A password is stored as its hash; an empty one leaves the stored password as it is. */
async function hashPasswords(values: Map<EffectiveField | 'archive', unknown>): Promise<Map<EffectiveField | 'archive', unknown>> {
  for (const [f, v] of values) {
    if (f === 'archive' || f.type !== 'password') continue;
    if (v === null || v === undefined || v === '') values.delete(f);
    else values.set(f, await hashPassword(String(v)));
  }
  return values;
}

/** Inserts checked values, with the defaults of fields left out; answers the new AutoID. */
export async function insertRow(db: Queryable, model: TableModel, values: Map<EffectiveField | 'archive', unknown>, username: string): Promise<number> {
  const cols = ['createdby', 'modifiedby'];
  const params: unknown[] = [username, username];
  for (const [f, v] of values) { cols.push(f === 'archive' ? 'archive' : f.sqlName); params.push(f === 'archive' ? v : sqlValue(f, v)); }
  for (const f of model.table.fields) {
    if (!values.has(f) && f.default !== undefined && f.default !== null) { cols.push(f.sqlName); params.push(sqlValue(f, f.default)); }
  }
  const inserted = await db.query<{ autoid: number }>(
    `INSERT INTO ${ident(model.table.sqlName)} (${cols.map(ident).join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING autoid`, params);
  // Whatever path inserts (a save, a download request, a licence, a seed), counts move with it.
  await announceWrite(db, model.table.sqlName);
  return inserted.rows[0].autoid;
}

/** Writes checked values into a stored row, bumping its TimeStamp. */
export async function updateRow(db: Queryable, model: TableModel, autoId: number, values: Map<EffectiveField | 'archive', unknown>, username: string): Promise<void> {
  const params: unknown[] = [autoId, username];
  const sets = ['timestamp = timestamp + 1', 'modifiedby = $2'];
  for (const [f, v] of values) {
    params.push(f === 'archive' ? v : sqlValue(f, v));
    sets.push(`${ident(f === 'archive' ? 'archive' : f.sqlName)} = $${params.length}`);
  }
  await db.query(`UPDATE ${ident(model.table.sqlName)} SET ${sets.join(', ')} WHERE autoid = $1`, params);
  // A count filtered on a changed field moves too.
  await announceWrite(db, model.table.sqlName);
}

/**
 * A table's behaviour after a write, inside the write's transaction: a failure undoes the
 * write. Tables name theirs in the definition (`behaviour`); most have none.
 */
export interface WriteHooks {
  /** Checks (and may adjust) the payload before validation, inside the write's transaction. */
  beforeWrite?(client: pg.PoolClient, input: Record<string, unknown>, principal: Principal): Promise<void>;
  afterWrite(client: pg.PoolClient, change: { before: Record<string, unknown> | null; after: Record<string, unknown> | null; written: string[]; principal: Principal }): Promise<void>;
}

/** What a write needs besides the record: other tables (a numbering's counters), a transition. */
export interface WriteContext {
  tableOf: (name: string) => TableModel | undefined;
  hooks?: WriteHooks;
  /** The changes come from the definitions (a transition, an action's set): read-only fields take them. */
  byDefinition?: boolean;
  /** Set by a workflow transition: its status `field` may change, and the log row says which transition. */
  transition?: { name: string; field: string; reason?: string | null; comment?: string | null; date?: string | null };
}

/** The names of the fields a write gives values. */
const writtenNames = (values: Map<EffectiveField | 'archive', unknown>) => [...values.keys()].map((f) => (f === 'archive' ? 'Archive' : f.name));

/** The record as a write leaves it: the stored (or blank) record with the checked values over it. */
function mergedOf(model: TableModel, current: Record<string, unknown> | null, values: Map<EffectiveField | 'archive', unknown>, autoId: number) {
  const merged: Record<string, unknown> = { ...(current ?? blankRecord(model)), AutoID: autoId };
  for (const [f, v] of values) merged[f === 'archive' ? 'Archive' : f.name] = v;
  return { merged, current, written: new Set(writtenNames(values)) };
}

/** Inserts a new record inside the caller's transaction; answers its AutoID and the fields written. */
export async function createIn(
  client: pg.PoolClient, model: TableModel, principal: Principal, record: Record<string, unknown>, ctx: WriteContext,
): Promise<{ id: number; written: string[] }> {
  authorize(model, principal, 'create');
  await ctx.hooks?.beforeWrite?.(client, record, principal);
  refuseLimitedChanges(model, principal, record, null);
  const copies = await defaultsFrom(client, model, principal, record, null, ctx.tableOf);
  if (model.table.numbering) await drawNumber(client, model, ctx.tableOf, record);
  const values = await hashPasswords(checkInput(model, record, null, { principal, byDefinition: ctx.byDefinition, copies }));
  await addComputed(client, model, null, values, principal, ctx.tableOf);
  await listValuesExist(client, model, principal, values, null);
  await fileValuesExist(client, model, principal, values, null);
  await belongingRecordVisible(client, model, principal, values);
  const { merged } = mergedOf(model, null, values, 0);
  await databaseChecks(client, model, { merged, current: null, written: new Set(writtenNames(values)) }, ctx.tableOf, principal);
  const behaviours = recordBehavioursOf(model);
  for (const b of behaviours) await b.check?.(client, model, merged, null, ctx.tableOf);
  const id = await insertRow(client, model, values, principal.username);
  await refuseRowsOutsideLimits(client, model, principal, [id]);
  await logChanges(client, model, id, null, values, principal, ctx);
  await writeChangeLogs(client, model, id, null, values, principal, ctx);
  for (const b of behaviours) await b.written?.(client, model, { ...merged, AutoID: id }, null, ctx.tableOf);
  await totalsFollow(client, model, merged, null, ctx.tableOf);
  await recordChanged(client, model, id, 'created');
  return { id, written: writtenNames(values) };
}

/**
 * Updates a stored record inside the caller's transaction, merging the input into the stored
 * row (locked). `stamp` is the TimeStamp the client read (a save), absent for an action.
 * Answers the full stored row before the change and the fields written.
 */
export async function updateIn(
  client: pg.PoolClient, model: TableModel, principal: Principal, autoId: number, record: Record<string, unknown>, ctx: WriteContext, stamp?: number,
  locked?: Record<string, unknown>,
): Promise<{ current: Record<string, unknown>; written: string[] }> {
  authorize(model, principal, 'update');
  await ctx.hooks?.beforeWrite?.(client, record, principal);
  // The stored row with every field (`locked` when the caller read it FOR UPDATE already): the
  // input is merged into it, so a field the principal cannot see or change keeps its value and
  // still counts for rules and required fields.
  const current = locked ?? await readStored(client, model, principal, autoId, true);
  if (stamp !== undefined && current.TimeStamp !== stamp) {
    throw new AppError('CONCURRENCY', [], {}, { Current: { TimeStamp: current.TimeStamp, ModifiedBy: current.ModifiedBy } });
  }
  refuseLimitedChanges(model, principal, record, current);
  const copies = await defaultsFrom(client, model, principal, record, current, ctx.tableOf);
  const values = await hashPasswords(checkInput(model, record, current, {
    statusChange: ctx.transition?.field === model.workflow?.field.name, byDefinition: ctx.byDefinition, principal, copies,
  }));
  await addComputed(client, model, current, values, principal, ctx.tableOf);
  await listValuesExist(client, model, principal, values, current);
  await fileValuesExist(client, model, principal, values, current);
  const write = mergedOf(model, current, values, autoId);
  await databaseChecks(client, model, write, ctx.tableOf, principal);
  const behaviours = recordBehavioursOf(model);
  for (const b of behaviours) await b.check?.(client, model, write.merged, current, ctx.tableOf);
  await updateRow(client, model, autoId, values, principal.username);
  await refuseRowsOutsideLimits(client, model, principal, [autoId]);
  await logChanges(client, model, autoId, current, values, principal, ctx);
  await writeChangeLogs(client, model, autoId, current, values, principal, ctx);
  for (const b of behaviours) await b.written?.(client, model, write.merged, current, ctx.tableOf);
  await totalsFollow(client, model, write.merged, current, ctx.tableOf);
  const typeField = model.table.typedProperties && model.byName.get(model.table.typedProperties.typeField.toLowerCase())!;
  if (typeField && values.has(typeField) && values.get(typeField) !== current[typeField.name]) await retypeValues(client, model, autoId, values.get(typeField), principal, ctx.tableOf);
  await recordChanged(client, model, autoId, 'updated');
  return { current, written: writtenNames(values) };
}

/** A status log row per changed field that is logged: the workflow's field, or one marked logChanges. */
async function logChanges(
  client: pg.PoolClient, model: TableModel, id: number, current: Record<string, unknown> | null, values: Map<EffectiveField | 'archive', unknown>, principal: Principal, ctx: WriteContext,
): Promise<void> {
  for (const [f, to] of values) {
    const moved = f !== 'archive' && ctx.transition?.field === f.name;
    if (f === 'archive' || !(f.logChanges || f === model.workflow?.field || moved)) continue;
    const from = current ? current[f.name] ?? null : null;
    if (from === to || (from === null && (to === null || to === undefined))) continue;
    const t = moved ? ctx.transition : undefined;
    await writeStatusLog(client, model, id, { field: f, transition: t?.name, from, to, reason: t?.reason, comment: t?.comment, date: t?.date }, principal.username);
  }
}

export async function saveRecord(pool: pg.Pool, model: TableModel, principal: Principal, body: unknown, ctx: WriteContext): Promise<Record<string, unknown>> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request.body_object');
  const sent = body as Record<string, unknown>;
  const autoId = sent.AutoID === undefined || sent.AutoID === null ? 0 : parseAutoId(sent.AutoID, 'AutoID');
  authorize(model, principal, autoId === 0 ? 'create' : 'update');
  // A table whose every field the server fills (import tasks, download requests) takes no new
  // record from a caller: it would be an empty row in a state no process started.
  if (autoId === 0 && !ctx.byDefinition && !model.table.fields.some((f) => f.enabled !== false)) throw forbidden();
  try {
    return await inTransaction(pool, async (client) => {
      // A copy per run: the write adjusts it (a drawn number, copied defaults, the password's
      // repetition taken out), and a run again after a conflict starts from what was sent.
      const record = structuredClone(sent);
      let id = autoId;
      let before: Record<string, unknown> | null = null;
      let written: string[];
      if (autoId === 0) {
        ({ id, written } = await createIn(client, model, principal, record, ctx));
      } else {
        if (record.TimeStamp === undefined || record.TimeStamp === null) {
          throw invalidFields({ TimeStamp: [{ id: 'validation.timestamp_required', args: [] }] });
        }
        const update = await updateIn(client, model, principal, autoId, record, ctx, parseAutoId(record.TimeStamp, 'TimeStamp'));
        before = withoutHidden(update.current, hiddenFields(model, principal));
        written = update.written;
      }
      const saved = await readRecord(client, model, principal, id);
      await ctx.hooks?.afterWrite(client, { before, after: saved, written, principal });
      await announceWrite(client, model.table.sqlName);
      return saved;
    }, { rerunnable: true });
  } catch (err) {
    throw translatePgError(model, err);
  } finally {
    // After the commit (or the rollback): a count read meanwhile saw the rows as they were.
    tableWritten(model.table.sqlName);
  }
}

/**
 * Rows another path changed beside the record path (a merge re-pointing references to a record):
 * their table's record behaviours run on them as they now stand, so what is derived from them
 * (an order's totals) follows.
 */
export async function rowsRewritten(client: pg.PoolClient, model: TableModel, ids: readonly number[], tableOf: TableOf): Promise<void> {
  const behaviours = recordBehavioursOf(model);
  if (!behaviours.length && !model.feeds.length) return;
  for (const id of ids) {
    const row = (await client.query(`SELECT * FROM ${ident(model.table.sqlName)} WHERE autoid = $1`, [id])).rows[0];
    if (!row) continue;
    const record = recordFromRow(model, row);
    for (const b of behaviours) await b.written?.(client, model, record, null, tableOf);
    await totalsFollow(client, model, record, null, tableOf);
  }
}

/**
 * The computed fields' values join a write's checked values: computed from the record as the
 * write leaves it, whatever was sent for them (they are read-only on every path).
 */
export async function addComputed(
  client: Queryable, model: TableModel, current: Record<string, unknown> | null, values: Map<EffectiveField | 'archive', unknown>, principal: Principal, tableOf: TableOf,
): Promise<void> {
  // A new record's totals are over no rows yet: a sum and a count are 0.
  if (!current) for (const r of model.rollups) if (r.op === 'sum' || r.op === 'count') values.set(r.field, 0);
  if (!model.computed.length) return;
  const merged: Record<string, unknown> = { ...(current ?? blankRecord(model)) };
  for (const [f, v] of values) merged[f === 'archive' ? 'Archive' : f.name] = v;
  for (const [field, value] of await computeValues(client, model, merged, tableOf, principal)) values.set(field, value);
}

/**
 * Deletes a record the principal may see inside the caller's transaction. `tableOf` lets the
 * checks that guard a delete read referenced rows (a processed receipt keeps its lines).
 */
export async function deleteIn(client: pg.PoolClient, model: TableModel, principal: Principal, autoId: number, hooks?: WriteHooks, tableOf?: TableOf): Promise<void> {
  authorize(model, principal, 'delete');
  const stored = await readStored(client, model, principal, autoId, true);
  if (tableOf) await deleteChecks(client, model, stored, tableOf);
  const before = withoutHidden(stored, hiddenFields(model, principal));
  await client.query(`DELETE FROM ${ident(model.table.sqlName)} WHERE autoid = $1`, [autoId]);
  await announceWrite(client, model.table.sqlName);
  if (tableOf) for (const b of recordBehavioursOf(model)) await b.written?.(client, model, null, stored, tableOf);
  if (tableOf) await totalsFollow(client, model, null, stored, tableOf);
  await recordChanged(client, model, autoId, 'deleted');
  await hooks?.afterWrite(client, { before, after: null, written: [], principal });
}

export async function deleteRecord(pool: pg.Pool, model: TableModel, principal: Principal, autoId: number, hooks: WriteHooks | undefined, tableOf: TableOf): Promise<void> {
  try {
    await inTransaction(pool, async (client) => {
      await deleteIn(client, model, principal, autoId, hooks, tableOf);
      await announceWrite(client, model.table.sqlName);
    }, { rerunnable: true });
    tableWritten(model.table.sqlName);
  } catch (err) {
    throw translatePgError(model, err, true);
  }
}

