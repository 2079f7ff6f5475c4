// Status workflows: which transitions a user may make on a record now, and making one. A
// transition checks, in this order: the right (403), the state it leaves from, its prompts, its
// guard and the fields it requires (400, naming the part); then it writes the record through the
// same checks as any save, a status log row, and its cascades to child rows.
import type pg from 'pg';
import { evaluateRule, type TransitionDef, type TransitionsAnswer } from '../../definitions/language/index.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { AppError, badRequest, forbidden, invalidFields } from '../errors.ts';
import { authorize, readStored } from '../data/records.ts';
import { writeIn, type WriteContext } from '../data/write.ts';
import { Params } from '../data/filters.ts';
import { limited } from '../data/table-sql.ts';
import { readAheadRelated, relatedValues, type TableOf } from '../data/related.ts';
import { applyToMany } from './apply.ts';
import { drawNumbers, numbersNow } from '../data/numbering.ts';
import { ident } from '../db/sql.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { Ignored } from './batch.ts';
import { stateLabel } from './labels.ts';
import { changesOf, checkPrompts, logPart, promptFiltersHold, promptInfo, requiredNow, ruleParts } from './prompts.ts';

function workflowOf(model: TableModel) {
  if (!model.workflow) throw badRequest('request.no_workflow', model.table.name);
  return model.workflow;
}

const leavesFrom = (t: TransitionDef, status: unknown) => t.from === '*' || t.from.some((v) => v === status);
// An automatic transition is the engine's alone (data/automatic.ts): never offered, never made by a call.
const mayMake = (model: TableModel, principal: Principal, t: TransitionDef) =>
  t.automatic === undefined &&
  principal.can(model.table.right, 'update') &&
  (!t.right || principal.can(t.right, 'execute'));

/** The transitions the principal may make on the record now (right, state and guard hold). */
export async function transitionsOf(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  autoId: number,
  tableOf: TableOf,
): Promise<TransitionsAnswer> {
  const record = await readStored(db, model, principal, autoId);
  // A table without a workflow has no transitions to offer.
  if (!model.workflow) return { Field: null, Status: null, StatusLabel: null, Stages: [], Transitions: [] };
  const { def, field } = model.workflow;
  const status = record[field.name] ?? null;
  const candidates = def.transitions.filter(
    (t) => !t.viaAction && t.to !== status && leavesFrom(t, status) && mayMake(model, principal, t),
  );
  const related = await relatedValues(
    db,
    model,
    record,
    candidates.map((t) => t.guard),
    tableOf,
  );
  const open = candidates.filter((t) => evaluateRule(t.guard, record, related));
  const asked = await relatedValues(db, model, record, open.flatMap(ruleParts), tableOf);
  return {
    Field: field.name,
    Status: status as TransitionsAnswer['Status'],
    StatusLabel: stateLabel(model, status),
    Stages: (def.stages ?? []).map((value) => ({ Value: value, Label: stateLabel(model, value) ?? String(value) })),
    Transitions: open.map((t) => ({
      Name: t.name,
      Label: t.label,
      To: t.to,
      ToLabel: stateLabel(model, t.to) ?? String(t.to),
      Warning: t.warning ?? null,
      Prompts: (requiredNow(t.prompts, record, asked) ?? []).map((p) =>
        promptInfo(p, `${model.table.name}.${t.name}.${p.name}`),
      ),
    })),
  };
}

export function transitionNamed(model: TableModel, name: string): TransitionDef {
  const t = workflowOf(model).def.transitions.find((x) => x.name === name);
  if (!t || t.automatic !== undefined) throw badRequest('request.unknown_transition', name);
  return t;
}

/**
 * Makes one transition on one record inside the caller's transaction. Answers the tables it
 * wrote (the record's, and those its cascades reached).
 */
