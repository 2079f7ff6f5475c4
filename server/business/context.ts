// What the business calls work with: the pool, the definitions of the moment, the acting
// principal, and the named behaviours actions may run.
import type pg from 'pg';
import type { WriteContext } from '../data/write.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';

/** A named server behaviour an action may run on one record, inside the item's transaction. */
export type ActionBehaviour = (
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  autoId: number,
  values: Record<string, unknown>,
) => Promise<void>;

export interface BusinessContext {
  pool: pg.Pool;
  snapshot: Snapshot;
  principal: Principal;
  behaviours?: ReadonlyMap<string, ActionBehaviour>;
  /** A text of the definitions in the user's language (a transition's warnings); as written without it. */
  translate?: (text: string) => string;
}

/** Writes of transitions and actions: what they set comes from the definitions. */
export const writeContext = (ctx: BusinessContext): WriteContext => ({
  tableOf: (name) => ctx.snapshot.table(name),
  byDefinition: true,
});
