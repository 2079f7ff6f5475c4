// The one write pipeline of a pack table's records: a new record or an update (writeIn), a delete
// (deleteIn), each inside the caller's transaction and the same on every path; the save and
// delete calls (saveRecord, deleteRecord) own a transaction around them. Saving validates with
// the table's compiled record schema and its json-logic rules before any SQL runs, so the API and
// imports cannot bypass what a form enforces.
import type pg from 'pg';
import type { EffectiveField } from '../../definitions/language/index.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { AppError, badRequest, forbidden, invalidFields } from '../errors.ts';
import { inTransaction, type Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { hashPassword } from '../security/passwords.ts';
import { encryptSecret } from '../security/secrets.ts';
import { refuseLimitedChanges, refuseRowsOutsideLimits, underivedFields } from './access.ts';
import { announceWrite, tableWritten } from './cache.ts';
import { belongingRecordVisible, kindApplies } from './belonging.ts';
import { refuseLockedParents, refuseReadOnlyRecord } from './read-only.ts';
import { writeChangeLogs } from './change-logs.ts';
import { computeValues } from './computed.ts';
import { recordChanged } from './events.ts';
import { recordChangeObserved } from './change-observers.ts';
import { fileValuesExist } from './file-values.ts';
import { drawNumber, drawNumbers, numbersNow } from './numbering.ts';
import { pickValues } from './pick.ts';
import { translatePgError } from './pg-errors.ts';
import { databaseChecks, deleteChecks } from './record-checks.ts';
import { afterDelete, afterWrite, beforeWrite, hasWriteHooks } from './write-hooks.ts';
import {
  authorize,
  blankRecord,
  checkInput,
  listValuesExist,
  listValuesExistMany,
  listValuesFit,
  parseAutoId,
  readRecord,
  readStored,
} from './records.ts';
import { readAheadRelated, relatedValues, type TableOf } from './related.ts';
import { totalsFollow } from './rollups.ts';
import { valuesFollow } from './follow.ts';
import { registerAutomaticWrite, transitionsFollow } from './automatic.ts';
import { insertRow, insertRows, updateRow } from './rows.ts';
import { writeStatusLog } from './statuslog.ts';
import { retypeValues } from './typed-properties.ts';
import { engineTable, reached } from './table-sql.ts';
import { recordFromRow } from './values.ts';
import type { WriteContext } from './write-context.ts';
import { fillDefaultRows } from './default-rows.ts';
import { storedComputed, suggestValues } from './suggested.ts';

export type { WriteContext } from './write-context.ts';

/**
 * Fields taken from a referenced row (`defaultFrom`): on create, and when the write changes the
 * reference. An editable field takes it while it is empty (a line's description from its product;
 * a value given is kept). A read-only one is a copy that follows its reference (a receipt item's
 * purchase order, from its purchase order line) and no input sets it. Filled into the input, so
 * the field's own checks judge the value. Answers the copies, which the write takes as given.
 */
async function defaultsFrom(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  record: Record<string, unknown>,
  current: Record<string, unknown> | null,
  tableOf: TableOf,
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
    ? await relatedValues(
        db,
        model,
        merged,
        wanted.map((f) => ({ var: f.defaultFrom! })),
        tableOf,
        principal,
      )
    : null;
  for (const f of wanted) {
    const value = isEmptyValue(merged[referenceOf(f)] ?? null) ? null : (related?.get(f.defaultFrom!) ?? null);
    if (f.enabled === false) {
      record[f.name] = value;
      copies.add(f.name);
    } else if (value !== null) record[f.name] = value;
  }
  return copies;
}

/** An empty password leaves the stored password as it is. */
function withoutEmptyPasswords(
  values: Map<EffectiveField | 'archive', unknown>,
): Map<EffectiveField | 'archive', unknown> {
  for (const [f, v] of values)
    if (f !== 'archive' && f.type === 'password' && (v === null || v === undefined || v === '')) values.delete(f);
  return values;
}

/**
 * A password is stored as its hash (after the hooks, which judge the password typed); a secret one
 * encrypted, for the engine to use.
 */
async function hashPasswords(values: Map<EffectiveField | 'archive', unknown>): Promise<void> {
  for (const [f, v] of values)
    if (f !== 'archive' && f.type === 'password')
      values.set(f, f.secret ? encryptSecret(String(v)) : await hashPassword(String(v)));
}

/** The names of the fields a write gives values. */
const writtenNames = (values: Map<EffectiveField | 'archive', unknown>) =>
  [...values.keys()].map((f) => (f === 'archive' ? 'Archive' : f.name));

/** The record as a write leaves it: the stored (or blank) record with the checked values over it. */
function mergedOf(
  model: TableModel,
  current: Record<string, unknown> | null,
  values: Map<EffectiveField | 'archive', unknown>,
  autoId: number,
) {
  const merged: Record<string, unknown> = { ...(current ?? blankRecord(model)), AutoID: autoId };
  for (const [f, v] of values) merged[f === 'archive' ? 'Archive' : f.name] = v;
  return { merged, current, written: new Set(writtenNames(values)) };
}

/** One write of one record: a new one, or an update of a stored one. */
export interface WriteRequest {
  model: TableModel;
  principal: Principal;
  /** The input; the write adjusts it (a drawn number, copied defaults), so pass a copy when it is kept. */
  record: Record<string, unknown>;
  ctx: WriteContext;
  /** The stored record to update; absent (or 0) for a new one. */
  id?: number;
  /** The TimeStamp the client read (a save): another one answers 409 and writes nothing. */
  stamp?: number;
  /** The stored row with every field, when the caller read it FOR UPDATE already. */
  locked?: Record<string, unknown>;
}

/** A write done: the record's AutoID, the stored row before it (null for a new record), the fields written. */
export interface Written {
  id: number;
  current: Record<string, unknown> | null;
  written: string[];
}

/**
 * The one write pipeline, inside the caller's transaction, for every path (a save, an import, a
 * transition, an action, a named call, a cascade, a seed's derived values): right → the stored
 * row (locked) and its TimeStamp → field limits → default rows, copies, number → normalise and check the input →
 * picked and computed fields → list values, files, the record it belongs to → the checks that need the
 * database → the table's beforeWrite hooks → passwords hashed → SQL → row limits → logs → the
 * table's afterWrite hooks, totals → the event, automatic transitions (automatic.ts) and the afterCommit
 * hooks, at commit.
 */
export async function writeIn(client: pg.PoolClient, w: WriteRequest): Promise<Written> {
  const prepared = await prepareWrite(client, w);
  let id = w.id ?? 0;
  if (prepared.current) await updateRow(client, w.model, id, prepared.values, w.principal.username);
  else id = await insertRow(client, w.model, prepared.values, w.principal.username);
  return finishWrite(client, prepared, id);
}

/**
 * New rows of one table written together (the lines copied under an invoice): each is prepared
 * and checked as writeIn does, then all are inserted in one statement, then what follows each is
 * done. Only for a table whose rows' checks and hooks cannot read a sibling written before it
 * (siblingsApart); any other table's rows are written one by one.
 */
export async function createManyIn(client: pg.PoolClient, requests: readonly WriteRequest[]): Promise<Written[]> {
  if (requests.length < 2 || !siblingsApart(requests[0].model)) {
    const written: Written[] = [];
    for (const w of requests) written.push(await writeIn(client, w));
    return written;
  }
  const { model, principal } = requests[0];
  await readAhead(client, requests);
  const inputs = [];
  for (const w of requests) inputs.push(await inputOfWrite(client, w));
  // The rows' numbers drawn together: consecutive, one statement per counter row.
  const n = model.table.numbering;
  const drawn =
    n && numbersNow(n, null, requests[0].ctx)
      ? await drawNumbers(
          client,
          model,
          requests[0].ctx.tableOf,
          requests.map((w) => ({ record: w.record, current: null })),
        )
      : requests.map(() => null);
  const valued = [];
  for (const [i, w] of requests.entries())
    valued.push(await checkedValues(client, w, inputs[i].current, inputs[i].copies, drawn[i]));
  // The list values of all the rows in one statement.
  await listValuesExistMany(
    client,
    model,
    principal,
    valued.map((v) => ({ values: v.values, stored: v.current })),
  );
  const prepared: Prepared[] = [];
  for (const [i, w] of requests.entries())
    prepared.push(
      await checkWrite(
        client,
        w,
        valued[i],
        true,
        prepared.map((p) => p.change.merged),
      ),
    );
  const ids = await insertRows(
    client,
    model,
    prepared.map((p) => p.values),
    principal.username,
  );
  const written: Written[] = [];
  for (const [i, p] of prepared.entries()) written.push(await finishWrite(client, p, ids[i]));
  return written;
}

/**
 * The rows the writes' references name, read ahead in a statement per table (readAheadRelated):
 * as the user sees them for the values taken from them, whole for computed fields and checks.
 */
async function readAhead(client: pg.PoolClient, requests: readonly WriteRequest[]): Promise<void> {
  const { model, principal, ctx } = requests[0];
  const records = requests.map((w) => w.record);
  const taken = model.table.fields.flatMap((f) => (f.defaultFrom ? [{ var: f.defaultFrom }] : []));
  await readAheadRelated(client, model, records, taken, ctx.tableOf, principal);
  const rules = [
    ...storedComputed(model).flatMap((f) => (f.compute ? [f.compute.expression] : [])),
    ...(model.table.checks ?? []).flatMap((c) => [c.when, c.validWhen]),
  ];
  await readAheadRelated(client, model, records, rules, ctx.tableOf);
}

/**
 * Whether a row's write reads no other row of its table before it is stored: no check looks for a
 * cycle among the rows, and no behaviour hooks into the writes. A unique check counts the rows
 * before it in the same insert as stored (databaseChecks' siblings).
 */
const siblingsApart = (model: TableModel) =>
  !hasWriteHooks(model) && !model.table.typedProperties && !(model.table.checks ?? []).some((c) => c.acyclic);

/** A write checked and ready for its SQL: what writeIn's second half needs. */
interface Prepared {
  w: WriteRequest;
  current: Record<string, unknown> | null;
  values: Map<EffectiveField | 'archive', unknown>;
  change: ReturnType<typeof mergedOf>;
  hooked: { model: TableModel; principal: Principal; tableOf: TableOf; before: Record<string, unknown> | null };
}

/** The first half of a write: the right, the stored row, every check and the beforeWrite hooks; no SQL of the row. */
async function prepareWrite(client: pg.PoolClient, w: WriteRequest): Promise<Prepared> {
  return checkWrite(client, w, await valuesOfWrite(client, w));
}

/** The values a write stores: the right, the stored row, defaults, copies, a number, the checked input and computed fields. */
async function valuesOfWrite(client: pg.PoolClient, w: WriteRequest) {
  const { current, copies } = await inputOfWrite(client, w);
  const { model, record, ctx } = w;
  const drawn =
    model.table.numbering && numbersNow(model.table.numbering, current, ctx)
      ? await drawNumber(client, model, ctx.tableOf, record, current)
      : null;
  return checkedValues(client, w, current, copies, drawn);
}

/** A write's right, its stored row, and its input with the default rows, copies and suggestions filled in. */
async function inputOfWrite(client: pg.PoolClient, w: WriteRequest) {
  const { model, principal, record, ctx } = w;
  const update = w.id !== undefined && w.id !== 0;
  authorize(model, principal, update ? 'update' : 'create');
  // The stored row with every field: the input is merged into it, so a field the principal
  // cannot see or change keeps its value and still counts for rules and required fields.
  const current = update ? (w.locked ?? (await readStored(client, model, principal, w.id!, true))) : null;
  if (current && w.stamp !== undefined && current.TimeStamp !== w.stamp) {
    throw new AppError(
      'CONCURRENCY',
      [],
      {},
      { Current: { TimeStamp: current.TimeStamp, ModifiedBy: current.ModifiedBy } },
    );
  }
  if (current) refuseReadOnlyRecord(model, current, ctx);
  refuseLimitedChanges(model, principal, record, current);
  // A default row counts as chosen: what is taken from it (a contract's terms from its default type) follows.
  if (!current) await fillDefaultRows(client, model, principal, record);
  const copies = await defaultsFrom(client, model, principal, record, current, ctx.tableOf);
  await suggestValues(client, model, principal, record, current, ctx.tableOf);
  return { current, copies };
}

/** The checked input, with the number drawn (`drawn`: its field) and the picked and computed fields. */
async function checkedValues(
  client: pg.PoolClient,
  w: WriteRequest,
  current: Record<string, unknown> | null,
  copies: Set<string>,
  drawn: string | null,
) {
  const { model, principal, record, ctx } = w;
  // A drawn number is the engine's, written like a copy even into a read-only field.
  const values = withoutEmptyPasswords(
    checkInput(model, record, current, {
      statusChange: !!current && ctx.transition?.field === model.workflow?.field.name,
      byDefinition: ctx.byDefinition,
      principal,
      copies: drawn ? new Set([...copies, drawn]) : copies,
    }),
  );
  await pickValues(client, model, current, values);
  await addComputed(client, model, current, values, principal, ctx.tableOf);
  return { current, values };
}

/** The checks of a write's values against the database, and its beforeWrite hooks (`listsChecked`: by listValuesExistMany). */
async function checkWrite(
  client: pg.PoolClient,
  w: WriteRequest,
  { current, values }: Awaited<ReturnType<typeof valuesOfWrite>>,
  listsChecked = false,
  siblings: readonly Record<string, unknown>[] = [],
): Promise<Prepared> {
  const { model, principal, ctx } = w;
  const update = w.id !== undefined && w.id !== 0;
  if (!listsChecked) await listValuesExist(client, model, principal, values, current);
  await fileValuesExist(client, model, principal, values, current);
  if (!current) await belongingRecordVisible(client, model, principal, values);
  const change = mergedOf(model, current, values, update ? w.id! : 0);
  await kindApplies(client, model, change.merged);
  await refuseLockedParents(client, model, [current, change.merged], ctx.tableOf, ctx);
  await databaseChecks(client, model, change, ctx.tableOf, principal, siblings);
  await listValuesFit(client, model, principal, values, current, ctx.tableOf);
  const hooked = { model, principal, tableOf: ctx.tableOf, before: current };
  await beforeWrite(client, { ...hooked, merged: change.merged, values });
  await hashPasswords(values);
  return { w, current, values, change, hooked };
}

/** The second half of a write, once its row is stored as `id`: row limits, logs, afterWrite hooks and what follows. */
async function finishWrite(client: pg.PoolClient, p: Prepared, id: number): Promise<Written> {
  const { w, current, values, change, hooked } = p;
  const { model, principal, ctx } = w;
  change.merged.AutoID = id;
  // A transition may hand a record on to where its user does not see it (a state for others, by
  // its right or by a row limit on the status): its own right, prompts and guard decide it.
  if (!ctx.transition) await refuseRowsOutsideLimits(client, model, principal, [id]);
  await logChanges(client, model, id, current, values, principal, ctx);
  await writeChangeLogs(client, model, id, current, values, principal, ctx);
  const written = writtenNames(values);
  await afterWrite(client, { ...hooked, after: change.merged, written });
  await totalsFollow(client, model, change.merged, current, ctx.tableOf);
  await valuesFollow(client, model, change.merged, current, ctx.tableOf);
  const typeField =
    model.table.typedProperties && model.byName.get(model.table.typedProperties.typeField.toLowerCase())!;
  if (current && typeField && values.has(typeField) && values.get(typeField) !== current[typeField.name])
    await retypeValues(client, model, id, values.get(typeField), principal, ctx.tableOf);
  await recordChanged(client, model, id, current ? 'updated' : 'created');
  await recordChangeObserved(client, {
    model,
    principal,
    action: current ? 'updated' : 'created',
    id,
    before: current,
    after: change.merged,
    transition: ctx.transition?.name,
  });
  await transitionsFollow(client, model, id, current, ctx.tableOf);
  return { id, current, written };
}
registerAutomaticWrite(writeIn);

/** A status log row per changed field that is logged: the workflow's field, or one marked logChanges. */
async function logChanges(
  client: pg.PoolClient,
  model: TableModel,
  id: number,
  current: Record<string, unknown> | null,
  values: Map<EffectiveField | 'archive', unknown>,
  principal: Principal,
  ctx: WriteContext,
): Promise<void> {
  for (const [f, to] of values) {
    const moved = f !== 'archive' && ctx.transition?.field === f.name;
    if (f === 'archive' || !(f.logChanges || f === model.workflow?.field || moved)) continue;
    const from = current ? (current[f.name] ?? null) : null;
    if (from === to || (from === null && (to === null || to === undefined))) continue;
    const t = moved ? ctx.transition : undefined;
    await writeStatusLog(
      client,
      model,
      id,
      { field: f, transition: t?.name, from, to, reason: t?.reason, comment: t?.comment, date: t?.date },
      principal.username,
    );
  }
}

export async function saveRecord(
  pool: pg.Pool,
  model: TableModel,
  principal: Principal,
  body: unknown,
  ctx: WriteContext,
): Promise<Record<string, unknown>> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request.body_object');
  const sent = body as Record<string, unknown>;
  const autoId = sent.AutoID === undefined || sent.AutoID === null ? 0 : parseAutoId(sent.AutoID, 'AutoID');
  authorize(model, principal, autoId === 0 ? 'create' : 'update');
  // A table whose every field the server fills (import tasks, download requests) takes no new
  // record from a caller: it would be an empty row in a state no process started.
  if (autoId === 0 && !ctx.byDefinition && !model.table.fields.some((f) => f.enabled !== false)) throw forbidden();
  try {
    return await inTransaction(
      pool,
      async (client) => {
        // A copy per run: the write adjusts it (a drawn number, copied defaults, the password's
        // repetition taken out), and a run again after a conflict starts from what was sent.
        const record = structuredClone(sent);
        let id = autoId;
        if (autoId === 0) {
          ({ id } = await writeIn(client, { model, principal, record, ctx }));
        } else {
          if (record.TimeStamp === undefined || record.TimeStamp === null) {
            throw invalidFields({ TimeStamp: [{ id: 'validation.timestamp_required', args: [] }] });
          }
          await writeIn(client, {
            model,
            principal,
            record,
            ctx,
            id: autoId,
            stamp: parseAutoId(record.TimeStamp, 'TimeStamp'),
          });
        }
        const saved = await readRecord(client, model, principal, id);
        await announceWrite(client, model.table.sqlName);
        return saved;
      },
      { rerunnable: true },
    );
  } catch (err) {
    throw translatePgError(model, err);
  } finally {
    // After the commit (or the rollback): a count read meanwhile saw the rows as they were.
    tableWritten(model.table.sqlName);
  }
}