export async function makeTransition(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  autoId: number,
  t: TransitionDef,
  values: Record<string, unknown>,
  ctx: WriteContext,
  stamp?: number,
  locked?: Record<string, unknown>,
): Promise<string[]> {
  authorize(model, principal, 'update');
  if (!mayMake(model, principal, t)) throw forbidden();
  // `locked`: the record as read and locked in this transaction by the caller.
  const record = locked ?? (await readStored(client, model, principal, autoId, true));
  return (await makeTransitions(client, model, principal, [record], t, values, ctx, stamp))[0];
}

/** A record's transition, checked and ready to write. */
interface Planned {
  id: number;
  record: Record<string, unknown>;
  changes: Record<string, unknown>;
  merged: Record<string, unknown>;
  prompts: Record<string, unknown>;
  /** The context of the rows changed along (their change logs say which record's transition it was). */
  along: WriteContext & Required<Pick<WriteContext, 'transition'>>;
}

/**
 * Makes one transition on each of the records (read and locked by the caller in this
 * transaction; a batch's chunk) at once: every record is checked first, then the numbers are drawn
 * together, the rows each `apply` makes go in one insert for all the records, and each record is
 * written. Answers, per record, the tables it wrote. Any refusal fails them all (a batch then runs
 * each alone).
 */
export async function makeTransitions(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  records: readonly Record<string, unknown>[],
  t: TransitionDef,
  values: Record<string, unknown>,
  ctx: WriteContext,
  stamp?: number,
): Promise<string[][]> {
  const { field } = workflowOf(model);
  authorize(model, principal, 'update');
  if (!mayMake(model, principal, t)) throw forbidden();
  // The rows the rules read, for all the records in a statement per table.
  await readAheadRelated(client, model, records, [...ruleParts(t), t.guard], ctx.tableOf);
  const planned: Planned[] = [];
  for (const record of records) planned.push(await checked(client, model, principal, record, t, values, ctx, stamp));
  // A number drawn at this transition (an invoice's at completion) is there for what is made
  // along (its journal's document number); the counter stays locked until the transaction ends.
  const numbering = model.table.numbering;
  if (
    numbering &&
    numbersNow(numbering, planned[0]?.record ?? null, { transition: { name: t.name, field: field.name } })
  ) {
    const drawn = await drawNumbers(
      client,
      model,
      ctx.tableOf,
      planned.map((p) => ({ record: p.changes, current: p.record })),
    );
    for (const [i, name] of drawn.entries()) if (name) planned[i].merged[name] = planned[i].changes[name];
  }
  // The rows changed along go first, while the record is still in the state it leaves: a child
  // row's own checks (a receipt line may change only while its receipt is a concept) judge it so.
  const written = planned.map(() => [model.table.sqlName]);
  for (const apply of t.apply ?? []) {
    const done = await applyToMany(
      client,
      model,
      principal,
      planned.map((p) => ({ record: { ...p.merged, AutoID: p.id }, ctx: p.along })),
      apply,
    );
    for (const [i, tables] of done.entries()) written[i].push(...tables);
  }
  for (const p of planned)
    await writeIn(client, {
      model,
      principal,
      id: p.id,
      record: p.changes,
      ctx: { ...ctx, transition: { name: t.name, field: field.name, ...logPart(p.prompts) } },
      stamp,
      locked: p.record,
    });
  for (const [i, p] of planned.entries())
    for (const cascade of t.cascade ?? []) {
      const child = ctx.tableOf(cascade.table);
      if (!child) continue;
      written[i].push(...(await cascadeTo(client, child, principal, p.id, cascade, t.name, ctx)));
    }
  return written;
}

/**
 * A record's transition checked, in this order: its TimeStamp, the state it leaves from, its
 * prompts, its guard and the fields it requires; answers what it changes.
 */
