// Screen actions on selected records, each record in its own transaction: a workflow
// transition, fields set from prompts, a merge into another record, or a named behaviour.
import type pg from 'pg';
import { evaluateRule, type ActionDef, type BatchAnswer } from '../../definitions/language/index.ts';
import { readAheadRelated, relatedValues } from '../data/related.ts';
import { AppError, badRequest, forbidden, invalidFields, notFound, refused, refusedBy } from '../errors.ts';
import { ident } from '../db/sql.ts';
import { inTransaction } from '../db/pool.ts';
import { authorize, readStored, readStoredWhere } from '../data/records.ts';
import { createManyIn, deleteIn, rowsRewritten, writeIn } from '../data/write.ts';
import { recordChanged } from '../data/events.ts';
import { Params } from '../data/filters.ts';
import { engineTable, limited } from '../data/table-sql.ts';
import type { TableModel } from '../metadata/model.ts';
import { Ignored, runBatch } from './batch.ts';
import { writeContext, type BusinessContext } from './context.ts';
import { changesOf, checkPrompts, requiredBySettings, withSettingDefaults } from './prompts.ts';
import { copyChildrenOfMany, createGrouped } from './copy.ts';
import { changeRecords } from './change.ts';
import { makeTransition, makeTransitions, transitionNamed } from './transitions.ts';
import { withWarnings } from './warnings.ts';

export function actionNamed(model: TableModel, name: string): ActionDef {
  for (const screen of model.screens) {
    const action = screen.actions?.find((a) => a.name === name);
    if (action) return action;
  }
  throw badRequest('request.unknown_action', name);
}

/**
 * Makes a transition on each record. With `stamp` (one record, the TimeStamp the client read) a
 * record someone changed meanwhile is refused as a whole (409), not as a failed batch item.
 */
export async function changeStatus(
  ctx: BusinessContext,
  model: TableModel,
  ids: readonly number[],
  transition: string,
  values: Record<string, unknown> = {},
  stamp?: number,
): Promise<BatchAnswer> {
  const t = transitionNamed(model, transition);
  // A refusal that holds for every record is one answer, not a batch of the same failure.
  authorize(model, ctx.principal, 'update');
  if (t.right && !ctx.principal.can(t.right, 'execute')) throw forbidden();
  checkPrompts(await requiredBySettings(ctx.pool, model, t.prompts, writeContext(ctx).tableOf), values);
  if (stamp !== undefined && new Set(ids).size !== 1) throw badRequest('request.timestamp_one');
  const answer = await runBatch(
    ctx.pool,
    model,
    ctx.principal,
    ids,
    (client, id) => makeTransition(client, model, ctx.principal, id, t, values, writeContext(ctx), stamp),
    {
      rerunnable: true,
      // A chunk's records read and locked in one statement; one not found fails the chunk, and its items run alone.
      many: async (client, chunk) => {
        const records = await readStoredWhere(client, model, ctx.principal, [['AutoID', [...chunk]]], true);
        if (records.length !== chunk.length) throw notFound();
        // In the chunk's order: the numbers drawn follow the order the records were chosen in.
        const at = new Map(chunk.map((id, i) => [id, i]));
        records.sort((a, b) => (at.get(Number(a.AutoID)) ?? 0) - (at.get(Number(b.AutoID)) ?? 0));
        return makeTransitions(client, model, ctx.principal, records, t, values, writeContext(ctx), stamp);
      },
    },
  );
  const conflict = answer.Results.find((r) => r.Key === 'errors.concurrency');
  if (conflict) {
    const params = new Params();
    const current = await ctx.pool.query<{ timestamp: number; modifiedby: string | null }>(
      `SELECT t.timestamp, t.modifiedby ${limited(model, ctx.principal, 't', params).from([`t.autoid = ${params.add(conflict.AutoID)}`])}`,
      params.values,
    );
    throw new AppError(
      'CONCURRENCY',
      [],
      {},
      {
        Current: {
          TimeStamp: Number(current.rows[0]?.timestamp ?? 0),
          ModifiedBy: current.rows[0]?.modifiedby ?? null,
        },
      },
    );
  }
  return withWarnings(ctx, model, t, answer);
}

