// A table's named calls (its definition's `calls`): `POST mvc/purchasereceipt/addbulkitem
// {purchaseReceiptID, articleID, …}` is a generic operation on the receipt's items with the
// payload's names mapped to fields. The payload is checked against a schema made from those
// fields; a refusal names the payload's own names. Rights, checks and row limits are those of
// the operation on its table, so a named call opens no way around them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { CallDef, EffectiveField, FlexRequest } from '../../definitions/language/index.ts';
import type { Engine } from '../engine.ts';
import { AppError, invalidFields, notFound, type FieldMessage } from '../errors.ts';
import { inTransaction } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { announceWrite, tableWritten } from '../data/cache.ts';
import { hiddenFields, withoutHidden } from '../data/access.ts';
import { limited } from '../data/table-sql.ts';
import { Params as SqlParams } from '../data/filters.ts';
import { authorize, blankRecord, readRecord, readStored } from '../data/records.ts';
import { deleteRecord, saveRecord, writeIn } from '../data/write.ts';
import { sqlValue } from '../data/values.ts';
import { makeTransition, transitionNamed } from '../business/transitions.ts';
import { Ignored } from '../business/batch.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/index.ts';
import { checkSchema } from './request-schema.ts';
import { requestExport } from './downloads.ts';
import { bodyOf, languageOf, tableContext } from './context.ts';

type Route = { Params: { control: string; call: string } };
/** The most requests one list call takes (AddBulk, ValidateBulkReceipts). */
export const MAX_CALL_LIST = 1000;
/**
 * The kinds that only read, which a GET may make too. Every other kind changes something (a row,
 * a state, a background export) and is a POST only: a link or an image on another page must not
 * set it off.
 */
const READING_KINDS: ReadonlySet<CallDef['kind']> = new Set(['get', 'new']);

/** The JSON Schema of one payload value, by the type of the field it fills. */
function valueSchema(field: EffectiveField | undefined): Record<string, unknown> {
  if (!field) return { type: 'integer', minimum: 1 };
  switch (field.type) {
    case 'list':
    case 'smallint':
    case 'integer':
    case 'bigint':
      return { type: ['integer', 'null'] };
    case 'decimal':
      return { type: ['number', 'null'] };
    case 'bool':
      return { type: ['boolean', 'null'] };
    default:
      return { type: ['string', 'null'], maxLength: field.maxLength ?? 100_000 };
  }
}

/**
 * An editable grid sends a call's parameters merged with its own request data (spec 1 §7): the
 * parameters are checked, anything else at the top of the payload is taken and left unread.
 */
function payloadSchema(call: CallDef, on: TableModel, keys: string[]): Record<string, unknown> {
  const params = call.params ?? {};
  const item = {
    type: 'object',
    additionalProperties: !call.list,
    required: keys,
    properties: Object.fromEntries(
      Object.entries(params).map(([p, f]) => [
        p,
        valueSchema(f === 'AutoID' ? undefined : on.byName.get(f.toLowerCase())),
      ]),
    ),
  };
  return call.list
    ? {
        type: 'object',
        additionalProperties: true,
        required: [call.list],
        properties: { [call.list]: { type: 'array', minItems: 1, maxItems: MAX_CALL_LIST, items: item } },
      }
    : item;
}

/** The record's values from a payload, by the call's params, with its fixed values. */
const valuesOf = (call: CallDef, payload: Record<string, unknown>) => ({
  ...Object.fromEntries(
    Object.entries(call.params ?? {})
      .filter(([p]) => p in payload)
      .map(([p, f]) => [f, payload[p]]),
  ),
  ...call.set,
});

/** A refusal in the payload's names (articleID, not Product), under `prefix` for an item of a list. */
function inPayloadNames(err: unknown, call: CallDef, prefix = ''): unknown {
  if (!(err instanceof AppError) || !Object.keys(err.fields).length) return err;
  const back = new Map(Object.entries(call.params ?? {}).map(([p, f]: [string, string]) => [f.toLowerCase(), p]));
  const fields: Record<string, FieldMessage[]> = {};
  for (const [f, messages] of Object.entries<FieldMessage[]>(err.fields)) {
    const name = back.get(f.toLowerCase()) ?? f;
    // A message naming the field says the payload's name too ("De gekozen waarde voor purchaseOrderLineID bestaat niet.").
    fields[`${prefix}${name}`] = messages.map((m) => ({ ...m, args: m.args.map((a) => (a === f ? name : a)) }));
  }
  return invalidFields(fields);
}

