// What happens on every committed-or-not record change of every table, whatever the path (a save,
// an import row, a transition, an action, a named call): observers registered here are told each
// created, updated or deleted record inside the write's transaction, so what they write (a queued
// automation run) commits or rolls back with the change. Unlike write hooks they name no table.
import type pg from 'pg';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';

export interface RecordChange {
  model: TableModel;
  principal: Principal;
  action: 'created' | 'updated' | 'deleted';
  id: number;
  /** The stored record before the change, every field; null for a new record. */
  before: Record<string, unknown> | null;
  /** The record as the change leaves it, every field; null for a deleted one. */
  after: Record<string, unknown> | null;
  /** The workflow transition that made the change, by name. */
  transition?: string;
}

export type ChangeObserver = (client: pg.PoolClient, change: RecordChange) => Promise<void>;

const observers: ChangeObserver[] = [];

/** Registers an observer of every record change (once per process). */
export function observeChanges(observer: ChangeObserver): void {
  if (!observers.includes(observer)) observers.push(observer);
}

export async function recordChangeObserved(client: pg.PoolClient, change: RecordChange): Promise<void> {
  for (const observer of observers) await observer(client, change);
}