/** Runs a screen action on each record. */
export async function runAction(
  ctx: BusinessContext,
  model: TableModel,
  name: string,
  ids: readonly number[],
  values: Record<string, unknown> = {},
): Promise<BatchAnswer> {
  const action = actionNamed(model, name);
  authorize(model, ctx.principal, 'update');
  if (action.right && !ctx.principal.can(action.right, 'execute')) throw forbidden();
  values = await withSettingDefaults(ctx.pool, model, action.prompts, values, writeContext(ctx).tableOf);
  const selected = [...new Set(ids)];
  if (action.minSelected && selected.length < action.minSelected)
    throw refused('actions.min_selected', action.minSelected);
  if (action.guards?.length) await keepsGuards(ctx, model, action, selected);
  if (action.transition) return changeStatus(ctx, model, ids, action.transition, values);
  if (action.choose) {
    // The answer chooses the transition; the transition's own prompts take the other values.
    const { [action.choose.prompt]: answer, ...rest } = checkPrompts(action.prompts, values);
    const chosen = action.choose.transitions[String(answer)];
    if (!chosen) throw badRequest('request.unknown_transition', String(answer));
    return changeStatus(ctx, model, ids, chosen, rest);
  }
  const prompts = checkPrompts(action.prompts, values);
  if (action.merge === true) return merge(ctx, model, ids, prompts.Target as number);
  if (action.merge) return collect(ctx, model, action.merge, selected);
  if (action.create) return createFrom(ctx, model, action.create, ids, prompts);
  if (action.change) return changeRecords(ctx, model, action.change, ids, prompts);
  if (action.behaviour) {
    const behaviour = ctx.behaviours?.get(action.behaviour);
    if (!behaviour) throw badRequest('request.unknown_behaviour', action.behaviour);
    // Not run again after a conflict: a behaviour may act outside the transaction (runNow queues a job).
    return runBatch(ctx.pool, model, ctx.principal, ids, async (client, id) => {
      await behaviour(client, model, ctx.principal, id, prompts);
      return [model.table.sqlName];
    });
  }
  return runBatch(
    ctx.pool,
    model,
    ctx.principal,
    ids,
    async (client, id) => {
      const current = await readStored(client, model, ctx.principal, id, true);
      // A rule among the values is computed over each record as it stands (an end date moved on by its term).
      const changes = changesOf(action.set, prompts, ctx.principal, current);
      if (
        Object.entries(changes).every(
          ([field, value]) => current[model.byName.get(field.toLowerCase())?.name ?? field] === value,
        )
      ) {
        throw new Ignored('actions.nothing_changes');
      }
      await writeIn(client, {
        model,
        principal: ctx.principal,
        id,
        record: changes,
        ctx: writeContext(ctx),
        locked: current,
      });
      return [model.table.sqlName];
    },
    { rerunnable: true },
  );
}

/**
 * Creates a row of another table per record (an object put in a move basket, say), through
 * that table's rights and checks; the record must be one the user sees. With `children` the
 * record's child rows are copied under the new row (an invoice made from an order's lines), and
 * the item offers the new row to open; without them only when `open` says so.
 */
function createFrom(
  ctx: BusinessContext,
  model: TableModel,
  create: NonNullable<ActionDef['create']>,
  ids: readonly number[],
  prompts: Record<string, unknown>,
): Promise<BatchAnswer> {
  const target = ctx.snapshot.table(create.table);
  if (!target) throw badRequest('request.unknown_action', create.table);
  authorize(target, ctx.principal, 'create');
  const values = (record: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(create.set)) {
      out[field] =
        typeof value === 'string' && value.startsWith('$record.')
          ? (record[value.slice(8)] ?? null)
          : changesOf({ v: value }, prompts, ctx.principal, record).v;
    }
    return out;
  };
  // The row made is offered to open (with copied children, or as the action says), when the user may read it.
  const offered = (id: number) =>
    (create.children || create.open) && target.table.right && ctx.principal.can(target.table.right, 'read')
      ? { Table: target.table.name, AutoID: id }
      : undefined;
  // Grouped: a row per group of each record's copied child rows (picklists per warehouse and pick zone).
  const makeGrouped = async (
    client: pg.PoolClient,
    records: Record<string, unknown>[],
    groupBy: Record<string, string>,
  ) => {
    const { made, written } = await createGrouped(
      client,
      ctx.principal,
      model,
      target,
      records,
      records.map(values),
      create.children ?? [],
      groupBy,
      writeContext(ctx),
      prompts,
    );
    return records.map((record, i) => {
      const first = made.find((m) => m.of === i);
      if (!first) {
        if (create.none) throw refusedBy(create.none, record.ID ?? record.AutoID);
        return [];
      }
      return { written, open: offered(first.id) };
    });
  };
  // The work for records read: a row made for each, then their child rows copied, each table's in one insert.
  const makeFor = async (client: pg.PoolClient, records: Record<string, unknown>[]) => {
    if (create.groupBy) return makeGrouped(client, records, create.groupBy);
    const made = await createManyIn(
      client,
      records.map((record) => ({
        model: target,
        principal: ctx.principal,
        record: values(record),
        ctx: writeContext(ctx),
      })),
    );
    if (!create.children) {
      return made.map(({ id }) => {
        const open = offered(id);
        return open ? { written: [target.table.sqlName], open } : [target.table.sqlName];
      });
    }
    const copy = await copyChildrenOfMany(
      client,
      ctx.principal,
      model,
      target,
      records.map((record, i) => ({ record, made: made[i].id })),
      create.children,
      writeContext(ctx),
      prompts,
    );
    return records.map((record, i) => {
      if (!copy.copied[i] && create.none) throw refusedBy(create.none, record.ID ?? record.AutoID);
      return { written: [target.table.sqlName, ...copy.written], open: offered(made[i].id) };
    });
  };
  return runBatch(
    ctx.pool,
    model,
    ctx.principal,
    ids,
    async (client, id) => (await makeFor(client, [await readStored(client, model, ctx.principal, id)]))[0],
    {
      rerunnable: true,
      // A chunk's records in one read; a record not found fails the chunk, and its items run alone.
      many: async (client, chunk) => {
        const records = await readStoredWhere(client, model, ctx.principal, [['AutoID', [...chunk]]]);
        if (records.length !== chunk.length) throw notFound();
        const byId = new Map(records.map((r) => [Number(r.AutoID), r]));
        return makeFor(
          client,
          chunk.flatMap((id) => [byId.get(id)].filter((r) => r !== undefined)),
        );
      },
    },
  );
}

