// One record of a pack table: blank, read as the principal may see it, and its input checked
// (normalised, validated against the compiled record schema and the json-logic rules) before
// the write pipeline (write.ts) writes it.
import type { ErrorObject } from 'ajv';
import {
  evaluateRule,
  MODULES,
  today,
  type EffectiveField,
  type RightAction,
} from '../../definitions/language/index.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import { blockedBy } from '../security/modules.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { AppError, badRequest, forbidden, invalidFields, notFound, type FieldMessage } from '../errors.ts';
import type { Queryable } from '../db/pool.ts';
import { memoRead } from '../db/read-memo.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { USERS_TABLE } from '../security/principal-of.ts';
import { hiddenFields, withoutHidden } from './access.ts';
import { Params } from './filters.ts';
import { selectColumns } from './select.ts';
import { limited, seen } from './table-sql.ts';
import { ident } from '../db/sql.ts';
import { descrKey, hasDescr, normaliseInput, recordFromRow, sqlValue } from './values.ts';
import { catalogueProblems } from './catalogues.ts';
import { changeApplies, needsDatabase, placeMessages } from './record-checks.ts';
import { filterSources, outsideFilter } from './list-filter.ts';
import type { TableOf } from './related.ts';

const WRITES: ReadonlySet<RightAction> = new Set(['create', 'update', 'delete', 'createorupdate']);

export function authorize(model: TableModel, principal: Principal, action: RightAction): void {
  // Rows the engine alone writes (a licence's activations, kept as their history): no call of a
  // user makes, changes or deletes them, whatever the user's rights.
  if (model.table.readOnly && WRITES.has(action) && principal.userId !== 0)
    throw new AppError('NO_RIGHTS', [model.table.name], {}, {}, 'errors.read_only_table');
  if (principal.can(model.table.right, action)) return;
  // Closed by the licence rather than by the user's rights: say which module.
  const module = blockedBy(model.table.right);
  throw module ? new AppError('MODULE_INACTIVE', [MODULES[module]]) : forbidden();
}

/** Client-set values of these are ignored: the server keeps them (documented in docs/api-guide.md). */
const IGNORED = new Set(['createdate', 'createdby', 'modifiedby']);

export function parseAutoId(value: unknown, what = 'autoid'): number {
  const n = typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw badRequest('request.not_negative', what);
  return n;
}

export function autoIdOf(body: unknown, query: unknown): number {
  const fromBody =
    body && typeof body === 'object'
      ? ((body as Record<string, unknown>).autoid ?? (body as Record<string, unknown>).AutoID)
      : undefined;
  const fromQuery =
    query && typeof query === 'object'
      ? ((query as Record<string, unknown>).autoid ?? (query as Record<string, unknown>).AutoID)
      : undefined;
  const value = fromBody ?? fromQuery;
  if (value === undefined) throw badRequest('request.required', 'autoid');
  return parseAutoId(value);
}

