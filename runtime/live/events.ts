// Live events as the runtime reads them (spec 1 section 3 "Live event"; docs/operations.md "Background work
// and live events"): {EventType, EventData, LastReceived}, and the data of the types it acts on.
import type { LiveMessage } from '../api/index.ts';

export type { LiveMessage };

import { EVENT_TYPES } from '../../definitions/language/index.ts';

export { EVENT_TYPES };

export type RecordAction = 'created' | 'updated' | 'deleted';
export interface RecordChange {
  table: string;
  autoid: number;
  action: RecordAction;
}
export interface JobProgress {
  kind: string;
  requestId: number;
  label: string | null;
  current: number;
  total: number;
  finished: boolean;
  failed: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message of the stream or the polling call; null when it is not one (the caller logs it). */
export function parseMessage(value: unknown): LiveMessage | null {
  if (!isObject(value) || typeof value.EventType !== 'string' || typeof value.LastReceived !== 'string') return null;
  return {
    EventType: value.EventType,
    EventData: isObject(value.EventData) ? value.EventData : {},
    LastReceived: value.LastReceived,
  };
}

/** The record a RecordChanged event names, else null. */
export function recordChange(message: LiveMessage): RecordChange | null {
  if (message.EventType !== EVENT_TYPES.RecordChanged) return null;
  const { Table, AutoID, Action } = message.EventData;
  if (typeof Table !== 'string' || typeof AutoID !== 'number') return null;
  const action: RecordAction = Action === 'created' || Action === 'deleted' ? Action : 'updated';
  return { table: Table, autoid: AutoID, action };
}

/** The progress a JobProgress event tells, else null. */
export function jobProgress(message: LiveMessage): JobProgress | null {
  if (message.EventType !== EVENT_TYPES.JobProgress) return null;
  const d = message.EventData;
  if (typeof d.RequestID !== 'number') return null;
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    kind: typeof d.JobKind === 'string' ? d.JobKind : '',
    requestId: d.RequestID,
    label: typeof d.Descr === 'string' ? d.Descr : null,
    current: count(d.CurrentRow),
    total: count(d.TotalRows),
    finished: d.Finished === true,
    failed: d.Failed === true,
  };
}

/** Whether a table name from an event and one the runtime holds name the same table. */
export const sameTable = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
