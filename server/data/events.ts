// Live events are written in the transaction of the change they tell, and a NOTIFY (delivered at
// commit, one per transaction however many events) wakes every process's event hub.
import { EVENT_TYPES } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
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

export async function emitEvent(db: Queryable, event: LiveEvent): Promise<void> {
  // One round trip: the row and the wake-up (NOTIFY is sent at commit, once per transaction).
  await db.query(
    `WITH e AS (INSERT INTO core_event (event_type, table_name, record_id, user_id, data) VALUES ($1, $2, $3, $4, $5) RETURNING 1)
     SELECT pg_notify('${LIVE_EVENT_CHANNEL}', '') FROM e`,
    [event.type, event.table ?? null, event.recordId ?? null, event.userId ?? null, JSON.stringify(event.data ?? {})],
  );
}

/** A record of the table was created, updated or deleted. */
export function recordChanged(db: Queryable, model: TableModel, autoId: number, action: 'created' | 'updated' | 'deleted'): Promise<void> {
  return emitEvent(db, { type: EVENT_TYPES.RecordChanged, table: model.table.sqlName, recordId: autoId, data: { Table: model.table.name, AutoID: autoId, Action: action } });
}