/** The parent field of a child table of `model` (its fixed list field on it). */
const parentOf = (model: TableModel, child: TableModel) =>
  child.listJoins.find((j) => j.field.fixed && j.ref.sqlName === model.table.sqlName)?.field;

/** The AutoID of the row the payload's key params name (AutoID, or fields such as ID), seen by the principal. */
async function rowNamed(
  db: pg.Pool | pg.PoolClient,
  on: TableModel,
  principal: Principal,
  call: CallDef,
  payload: Record<string, unknown>,
  keys: string[],
): Promise<number> {
  const params = new SqlParams();
  const where = keys.map((p) => {
    const name = call.params![p];
    if (name === 'AutoID') return `t.autoid = ${params.add(Number(payload[p]))}`;
    const field = on.byName.get(name.toLowerCase())!;
    return `t.${ident(field.sqlName)} = ${params.add(sqlValue(field, payload[p]))}`;
  });
  const row = (
    await db.query<{ autoid: number }>(
      `SELECT t.autoid ${limited(on, principal, 't', params).from(where)} LIMIT 1`,
      params.values,
    )
  ).rows[0];
  if (!row) throw notFound();
  return Number(row.autoid);
}

export function namedCallRoutes(app: FastifyInstance, engine: Engine): void {
  const tableOf = (name: string) => engine.registry.snapshot.table(name);
  const written = async (tables: Iterable<string>) => {
    for (const t of new Set(tables)) {
      tableWritten(t);
      await announceWrite(engine.pool, t);
      engine.security.written(t);
    }
  };

  const handle = async (request: FastifyRequest<Route>) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    const call = model.table.calls?.find((c) => c.name.toLowerCase() === request.params.call.toLowerCase());
    if (!call || (request.method !== 'POST' && !READING_KINDS.has(call.kind)))
      throw new AppError('NO_SUCH_CALL', [`${request.method} ${request.url}`]);
    const on = call.table ? tableOf(call.table)! : model;
    const parent = on === model ? undefined : parentOf(model, on);
    // Rows are named by AutoID or by their own fields; a child's parent is named besides and must match.
    const keys = Object.entries(call.params ?? {})
      .filter(([, f]) => f === 'AutoID' || (['get', 'delete', 'transition'].includes(call.kind) && f !== parent?.name))
      .map(([p]) => p);
    const parentKey = Object.entries(call.params ?? {}).find(([, f]) => f === parent?.name)?.[0];
    const body = bodyOf(request);
    // The right of the operation first: a call beyond it is refused before any row is looked for.
    authorize(
      on,
      principal,
      (
        {
          get: 'read',
          new: 'read',
          export: 'read',
          create: 'create',
          validate: 'create',
          update: 'update',
          transition: 'update',
          delete: 'delete',
        } as const
      )[call.kind],
    );
    if (call.kind === 'export')
      return requestExport(engine, principal, languageOf(request), on, body.data as FlexRequest | undefined);
    if (call.kind === 'new') {
      authorize(on, principal, 'read');
      return withoutHidden(blankRecord(on), hiddenFields(on, principal));
    }
    // A whole row of the table itself: the generic save and delete.
    if (!call.params && (call.kind === 'create' || call.kind === 'update')) {
      const fresh = body.AutoID === undefined || body.AutoID === null || body.AutoID === 0;
      if (call.kind === 'update' && fresh)
        throw invalidFields({ AutoID: [{ id: 'validation.required', args: ['AutoID'] }] });
      // A create makes a new row, whatever AutoID the payload carries.
      const saved = await saveRecord(
        engine.pool,
        on,
        principal,
        call.kind === 'create' ? { ...body, AutoID: 0 } : body,
        { tableOf },
      );
      await written([on.table.sqlName]);
      return saved;
    }
    const required =
      call.kind === 'create' || call.kind === 'validate'
        ? Object.entries(call.params ?? {})
            .filter(([, f]) => f !== 'AutoID' && on.byName.get(f.toLowerCase())?.required)
            .map(([p]) => p)
        : [...keys, ...(parentKey ? [parentKey] : [])];
    checkSchema(payloadSchema(call, on, required), body);
    const ctx = { tableOf };

    if (call.kind === 'get') {
      authorize(on, principal, 'read');
      return readRecord(engine.pool, on, principal, await rowNamed(engine.pool, on, principal, call, body, keys));
    }
    if (call.kind === 'delete' || (call.kind === 'update' && keys.length)) {
      const id = await rowNamed(engine.pool, on, principal, call, body, keys);
      if (parent && parentKey && (await readStored(engine.pool, on, principal, id))[parent.name] !== body[parentKey])
        throw notFound();
      if (call.kind === 'delete') {
        await deleteRecord(engine.pool, on, principal, id, tableOf);
        await written([on.table.sqlName]);
        return {};
      }
      const values = valuesOf(call, body);
      delete values.AutoID;
      if (parent) delete values[parent.name];
      try {
        // A copy per run: a run again after a conflict starts from the payload.
        await inTransaction(
          engine.pool,
          (client) => writeIn(client, { model: on, principal, id, record: { ...values }, ctx }),
          { rerunnable: true },
        );
      } catch (err) {
        throw inPayloadNames(err, call);
      }
      await written([on.table.sqlName]);
      return readRecord(engine.pool, on, principal, id);
    }
    if (call.kind === 'transition') {
      const id = await rowNamed(engine.pool, on, principal, call, body, keys);
      const t = transitionNamed(on, call.transition!);
      try {
        // What a transition sets comes from the definitions, as from ChangeStatus.
        await written(
          await inTransaction(
            engine.pool,
            (client) => makeTransition(client, on, principal, id, t, {}, { ...ctx, byDefinition: true }),
            { rerunnable: true },
          ),
        );
      } catch (err) {
        // Made already (a receipt processed twice): a refusal naming the state, nothing changed.
        if (err instanceof Ignored)
          throw invalidFields({ [on.workflow!.field.name]: [{ id: err.id, args: err.args }] });
        throw err;
      }
      return readRecord(engine.pool, on, principal, id);
    }
    // create and validate, one payload or a list of them.
    const items = call.list ? (body[call.list] as Record<string, unknown>[]) : [body];
    const prefix = (i: number) => (call.list ? `${call.list}[${i}].` : '');
    if (call.kind === 'validate') {
      const Results: { Index: number; Valid: boolean; Errors: Record<string, string[]> }[] = [];
      const client = await engine.pool.connect();
      try {
        await client.query('BEGIN');
        for (const [i, item] of items.entries()) {
          await client.query('SAVEPOINT item');
          try {
            await writeIn(client, { model: on, principal, record: valuesOf(call, item), ctx });
            Results.push({ Index: i, Valid: true, Errors: {} });
          } catch (err) {
            const named = inPayloadNames(err, call);
            if (!(named instanceof AppError)) throw err;
            Results.push({
              Index: i,
              Valid: false,
              Errors: Object.fromEntries(Object.entries(named.fields).map(([f, m]) => [f, m.map((x) => x.id)])),
            });
          }
          await client.query('ROLLBACK TO SAVEPOINT item');
        }
      } finally {
        await client.query('ROLLBACK').catch(() => {});
        client.release();
      }
      return { Results, Valid: Results.every((r) => r.Valid) };
    }
    const ids = await inTransaction(
      engine.pool,
      async (client) => {
        const made: number[] = [];
        for (const [i, item] of items.entries()) {
          try {
            made.push((await writeIn(client, { model: on, principal, record: valuesOf(call, item), ctx })).id);
          } catch (err) {
            throw inPayloadNames(err, call, prefix(i));
          }
        }
        return made;
      },
      { rerunnable: true },
    );
    await written([on.table.sqlName]);
    return call.list ? { Created: ids } : readRecord(engine.pool, on, principal, ids[0]);
  };

  app.post<Route>('/mvc/:control/:call', handle);
  // Only the reading kinds answer a GET (READING_KINDS); any other answers 404 as a call that does not exist.
  app.get<Route>('/mvc/:control/:call', handle);
}