/**
 * The action's guards over every selected record the user sees, before any work: the first rule
 * a record breaks refuses the whole action with its message (`{0}` the record's ID).
 */
async function keepsGuards(
  ctx: BusinessContext,
  model: TableModel,
  action: ActionDef,
  ids: readonly number[],
): Promise<void> {
  const tableOf = (n: string) => ctx.snapshot.table(n);
  const rules = action.guards!.map((g) => g.rule);
  // One read of all the records, and of the rows their rules read, in a transaction that remembers them.
  await inTransaction(ctx.pool, async (client) => {
    const records = await readStoredWhere(client, model, ctx.principal, [['AutoID', [...ids]]]);
    if (records.length !== ids.length) throw notFound();
    await readAheadRelated(client, model, records, rules, tableOf);
    const byId = new Map(records.map((r) => [Number(r.AutoID), r]));
    for (const record of ids.flatMap((id) => [byId.get(id)].filter((r) => r !== undefined))) {
      const related = await relatedValues(client, model, record, rules, tableOf);
      const broken = action.guards!.find((g) => !evaluateRule(g.rule, record, related));
      if (broken) throw refusedBy(broken.message, record.ID ?? record.AutoID);
    }
  });
}

/**
 * Collecting: the selected records (at least two, sharing the `match` fields) are merged into
 * the first selected, in one transaction: what references the others (their lines) moves to it.
 */
async function collect(
  ctx: BusinessContext,
  model: TableModel,
  how: Exclude<ActionDef['merge'], true | undefined>,
  ids: readonly number[],
): Promise<BatchAnswer> {
  const [into, ...rest] = ids;
  const records = await Promise.all(ids.map((id) => readStored(ctx.pool, model, ctx.principal, id)));
  const differs = (how.match ?? []).some((name) => {
    const f = model.byName.get(name.toLowerCase())!;
    return records.some((r) => (r[f.name] ?? null) !== (records[0][f.name] ?? null));
  });
  if (differs) throw refusedBy(how.matchMessage ?? '');
  return merge(ctx, model, rest, into);
}

/** Every list field of any table that holds an AutoID of `model`'s table. */
function references(ctx: BusinessContext, model: TableModel) {
  const target = model.table.sqlName;
  return [...ctx.snapshot.effective.tables.values()].flatMap((table) => {
    const m = ctx.snapshot.table(table.name);
    return m
      ? m.listJoins
          .filter((j) => j.ref.sqlName === target)
          .map((j) => ({ model: m, table: m.table.sqlName, column: j.field.sqlName }))
      : [];
  });
}

/**
 * Merges each record into `target`: every reference to it moves to the target, then it is
 * deleted. The action's right decides who may; references in rows the user cannot see move too,
 * or the merged record could not go.
 */
function merge(ctx: BusinessContext, model: TableModel, ids: readonly number[], target: number): Promise<BatchAnswer> {
  authorize(model, ctx.principal, 'delete');
  if (ids.includes(target)) throw invalidFields({ Target: [{ id: 'actions.merge_self', args: [] }] });
  const refs = references(ctx, model);
  return runBatch(
    ctx.pool,
    model,
    ctx.principal,
    ids,
    async (client: pg.PoolClient, id) => {
      await readStored(client, model, ctx.principal, target, true);
      const written = new Set<string>([model.table.sqlName]);
      for (const ref of refs) {
        // Every reference moves, in rows the user sees or not (see above); the rows are not answered.
        const moved = await client.query<{ autoid: number }>(
          `UPDATE ${engineTable(ref.model.table)} SET ${ident(ref.column)} = $1, timestamp = timestamp + 1, modifiedby = $3 WHERE ${ident(ref.column)} = $2 RETURNING autoid`,
          [target, id, ctx.principal.username],
        );
        if (moved.rowCount) written.add(ref.table);
        const refModel = ref.model;
        for (const row of moved.rows) await recordChanged(client, refModel, Number(row.autoid), 'updated');
        await rowsRewritten(
          client,
          refModel,
          moved.rows.map((r) => Number(r.autoid)),
          (name) => ctx.snapshot.table(name),
          ctx.principal,
          [refModel.table.fields.find((f) => f.sqlName === ref.column)?.name ?? ref.column],
        );
      }
      await deleteIn(client, { model, principal: ctx.principal, id, tableOf: (name) => ctx.snapshot.table(name) });
      return [...written];
    },
    { rerunnable: true },
  );
}