async function checked(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  record: Record<string, unknown>,
  t: TransitionDef,
  values: Record<string, unknown>,
  ctx: WriteContext,
  stamp: number | undefined,
): Promise<Planned> {
  const { field } = workflowOf(model);
  const id = Number(record.AutoID);
  // The client saw an older version: someone else changed the record meanwhile (409).
  if (stamp !== undefined && record.TimeStamp !== stamp)
    throw new AppError(
      'CONCURRENCY',
      [],
      {},
      { Current: { TimeStamp: record.TimeStamp, ModifiedBy: record.ModifiedBy } },
    );
  const status = record[field.name] ?? null;
  if (status === t.to) throw new Ignored('workflow.already', [stateLabel(model, t.to) ?? String(t.to)]);
  if (!leavesFrom(t, status))
    throw invalidFields({
      [field.name]: [{ id: 'workflow.not_from_state', args: [t.label, stateLabel(model, status) ?? String(status)] }],
    });
  // Rules of prompts and requires may read settings (`$settings.…`), judged on the record as it stands.
  const related = await relatedValues(client, model, record, ruleParts(t), ctx.tableOf);
  const asked = requiredNow(t.prompts, record, related);
  const prompts = checkPrompts(asked, values);
  await promptFiltersHold(client, model, asked, prompts, ctx.tableOf);
  const changes = { ...changesOf(t.set, prompts, principal, record), [field.name]: t.to };
  const merged = { ...record, ...changes };
  // Referenced rows are read through the record as it stands: a transition that clears the
  // reference (an unlock clearing its lock reason) is judged by what it leaves.
  if (!evaluateRule(t.guard, merged, await relatedValues(client, model, record, [t.guard], ctx.tableOf))) {
    throw invalidFields({
      [field.name]: [
        t.guardMessage ? { id: 'validation.check', args: [t.guardMessage] } : { id: 'workflow.guard', args: [t.label] },
      ],
    });
  }
  const missing = (t.requires ?? [])
    .filter((r) => typeof r === 'string' || evaluateRule(r.when, merged, related))
    .map((r) => model.byName.get((typeof r === 'string' ? r : r.field).toLowerCase())!)
    .filter((f) => isEmptyValue(merged[f.name] ?? null));
  if (missing.length)
    throw invalidFields(
      Object.fromEntries(
        missing.map((f) => [
          f.name,
          [{ id: 'workflow.requires', args: [f.label ?? f.name, stateLabel(model, t.to) ?? String(t.to)] }],
        ]),
      ),
    );
  // They carry the transition's reason into their change logs; their own status field stays
  // theirs (no field of theirs is this transition's).
  // Without a reason of its own, a change log says which record's transition it was ("ONT-000012: Verwerken").
  const part = logPart(prompts);
  const along = {
    ...ctx,
    byDefinition: true,
    transition: {
      name: t.name,
      field: '',
      ...part,
      reason: part.reason ?? `${String(record.ID ?? id)}: ${t.label}`,
    },
  };
  return { id, record, changes, merged, prompts, along };
}

/** Child rows of the record in one of the cascade's states move to its state, each as a transition of its own. */
async function cascadeTo(
  client: pg.PoolClient,
  child: TableModel,
  principal: Principal,
  parentId: number,
  cascade: NonNullable<TransitionDef['cascade']>[number],
  name: string,
  ctx: WriteContext,
): Promise<string[]> {
  const parent = child.byName.get(cascade.parentField.toLowerCase())!;
  const status = child.byName.get(cascade.field.toLowerCase())!;
  const params = new Params();
  const where = [
    `t.${ident(parent.sqlName)} = ${params.add(parentId)}`,
    `t.${ident(status.sqlName)} IS DISTINCT FROM ${params.add(cascade.to)}`,
  ];
  if (cascade.from) where.push(`t.${ident(status.sqlName)} = ANY(${params.add(cascade.from)})`);
  const ids = (
    await client.query<{ autoid: number }>(
      `SELECT t.autoid ${limited(child, principal, 't', params).from(where)} ORDER BY t.autoid`,
      params.values,
    )
  ).rows.map((r) => Number(r.autoid));
  for (const id of ids)
    await writeIn(client, {
      model: child,
      principal,
      id,
      record: { [status.name]: cascade.to },
      ctx: { ...ctx, transition: { name, field: status.name } },
    });
  return ids.length ? [child.table.sqlName] : [];
}
