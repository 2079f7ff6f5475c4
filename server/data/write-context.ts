// What a write needs besides its record, and the save and delete calls' hooks: shared by the
// write pipeline and what it calls (change logs), so neither imports the other for them.
import type pg from 'pg';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';

/**
 * A table's behaviour after a write, inside the write's transaction: a failure undoes the
 * write. Tables name theirs in the definition (`behaviour`); most have none.
 */
export interface WriteHooks {
  /** Checks (and may adjust) the payload before validation, inside the write's transaction. */
  beforeWrite?(client: pg.PoolClient, input: Record<string, unknown>, principal: Principal): Promise<void>;
  afterWrite(
    client: pg.PoolClient,
    change: {
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      written: string[];
      principal: Principal;
    },
  ): Promise<void>;
}

/** What a write needs besides the record: other tables (a numbering's counters), a transition. */
export interface WriteContext {
  tableOf: (name: string) => TableModel | undefined;
  hooks?: WriteHooks;
  /** The changes come from the definitions (a transition, an action's set): read-only fields take them. */
  byDefinition?: boolean;
  /** Set by a workflow transition: its status `field` may change, and the log row says which transition. */
  transition?: { name: string; field: string; reason?: string | null; comment?: string | null; date?: string | null };
}