/**
 * Rows another path changed beside the record path (a merge re-pointing references to a record):
 * their table's afterWrite hooks run on them as they now stand (`written`: the field that
 * changed), so what is derived from them (an order's totals) follows.
 */
export async function rowsRewritten(
  client: pg.PoolClient,
  model: TableModel,
  ids: readonly number[],
  tableOf: TableOf,
  principal: Principal,
  written: string[],
): Promise<void> {
  if (!hasWriteHooks(model) && !model.feeds.length) return;
  for (const id of ids) {
    // Rows the merge moved, seen by the user or not: read for what follows from them, never answered.
    const row = (await client.query(`SELECT * FROM ${engineTable(model.table)} WHERE autoid = $1`, [id])).rows[0];
    if (!row) continue;
    const record = recordFromRow(model, row);
    await afterWrite(client, { model, principal, tableOf, before: null, after: record, written });
    await totalsFollow(client, model, record, null, tableOf);
  }
}

/**
 * The computed fields' values join a write's checked values: computed from the record as the
 * write leaves it, whatever was sent for them (they are read-only on every path).
 */
export async function addComputed(
  client: Queryable,
  model: TableModel,
  current: Record<string, unknown> | null,
  values: Map<EffectiveField | 'archive', unknown>,
  principal: Principal,
  tableOf: TableOf,
): Promise<void> {
  // A new record's totals are over no rows yet: a sum and a count are 0.
  if (!current) for (const r of model.rollups) if (r.op === 'sum' || r.op === 'count') values.set(r.field, 0);
  const computed = storedComputed(model);
  if (!computed.length) return;
  const merged: Record<string, unknown> = { ...(current ?? blankRecord(model)) };
  for (const [f, v] of values) merged[f === 'archive' ? 'Archive' : f.name] = v;
  for (const [field, value] of await computeValues(client, model, merged, tableOf, principal, computed))
    values.set(field, value);
}

