// Live events are written in the transaction of the change they tell, and a NOTIFY (delivered at
// commit, one per transaction however many events) wakes every process's event hub.
import { EVENT_TYPES } from '../../definitions/language/index.ts';
import { atCommit, transactionOf, type Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';

export const LIVE_EVENT_CHANNEL = 'live_event';

export { EVENT_TYPES };
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

export interface LiveEvent {
  type: EventType;
  /** A record event: seen only by users who may read the table and see the row. */
  table?: string;
  recordId?: number;
  /** An event for one user only. */
  userId?: number;
  data?: Record<string, unknown>;
}

/** Events a transaction has told so far, written together just before it commits (by transaction: a rollback forgets them). */
const told = new WeakMap<object, LiveEvent[]>();

/** The events in one round trip: the rows and the wake-up (NOTIFY is sent at commit, once per transaction). */
async function writeEvents(db: Queryable, events: LiveEvent[]): Promise<void> {
  const params: unknown[] = [];
  const rows = events.map((e) => {
    params.push(e.type, e.table ?? null, e.recordId ?? null, e.userId ?? null, JSON.stringify(e.data ?? {}));
    const n = params.length;
    return `($${n - 4}, $${n - 3}, $${n - 2}::bigint, $${n - 1}::bigint, $${n}::jsonb)`;
  });
  await db.query(
    `WITH e AS (INSERT INTO core_event (event_type, table_name, record_id, user_id, data) VALUES ${rows.join(', ')} RETURNING 1)
     SELECT pg_notify('${LIVE_EVENT_CHANNEL}', '') FROM e LIMIT 1`,
    params,
  );
}

export async function emitEvent(db: Queryable, event: LiveEvent): Promise<void> {
  // In a transaction the events of its writes (a receipt of 500 lines) go in one statement at its commit.
  const transaction = transactionOf(db);
  if (!transaction) {
    await writeEvents(db, [event]);
    return;
  }
  const pending = told.get(transaction);
  if (pending) {
    pending.push(event);
    return;
  }
  const events = [event];
  told.set(transaction, events);
  atCommit(
    db,
    'events',
    async () => {
      // Events told while these are written (by work that runs at commit too) start a list of their own.
      told.delete(transaction);
      for (let i = 0; i < events.length; i += 1000) await writeEvents(db, events.slice(i, i + 1000));
    },
    { last: true },
  );
}

/** A record of the table was created, updated or deleted. */
export function recordChanged(
  db: Queryable,
  model: TableModel,
  autoId: number,
  action: 'created' | 'updated' | 'deleted',
): Promise<void> {
  return emitEvent(db, {
    type: EVENT_TYPES.RecordChanged,
    table: model.table.sqlName,
    recordId: autoId,
    data: { Table: model.table.name, AutoID: autoId, Action: action },
  });
}
