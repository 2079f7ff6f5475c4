// Named behaviours that hold on every write of a table, whatever the path (a save, an import, a
// transition, an action): the few calculations no definition can express. The behaviours layer
// registers them by name at start; a table names its own (`behaviour`), and the writes of this
// layer call them inside their transaction.
import type pg from 'pg';
import type { TableModel } from '../metadata/model.ts';
import type { TableOf } from './related.ts';

export interface RecordBehaviour {
  /** Before the row is written: may refuse the write (throw a 400). `current` is null for a new record. */
  check?(
    client: pg.PoolClient,
    model: TableModel,
    merged: Record<string, unknown>,
    current: Record<string, unknown> | null,
    tableOf: TableOf,
  ): Promise<void>;
  /** After the row was written or deleted (`after` null), in the same transaction. */
  written?(
    client: pg.PoolClient,
    model: TableModel,
    after: Record<string, unknown> | null,
    before: Record<string, unknown> | null,
    tableOf: TableOf,
  ): Promise<void>;
}

const registered = new Map<string, RecordBehaviour>();

export function registerRecordBehaviour(name: string, behaviour: RecordBehaviour): void {
  registered.set(name, behaviour);
}

/** The record behaviours the table names. */
export function recordBehavioursOf(model: TableModel): RecordBehaviour[] {
  const names = model.table.behaviour;
  if (!names) return [];
  return (Array.isArray(names) ? names : [names]).flatMap((n) => registered.get(n) ?? []);
}