export function blankRecord(model: TableModel): Record<string, unknown> {
  const record: Record<string, unknown> = { AutoID: 0 };
  for (const field of model.table.fields) {
    // A date field's default `$today` is the day the record is begun (an order's date).
    const initial = field.default === '$today' && field.type === 'date' ? today() : field.default;
    record[field.name] = initial ?? (field.type === 'bool' ? false : null);
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
export async function readStored(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  autoId: number,
  lock = false,
): Promise<Record<string, unknown>> {
  // Merged into, never answered: without the texts of its list fields, which cost a subquery each.
  return readRow(db, model, principal, autoId, lock, false);
}

async function readRow(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  autoId: number,
  lock: boolean,
  texts: boolean,
): Promise<Record<string, unknown>> {
  const params = new Params();
  const where = [`t.autoid = ${params.add(autoId)}`];
  const select = selectColumns(model, model.table.fields, principal, params, true, texts);
  const rows = limited(model, principal, 't', params);
  const row = (await db.query(`${select} ${rows.from(where)}${lock ? ' FOR UPDATE OF t' : ''}`, params.values)).rows[0];
  if (!row) throw notFound();
  return recordFromRow(model, row);
}

/**
 * The stored records whose fields hold the given values (null: empty; a list: any of them), with
 * every field, within the principal's row limits, in AutoID order; locked with `lock`. One
 * statement for the child rows a transition applies to, or for the rows it changes along.
 */
export async function readStoredWhere(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  match: [EffectiveField | 'AutoID', unknown][],
  lock = false,
): Promise<Record<string, unknown>[]> {
  const params = new Params();
  const where = match.map(([f, v]) => {
    const column = `t.${f === 'AutoID' ? 'autoid' : ident(f.sqlName)}`;
    const value = (x: unknown) => (f === 'AutoID' ? Number(x) : sqlValue(f, x));
    if (Array.isArray(v)) return `${column} = ANY(${params.add(v.map(value))})`;
    return v === null || v === undefined ? `${column} IS NULL` : `${column} = ${params.add(value(v))}`;
  });
  // Merged into, never answered: without the texts of its list fields, which cost a subquery each.
  const select = selectColumns(model, model.table.fields, principal, params, true, false);
  const seenRows = limited(model, principal, 't', params);
  const text = `${select} ${seenRows.from(where)} ORDER BY t.autoid${lock ? ' FOR UPDATE OF t' : ''}`;
  // A plain read is remembered in the transaction (a journal's entries read an invoice's lines each).
  const rows = (lock ? await db.query(text, params.values) : await memoRead(db, text, params.values)).rows;
  return rows.map((row) => recordFromRow(model, row));
}

export async function readRecord(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  autoId: number,
): Promise<Record<string, unknown>> {
  return withoutHidden(await readRow(db, model, principal, autoId, false, true), hiddenFields(model, principal));
}

function fieldMessages(
  model: TableModel,
  errors: ErrorObject[],
  input: Record<string, unknown>,
): Record<string, FieldMessage[]> {
  const out: Record<string, FieldMessage[]> = {};
  const add = (field: string, m: FieldMessage) => {
    (out[field] ??= []).push(m);
  };
  for (const e of errors) {
    const name = e.instancePath.split('/')[1] ?? (e.params as { missingProperty?: string }).missingProperty ?? 'AutoID';
    const value = input[name];
    const field = model.byName.get(name.toLowerCase());
    const shown = field ? labelled(field) : name;
    switch (e.keyword) {
      case 'maxLength':
        add(name, { id: 'validation.max_length', args: [(e.params as { limit: number }).limit, String(value).length] });
        break;
      case 'minimum':
        add(name, { id: 'validation.min', args: [shown, (e.params as { limit: number }).limit] });
        break;
      case 'maximum':
        add(name, { id: 'validation.max', args: [shown, (e.params as { limit: number }).limit] });
        break;
      case 'x-digits': {
        const d = model.validate.schema as {
          properties: Record<string, { 'x-digits': { integers: number; decimals: number } }>;
        };
        const limits = d.properties[name]['x-digits'];
        add(name, { id: 'validation.digits', args: [shown, limits.integers, limits.decimals] });
        break;
      }
      case 'enum':
        add(name, { id: 'validation.option', args: [shown] });
        break;
      default:
        add(name, { id: 'validation.invalid', args: [shown] });
    }
  }
  // ajv reports a failing union per branch; one message per field and rule is enough, and a
  // value out of range needs no digit message besides.
  for (const k of Object.keys(out)) {
    const ranged = out[k].some((m) => m.id === 'validation.min' || m.id === 'validation.max');
    out[k] = out[k].filter(
      (m, i, all) => all.findIndex((x) => x.id === m.id) === i && !(ranged && m.id === 'validation.digits'),
    );
  }
  return out;
}

/**
 * The fields of a record as a body gives them, normalised (Archive where archivable); the keys a
 * record answers besides its fields (AutoID, TimeStamp, `_Descr` texts, the system columns) are
 * passed over, and any other key is refused (400, `validation.unknown_field`).
 */
export function recordInput(model: TableModel, body: Record<string, unknown>): Record<string, unknown> {
  const unknown: Record<string, FieldMessage[]> = {};
  const input: Record<string, unknown> = {};
  const listDescr = new Set(model.table.fields.filter(hasDescr).map((f) => descrKey(f).toLowerCase()));
  for (const [key, value] of Object.entries(body)) {
    const lower = key.toLowerCase();
    if (lower === 'autoid' || lower === 'timestamp' || IGNORED.has(lower) || listDescr.has(lower)) continue;
    if (lower === 'archive' && model.table.archivable) {
      input.Archive = value;
      continue;
    }
    const field = model.byName.get(lower);
    if (!field) {
      unknown[key] = [{ id: 'validation.unknown_field', args: [key] }];
      continue;
    }
    input[field.name] = normaliseInput(field, value);
  }
  if (Object.keys(unknown).length) throw invalidFields(unknown);
  return input;
}

/** Refuses values that do not fit their fields' types and formats (no required, no rules): 400 by field. */
export function refuseMisfits(model: TableModel, values: Record<string, unknown>): void {
  if (!model.validate(values)) throw invalidFields(fieldMessages(model, model.validate.errors ?? [], values));
}

/**
 * Checks a save payload: known fields only, right types, limits, rules, catalogue codes. Answers
 * the values to write, by field. `current` is the stored record for an update; `principal` the
 * acting user, whose catalogue entries a code must be among (absent for seeds, definitions).
 */
export function checkInput(
  model: TableModel,
  body: Record<string, unknown>,
  current: Record<string, unknown> | null,
  opts: { statusChange?: boolean; byDefinition?: boolean; principal?: Principal; copies?: ReadonlySet<string> } = {},
): Map<EffectiveField | 'archive', unknown> {
  const input = recordInput(model, body);

  // The record as it will be: stored values overlaid with the input, for rules and required.
  const merged: Record<string, unknown> = { ...(current ?? blankRecord(model)), ...input };
  const values = new Map<EffectiveField | 'archive', unknown>();
  if (!current && !opts.statusChange && !opts.byDefinition) refuseLaterState(model, input);
  for (const field of model.table.fields) {
    if (!Object.hasOwn(input, field.name)) continue;
    if (
      current &&
      input[field.name] !== current[field.name] &&
      !(isEmptyValue(input[field.name]) && isEmptyValue(current[field.name] ?? null))
    ) {
      // A parent key stays; a status moves only through its workflow's transitions.
      if (field.fixed) throw invalidFields({ [field.name]: [{ id: 'validation.fixed', args: [labelled(field)] }] });
      if (field === model.workflow?.field && !opts.statusChange)
        throw invalidFields({ [field.name]: [{ id: 'validation.status_transition', args: [labelled(field)] }] });
    }
    // A field the form shows read-only is still written by what the definitions do (a
    // transition's or an action's `set`); a user's input to it is ignored.
    const enabled =
      opts.byDefinition ||
      opts.copies?.has(field.name) ||
      (field.enabled !== false && evaluateRule(field.enabledWhen, merged));
    if (!enabled) {
      merged[field.name] = current ? current[field.name] : blankRecord(model)[field.name];
      continue;
    }
    values.set(field, input[field.name]);
  }
  if (Object.hasOwn(input, 'Archive')) values.set('archive', input.Archive);

  const checked: Record<string, unknown> = {};
  for (const [k, v] of values) checked[k === 'archive' ? 'Archive' : k.name] = v;
  const problems: Record<string, FieldMessage[]> = model.validate(checked)
    ? {}
    : fieldMessages(model, model.validate.errors ?? [], checked);
  for (const field of model.table.fields) {
    if (problems[field.name]) continue;
    // The required flag an administrator sets in the site layer is enforced by the interface
    // only (spec 2 section 5); required from a pack, and requiredWhen rules, hold for every caller.
    const requiredHere =
      (field.required === true && field.origin.required?.layer !== 'site') ||
      (field.requiredWhen !== undefined && evaluateRule(field.requiredWhen, merged));
    const visible = evaluateRule(field.visibleWhen, merged);
    if (requiredHere && visible && isEmptyValue(merged[field.name]))
      problems[field.name] = [{ id: 'validation.required', args: [labelled(field)] }];
  }
  // Rules across fields: the record is valid when each check's rule holds. Checks that need the
  // database (referenced rows, uniqueness, cycles) follow in databaseChecks.
  const write = { merged, current, written: new Set(Object.keys(checked)) };
  placeMessages(
    model,
    (model.table.checks ?? []).filter(
      (c) =>
        !needsDatabase(c, model) &&
        changeApplies(c, write) &&
        evaluateRule(c.when, merged) &&
        !evaluateRule(c.validWhen, merged),
    ),
    problems,
    merged,
    { current },
  );
  // A catalogue code must be a known entry (the user may see), its actions ones the entry has.
  for (const [name, messages] of Object.entries(catalogueProblems(model, values, current, merged, opts.principal)))
    problems[name] ??= messages;
  if (Object.keys(problems).length) throw invalidFields(problems);
  return values;
}

/**
 * A new record starts in its workflow's first state (the status field's default, else the first
 * state listed): any later state is reached by a transition, with its right, prompts and log.
 */
/**
 * A list value given anew, or kept while a field its `listFilter` reads changes, must be one the
 * filter lets the lookup offer (judged after the table's own checks, which say more).
 */
export async function listValuesFit(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  values: Map<EffectiveField | 'archive', unknown>,
  stored: Record<string, unknown> | null,
  tableOf: TableOf,
): Promise<void> {
  const joins = model.listJoins.filter((j) => j.field.listFilter);
  if (!joins.length) return;
  const problems: Record<string, FieldMessage[]> = {};
  const record: Record<string, unknown> = { ...stored };
  for (const [field, value] of values) if (field !== 'archive') record[field.name] = value;
  const moved = (f: EffectiveField) => values.has(f) && (!stored || stored[f.name] !== values.get(f));
  for (const join of joins) {
    if (!moved(join.field) && !filterSources(model, join.field).some(moved)) continue;
    const problem = await outsideFilter(db, model, join, record, tableOf, principal);
    if (problem) problems[join.field.name] = [problem];
  }
  if (Object.keys(problems).length) throw invalidFields(problems);
}

function refuseLaterState(model: TableModel, input: Record<string, unknown>): void {
  const wf = model.workflow;
  if (!wf || !Object.hasOwn(input, wf.field.name) || isEmptyValue(input[wf.field.name] ?? null)) return;
  const initial = wf.field.default ?? wf.def.states[0].value;
  if (String(input[wf.field.name]) === String(initial)) return;
  const label = wf.def.states.find((s) => String(s.value) === String(initial))?.label ?? String(initial);
  throw invalidFields({ [wf.field.name]: [{ id: 'validation.initial_state', args: [labelled(wf.field), label] }] });
}

/**
 * A list value must name a row the principal may see (the rows their lookup offers); a value
 * the record already holds stays, whoever set it.
 */
export async function listValuesExist(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  values: Map<EffectiveField | 'archive', unknown>,
  stored: Record<string, unknown> | null,
): Promise<void> {
  await listValuesExistMany(db, model, principal, [{ values, stored }]);
}

/**
 * The list values a write gives anew: a picked field's row is the engine's choice (pick.ts), whether
 * or not the user may see it, and the user themselves (`$currentUser` stamping who approved) is
 * theirs to name even when they may not read the users table.
 */
const askedOf = (
  model: TableModel,
  principal: Principal,
  values: Map<EffectiveField | 'archive', unknown>,
  stored: Record<string, unknown> | null,
) =>
  model.listJoins.filter((join) => {
    if (join.field.pick) return false;
    const v = values.get(join.field);
    if (join.ref.name === USERS_TABLE && principal.userId > 0 && Number(v) === principal.userId) return false;
    return !(v === null || v === undefined || (stored && stored[join.field.name] === v));
  });

/**
 * listValuesExist for the writes of many rows of one table (siblings written together), in one
 * statement: the first write, in order, with a value that is not there is refused as alone.
 */
export async function listValuesExistMany(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  writes: readonly { values: Map<EffectiveField | 'archive', unknown>; stored: Record<string, unknown> | null }[],
): Promise<void> {
  const asked = writes.map((w) => askedOf(model, principal, w.values, w.stored));
  const joins = [...new Set(asked.flat())];
  if (!joins.length) return;
  // One statement for every list value given anew: 1 a row the principal sees, 2 one archived
  // (the lookup does not offer it, so it cannot be chosen anew either); a row not answered is none.
  const params = new Params();
  const parts = joins.map((join, i) => {
    const ids = [...new Set(writes.map((w) => w.values.get(join.field)).filter((v) => v !== null && v !== undefined))];
    const rows = seen(join.ref, principal, 'j', params);
    const archived = join.ref.archivable ? 'j.archive' : 'false';
    // One id is asked as `=`, as a single write always asked, so its answer is remembered alike.
    const where =
      ids.length === 1 ? `j.autoid = ${params.add(ids[0])}` : `j.autoid = ANY(${params.add(ids)}::bigint[])`;
    return `SELECT ${i} AS k, j.autoid AS id, CASE WHEN ${archived} THEN 2 ELSE 1 END AS s ${rows.from([where])}`;
  });
  const found = new Map<string, number>();
  for (const row of (await memoRead(db, parts.join(' UNION ALL '), params.values)).rows)
    found.set(`${row.k}:${row.id}`, Number(row.s));
  writes.forEach((w, at) => {
    const problems: Record<string, FieldMessage[]> = {};
    for (const join of asked[at]) {
      const state = found.get(`${joins.indexOf(join)}:${Number(w.values.get(join.field))}`);
      if (state === undefined)
        problems[join.field.name] = [{ id: 'validation.list_value', args: [labelled(join.field)] }];
      else if (state === 2)
        problems[join.field.name] = [{ id: 'validation.list_archived', args: [labelled(join.field)] }];
    }
    if (Object.keys(problems).length) throw invalidFields(problems);
  });
}
