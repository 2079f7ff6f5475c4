// Which events a user may receive: their own (a job of theirs, their session), those for everyone
// (definitions changed), and record events of tables they may read about rows inside their row
// limits, decided by the same access functions as every other path.
import type pg from 'pg';
import { limited } from '../data/table-sql.ts';
import { Params } from '../data/filters.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';

export interface StoredEvent {
  id: number;
  txid: string;
  type: string;
  table: string | null;
  recordId: number | null;
  userId: number | null;
  data: Record<string, unknown>;
}

/** The table of a record event, as the definitions of the moment have it. */
export type ModelOf = (sqlName: string) => TableModel | undefined;

export async function visibleTo(
  pool: pg.Pool,
  principal: Principal,
  events: readonly StoredEvent[],
  modelOf: ModelOf,
): Promise<StoredEvent[]> {
  const byTable = new Map<string, StoredEvent[]>();
  for (const e of events) if (e.table && e.userId === null) byTable.set(e.table, [...(byTable.get(e.table) ?? []), e]);
  const visibleIds = new Set<number>();
  for (const [table, tableEvents] of byTable) {
    const model = modelOf(table);
    if (!model || !principal.can(model.table.right, 'read')) continue;
    const params = new Params();
    const rows = limited(model, principal, 't', params);
    if (!rows.admitted.length) {
      for (const e of tableEvents) visibleIds.add(e.id);
      continue;
    }
    // A deleted row can no longer be checked against the limits: only users without limits hear of it.
    const ids = tableEvents.filter((e) => e.data.Action !== 'deleted').map((e) => e.recordId);
    const seen = new Set(
      (
        await pool.query<{ autoid: number }>(
          `SELECT t.autoid ${rows.from([`t.autoid = ANY(${params.add(ids)}::bigint[])`])}`,
          params.values,
        )
      ).rows.map((r) => Number(r.autoid)),
    );
    for (const e of tableEvents)
      if (e.recordId !== null && seen.has(e.recordId) && e.data.Action !== 'deleted') visibleIds.add(e.id);
  }
  return events.filter((e) =>
    e.userId !== null ? e.userId === principal.userId : e.table === null || visibleIds.has(e.id),
  );
}
