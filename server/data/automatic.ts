// Automatic transitions (`automatic` on a workflow's transition): the engine takes a record's
// transition by itself when its rule comes to hold in the transaction (a purchase order whose last
// open line is received): it did not hold on the record as the transaction found it, it holds on
// the record as the transaction leaves it, and the record is in a state the transition leaves from.
// A rule that held already does not move the record again: a user who reopens a fully received
// order keeps it open. Records are marked by every write of them and by every addition of their
// totals; just before the commit, after the totals, each marked record is looked at. It is the engine's move, a consequence of a
// write the user was allowed: no right or row limit of theirs decides it, and the status log names
// the transition. The write itself is the pipeline's (registered by write.ts, which this module's
// callers import: it cannot import them back).
import type pg from 'pg';
import { evaluateRule, type TransitionDef } from '../../definitions/language/index.ts';
import { atCommit, atCommitPending, transactionOf, type Queryable } from '../db/pool.ts';
import { AppError } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import { SYSTEM_PRINCIPAL } from '../security/principal.ts';
import { relatedValues, type TableOf } from './related.ts';
import { engineTable } from './table-sql.ts';
import { recordFromRow } from './values.ts';
import type { WriteContext } from './write-context.ts';

/** The pipeline's write of one record, as this module uses it. */
export type AutomaticWrite = (
  client: pg.PoolClient,
  w: {
    model: TableModel;
    principal: typeof SYSTEM_PRINCIPAL;
    id: number;
    record: Record<string, unknown>;
    ctx: WriteContext;
  },
) => Promise<unknown>;

let write: AutomaticWrite | undefined;

/** The write pipeline hands itself over once, when it loads. */
export function registerAutomaticWrite(w: AutomaticWrite): void {
  write = w;
}

interface Pending {
  tableOf: TableOf;
  marked: Map<string, Set<number>>;
  /** Each marked record as the transaction found it (null: created in it), by `table:id`. */
  found: Map<string, Record<string, unknown> | null>;
  /** How many automatic moves each record made in this transaction: a loop of rules stops with an error. */
  moves: Map<string, number>;
}
const pending = new WeakMap<object, Pending>();

const automaticOf = (model: TableModel): TransitionDef[] =>
  model.workflow?.def.transitions.filter((t) => t.automatic !== undefined) ?? [];

const leavesFrom = (t: TransitionDef, status: unknown) => t.from === '*' || t.from.some((v) => v === status);

/** A write's connection is a client of the pool (a pool itself has no `release`): the moves are written on it. */
const isClient = (db: Queryable): db is pg.PoolClient => 'release' in db;

function clientOf(db: Queryable): pg.PoolClient {
  if (!isClient(db)) throw new Error('automatic transitions follow writes, which run on a client of the pool');
  return db;
}

/**
 * The record `id` of `model` was written or its totals changed (`before`: the stored row before
 * that, null for a new one): its automatic transitions are looked at before the commit.
 */
export async function transitionsFollow(
  db: Queryable,
  model: TableModel,
  id: number,
  before: Record<string, unknown> | null,
  tableOf: TableOf,
): Promise<void> {
  if (!automaticOf(model).length) return;
  const key = `${model.table.name}:${id}`;
  const transaction = transactionOf(db);
  if (!transaction) {
    // Outside a transaction of inTransaction (a seed's single statement): the record moves now.
    const now = { tableOf, marked: new Map([[model.table.name, new Set([id])]]), found: new Map([[key, before]]) };
    await moveOn(clientOf(db), { ...now, moves: new Map() });
    return;
  }
  let p = pending.get(transaction);
  if (!p) pending.set(transaction, (p = { tableOf, marked: new Map(), found: new Map(), moves: new Map() }));
  if (!p.found.has(key)) p.found.set(key, before);
  const ids = p.marked.get(model.table.name);
  if (ids) ids.add(id);
  else p.marked.set(model.table.name, new Set([id]));
  const state = p;
  atCommit(db, 'automatic', () => runAfterTotals(db, state));
}

/** Totals first: a rule reads them. Still to be added up, this run waits behind them. */
async function runAfterTotals(db: Queryable, state: Pending): Promise<void> {
  if (atCommitPending(db, 'totals')) {
    atCommit(db, 'automatic', () => runAfterTotals(db, state));
    return;
  }
  await moveOn(clientOf(db), state);
}

async function moveOn(client: pg.PoolClient, state: Pending): Promise<void> {
  const marked = state.marked;
  state.marked = new Map();
  for (const [name, ids] of marked) {
    const model = state.tableOf(name);
    if (!model?.workflow) continue;
    const { field } = model.workflow;
    const transitions = automaticOf(model);
    // Read by the engine, locked, all in one statement: whoever wrote the row that moved it, the rule
    // judges the record as it is. A move's write is added up at commit, so it changes no other row read here.
    const rows = (
      await client.query<Record<string, unknown>>(
        `SELECT * FROM ${engineTable(model.table)} WHERE autoid = ANY($1::bigint[]) ORDER BY autoid FOR UPDATE`,
        [[...ids]],
      )
    ).rows;
    for (const row of rows) {
      const id = Number(row.autoid);
      const record = recordFromRow(model, row);
      const status = record[field.name] ?? null;
      const open = transitions.filter((t) => t.to !== status && leavesFrom(t, status));
      if (!open.length) continue;
      const key = `${name}:${id}`;
      const found = state.found.get(key) ?? null;
      const rules = open.map((t) => t.automatic);
      const now = await relatedValues(client, model, record, rules, state.tableOf);
      const then = found && (await relatedValues(client, model, found, rules, state.tableOf));
      const t = open.find(
        (x) =>
          evaluateRule(x.automatic, record, now) && !(found && evaluateRule(x.automatic, found, then ?? undefined)),
      );
      if (!t) continue;
      const moves = (state.moves.get(key) ?? 0) + 1;
      state.moves.set(key, moves);
      if (moves > model.workflow.def.states.length)
        throw new AppError(
          'BAD_REQUEST',
          [model.table.label ?? name, String(record.ID ?? id)],
          {},
          {},
          'workflow.automatic_loop',
        );
      // The write marks the record again: a next automatic transition from its new state follows.
      if (!write) throw new Error('the write pipeline registers itself when it loads');
      await write(client, {
        model,
        principal: SYSTEM_PRINCIPAL,
        id,
        record: { [field.name]: t.to },
        ctx: { byDefinition: true, tableOf: state.tableOf, transition: { name: t.name, field: field.name } },
      });
    }
  }
}
