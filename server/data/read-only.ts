// Read-only states (a workflow state's `readOnly`): a record in such a state — a completed
// invoice — takes no change but a transition, and the rows of the workflow's `readOnlyChildren`
// under it — the invoice's lines — take none at all. The write pipeline and the delete call these,
// so every path holds them: save, import, batch, named call, action, child-row writes.
import { Labelled, labelled } from '../../definitions/language/message-args.ts';
import type { StateDef } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { AppError } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { TableOf } from './related.ts';
import { engineTable } from './table-sql.ts';
import type { WriteContext } from './write-context.ts';

/** The read-only state a stored row of `model` is in, if any. */
function readOnlyState(model: TableModel, row: Record<string, unknown>): StateDef | undefined {
  const wf = model.workflow;
  const value = wf ? row[wf.field.name] : undefined;
  if (!wf || value === undefined || value === null) return undefined;
  return wf.def.states.find((s) => s.readOnly && String(s.value) === String(value));
}

const stateArg = (state: StateDef) => new Labelled(String(state.value), state.label);

/** Refuses a change of a stored record in a read-only state, unless a transition of its workflow makes it. */
export function refuseReadOnlyRecord(
  model: TableModel,
  stored: Record<string, unknown>,
  ctx: Pick<WriteContext, 'transition'> | null,
): void {
  if (ctx?.transition) return;
  const state = readOnlyState(model, stored);
  if (state) throw new AppError('RECORD_READ_ONLY', [labelled(model.table), stateArg(state)]);
}

/** The parent and its read-only state that lock one of `rows` (`readOnlyChildren`), if any. */
async function lockingParent(
  db: Queryable,
  model: TableModel,
  rows: (Record<string, unknown> | null)[],
  tableOf: TableOf,
): Promise<{ parents: TableModel; state: StateDef } | undefined> {
  for (const { parent, via } of model.lockedBy) {
    const parents = tableOf(parent);
    const wf = parents?.workflow;
    const ids = [...new Set(rows.map((r) => r?.[via.name]).filter((v) => v !== null && v !== undefined))];
    if (!parents || !wf || !ids.length) continue;
    const locked = wf.def.states.filter((s) => s.readOnly);
    // The parent's status is the engine's to read, whoever writes the child: only the refusal is answered.
    const found = await db.query<{ status: unknown }>(
      `SELECT ${ident(wf.field.sqlName)} AS status FROM ${engineTable(parents.table)} WHERE autoid = ANY($1::bigint[])`,
      [ids.map(Number)],
    );
    for (const { status } of found.rows) {
      const state = locked.find((s) => String(s.value) === String(status));
      if (state) return { parents, state };
    }
  }
  return undefined;
}

/**
 * Refuses a write or delete of a row whose parent — as stored, or as the write leaves it — is in
 * a read-only state that locks it (`readOnlyChildren`). A transition of the parent that moves its
 * children along (a cascade, an apply) is the definitions' own change and passes.
 */
export async function refuseLockedParents(
  db: Queryable,
  model: TableModel,
  rows: (Record<string, unknown> | null)[],
  tableOf: TableOf,
  ctx: Pick<WriteContext, 'transition' | 'along'> | null,
): Promise<void> {
  if (!model.lockedBy.length || ctx?.transition || ctx?.along) return;
  const lock = await lockingParent(db, model, rows, tableOf);
  if (lock)
    throw new AppError(
      'RECORD_READ_ONLY',
      [labelled(lock.parents.table), stateArg(lock.state)],
      {},
      {},
      'errors.parent_read_only',
    );
}

/** Whether a stored row is in a read-only state or under a parent in one: what the engine derives of it stays as it is. */
export async function isReadOnlyRow(
  db: Queryable,
  model: TableModel,
  row: Record<string, unknown>,
  tableOf: TableOf,
): Promise<boolean> {
  if (readOnlyState(model, row)) return true;
  return model.lockedBy.length > 0 && (await lockingParent(db, model, [row], tableOf)) !== undefined;
}