/**
 * Deletes a record the principal may see inside the caller's transaction. `tableOf` lets the
 * checks that guard a delete read referenced rows (a processed receipt keeps its lines).
 */
export async function deleteIn(
  client: pg.PoolClient,
  { model, principal, id: autoId, tableOf }: { model: TableModel; principal: Principal; id: number; tableOf: TableOf },
): Promise<void> {
  authorize(model, principal, 'delete');
  const stored = await readStored(client, model, principal, autoId, true);
  refuseReadOnlyRecord(model, stored, null);
  await refuseLockedParents(client, model, [stored], tableOf, null);
  await deleteChecks(client, model, stored, tableOf);
  await client.query(`DELETE FROM ${reached(model)} WHERE autoid = $1`, [autoId]);
  await announceWrite(client, model.table.sqlName);
  await afterDelete(client, { model, principal, tableOf, before: stored });
  await totalsFollow(client, model, null, stored, tableOf);
  await recordChanged(client, model, autoId, 'deleted');
  await recordChangeObserved(client, { model, principal, action: 'deleted', id: autoId, before: stored, after: null });
}

export async function deleteRecord(
  pool: pg.Pool,
  model: TableModel,
  principal: Principal,
  autoId: number,
  tableOf: TableOf,
): Promise<void> {
  try {
    await inTransaction(
      pool,
      async (client) => {
        await deleteIn(client, { model, principal, id: autoId, tableOf });
        await announceWrite(client, model.table.sqlName);
      },
      { rerunnable: true },
    );
    tableWritten(model.table.sqlName);
  } catch (err) {
    throw translatePgError(model, err, true);
  }
}
