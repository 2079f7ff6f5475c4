// A record's status log as its readers see it: with the words for each value.
import type { StateValue, StatusLogEntry } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { readRecord } from '../data/records.ts';
import { forbidden } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { valueLabel } from './labels.ts';

/** A row of core_status_log as read here: the dates as text. */
interface StatusLogRow {
  autoid: number;
  field_name: string;
  transition: string | null;
  from_value: StateValue | null;
  to_value: StateValue;
  reason: string | null;
  comment: string | null;
  status_date: string | null;
  changed_by: string;
  changed_at: string;
}

/** The log of one record, newest first; a 404 when the principal may not read the record. */
export async function statusLog(
  db: Queryable,
  model: TableModel,
  principal: Principal,
  recordId: number,
): Promise<StatusLogEntry[]> {
  // When every status log tab of the table's screens needs a right, the log needs one of them.
  const tabs = model.screens.flatMap((s) => s.tabs ?? []).filter((t) => t.kind === 'statuslog');
  if (tabs.length && tabs.every((t) => t.right && !principal.can(t.right, 'read'))) throw forbidden();
  await readRecord(db, model, principal, recordId);
  const rows = (
    await db.query<StatusLogRow>(
      `SELECT autoid, field_name, transition, from_value, to_value, reason, comment, to_char(status_date, 'YYYY-MM-DD') AS status_date, changed_by,
            to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS changed_at
       FROM core_status_log WHERE table_name = $1 AND record_id = $2 ORDER BY autoid DESC LIMIT 1000`,
      [model.table.sqlName, recordId],
    )
  ).rows;
  // A log repeats the same few values: each one's label is looked up once per call.
  const labels = new Map<string, Promise<string | null>>();
  const label = (field: string, value: unknown) => {
    const key = JSON.stringify([field, value]);
    let found = labels.get(key);
    if (!found) labels.set(key, (found = valueLabel(db, model, principal, field, value)));
    return found;
  };
  return Promise.all(
    rows.map(async (r) => ({
      AutoID: Number(r.autoid),
      Transition: r.transition,
      From: r.from_value,
      FromLabel: await label(r.field_name, r.from_value),
      To: r.to_value,
      ToLabel: (await label(r.field_name, r.to_value)) ?? String(r.to_value),
      Reason: r.reason,
      Comment: r.comment,
      Date: r.status_date,
      By: r.changed_by,
      At: r.changed_at,
    })),
  );
}
