// The one kind of write hook: what a table's named behaviour (`behaviour` of a table) does on
// every write of its rows, whatever the path (a save, an import row, a transition and its
// cascades, an action, a merge, a named call). The write pipeline (write.ts) calls them; the
// behaviours layer registers them by name at start, so this layer names no table.
import type pg from 'pg';
import type { EffectiveField } from '../../definitions/language/index.ts';
import { afterCommit } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import type { TableOf } from './related.ts';

/** One record's write as a hook sees it. */
export interface HookedWrite {
  model: TableModel;
  principal: Principal;
  tableOf: TableOf;
  /** The stored record before the write, every field; null for a new record. */
  before: Record<string, unknown> | null;
}

export interface BeforeWrite extends HookedWrite {
  /** The record as the write will leave it (the stored one with the checked values over it). */
  merged: Record<string, unknown>;
  /** The checked values the write stores, by field: a hook may take one out (a repetition never stored). */
  values: Map<EffectiveField | 'archive', unknown>;
}

export interface AfterWrite extends HookedWrite {
  /** The record as written, every field. */
  after: Record<string, unknown>;
  /** The names of the fields the write gave values. */
  written: string[];
}

export interface AfterDelete extends HookedWrite {
  before: Record<string, unknown>;
}

/**
 * What a table's behaviour does on each write of its rows. The first three run inside the
 * write's transaction (a throw undoes the write); afterCommit runs once per transaction and
 * table after it committed, never after a rollback.
 */
export interface WriteHook {
  /** After the input is normalised and checked, before the SQL: may refuse the write or adjust `values`. */
  beforeWrite?(client: pg.PoolClient, write: BeforeWrite): Promise<void>;
  /** After the row is written, its logs and the checks of its row limits. */
  afterWrite?(client: pg.PoolClient, write: AfterWrite): Promise<void>;
  /** After the row is deleted. */
  afterDelete?(client: pg.PoolClient, write: AfterDelete): Promise<void>;
  /** Once the transaction that wrote or deleted rows of the table committed. */
  afterCommit?(model: TableModel): Promise<void>;
}

const registered = new Map<string, WriteHook>();

/** Registers the hook of a behaviour name (`behaviour` of a table). */
export function registerWriteHook(name: string, hook: WriteHook): void {
  registered.set(name, hook);
}

/**
 * The name a definition kind's hook is registered under when the kind is not a named behaviour:
 * every table with `childrenFrom` runs it.
 */
export const CHILDREN_FROM_HOOK = 'childrenFrom';

/** The hooks of the behaviours the table names, by name, in the order it names them (then its kinds'). */
function namedHooks(model: TableModel): [string, WriteHook][] {
  const named = model.table.behaviour;
  const names: string[] = !named ? [] : Array.isArray(named) ? named : [named];
  if (model.table.childrenFrom?.length) names.push(CHILDREN_FROM_HOOK);
  return names.flatMap((n) => {
    const hook = registered.get(n);
    return hook ? [[n, hook] as [string, WriteHook]] : [];
  });
}

/** The hooks of the behaviours the table names, in the order it names them. */
export const writeHooksOf = (model: TableModel): WriteHook[] => namedHooks(model).map(([, hook]) => hook);

/** Whether a write of the table runs hooks (an import then writes its rows one by one). */
export const hasWriteHooks = (model: TableModel): boolean => writeHooksOf(model).length > 0;

/**
 * Has the hooks' afterCommit run once the client's transaction commits; outside a transaction of
 * inTransaction it runs now.
 */
async function whenCommitted(client: pg.PoolClient, model: TableModel): Promise<void> {
  for (const [name, hook] of namedHooks(model)) {
    const committed = hook.afterCommit;
    if (!committed) continue;
    const run = () => committed(model);
    // Keyed by the table's defined name: once per hook and table in a transaction.
    if (!afterCommit(client, `hook:${name}:${model.table.name}`, run)) await run();
  }
}

export async function beforeWrite(client: pg.PoolClient, write: BeforeWrite): Promise<void> {
  for (const hook of writeHooksOf(write.model)) await hook.beforeWrite?.(client, write);
}

export async function afterWrite(client: pg.PoolClient, write: AfterWrite): Promise<void> {
  for (const hook of writeHooksOf(write.model)) await hook.afterWrite?.(client, write);
  await whenCommitted(client, write.model);
}

export async function afterDelete(client: pg.PoolClient, write: AfterDelete): Promise<void> {
  for (const hook of writeHooksOf(write.model)) await hook.afterDelete?.(client, write);
  await whenCommitted(client, write.model);
}
