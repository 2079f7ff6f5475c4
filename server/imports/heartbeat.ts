// A running import's sign of life. While a process runs an import it writes the time into
// core_import_heartbeat every few seconds; a process that dies stops writing. Every process
// sweeps (jobs/import-sweep.ts): a pending or running task without a recent heartbeat is claimed
// by one sweep, and is then either waiting for its job to be tried again (pending) or, when no
// try of it is left, failed with the rows written until then, and its progress stream finished.
// This, not the job's two-hour time limit, is how long a dead process's import stays running.
import type pg from 'pg';
import { EVENT_TYPES, IMPORT, message } from '../../definitions/language/index.ts';
import { inTransaction, type Queryable } from '../db/pool.ts';
import { emitEvent } from '../data/events.ts';
import { keepTaskMessage } from './results.ts';

const S = IMPORT.ProcessState;

async function beat(db: Queryable, taskId: number): Promise<void> {
  await db.query(
    `INSERT INTO core_import_heartbeat (task_id, beat_at) VALUES ($1, now())
     ON CONFLICT (task_id) DO UPDATE SET beat_at = now()`,
    [taskId],
  );
}

/** Beats now, then every `everySeconds` until stopped; a beat that fails (an outage) is logged, the next one tries again. */
export async function keepBeating(
  pool: pg.Pool,
  taskId: number,
  everySeconds: number,
  log: (line: string) => void,
): Promise<{ stop(): void }> {
  await beat(pool, taskId);
  const timer = setInterval(() => {
    beat(pool, taskId).catch((err: Error) => log(`import ${taskId}: heartbeat: ${err.message}`));
  }, everySeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The task has ended: its heartbeat goes with it. */
export async function heartbeatEnded(db: Queryable, taskId: number): Promise<void> {
  await db.query('DELETE FROM core_import_heartbeat WHERE task_id = $1', [taskId]);
}

export interface StaleTask {
  id: number;
  state: number;
}

/**
 * Pending and running tasks that have not beaten for `staleSeconds` (a task that never ran counts
 * from its creation), claimed: their heartbeat is set to now, so one sweep of one process handles
 * each, and the next only after another `staleSeconds`.
 */
export async function claimStale(pool: pg.Pool, staleSeconds: number): Promise<StaleTask[]> {
  // A task that ended without its run (cancelled while pending, removed) leaves no heartbeat behind.
  await pool.query(
    `DELETE FROM core_import_heartbeat h WHERE NOT EXISTS (
       SELECT 1 FROM importtasks t WHERE t.autoid = h.task_id AND t.processstate IN ('${S.Pending}', '${S.Running}'))`,
  );
  const rows = (
    await pool.query<{ task_id: number }>(
      `INSERT INTO core_import_heartbeat (task_id, beat_at)
       SELECT t.autoid, now() FROM importtasks t LEFT JOIN core_import_heartbeat h ON h.task_id = t.autoid
        WHERE t.processstate IN ('${S.Pending}', '${S.Running}') AND coalesce(h.beat_at, t.createdate) < now() - make_interval(secs => $1)
     ON CONFLICT (task_id) DO UPDATE SET beat_at = now() WHERE core_import_heartbeat.beat_at < now() - make_interval(secs => $1)
     RETURNING task_id`,
      [staleSeconds],
    )
  ).rows;
  if (!rows.length) return [];
  const states = await pool.query<{ autoid: number; processstate: string }>(
    'SELECT autoid, processstate FROM importtasks WHERE autoid = ANY($1::bigint[])',
    [rows.map((r) => r.task_id)],
  );
  return states.rows.map((r) => ({ id: Number(r.autoid), state: Number(r.processstate) }));
}

async function tellProgress(db: Queryable, taskId: number, finished: boolean): Promise<void> {
  const task = (
    await db.query<{ requestedby: number; done: number | null; totalrecords: number | null }>(
      'SELECT requestedby, processedrecords + failedrecords + skippedrecords AS done, totalrecords FROM importtasks WHERE autoid = $1',
      [taskId],
    )
  ).rows[0];
  if (!task) return;
  const done = Number(task.done ?? 0);
  await emitEvent(db, {
    type: EVENT_TYPES.ImportProgress,
    userId: Number(task.requestedby),
    data: {
      ImportTaskID: taskId,
      CurrentRow: done,
      TotalRows: Math.max(done, Number(task.totalrecords ?? 0)),
      Finished: finished,
    },
  });
}

/** A running task whose process died and whose job is queued again: pending until a process takes it over. */
export async function waitingAgain(pool: pg.Pool, taskId: number): Promise<void> {
  await inTransaction(pool, async (client) => {
    const moved = await client.query(
      `UPDATE importtasks SET processstate = '${S.Pending}', timestamp = timestamp + 1 WHERE autoid = $1 AND processstate = '${S.Running}'`,
      [taskId],
    );
    if (moved.rowCount) await tellProgress(client, taskId, false);
  });
}

/**
 * A task no process runs and no try is left for: failed, with the rows written until then (their
 * counts are the task's own), and its progress stream told it is finished. A task that ended
 * meanwhile is left as it is.
 */
export async function failedLost(pool: pg.Pool, taskId: number): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const ended = await client.query(
      `UPDATE importtasks SET processstate = '${S.Processed}', processresult = '${IMPORT.ProcessResult.Failed}', errormessage = $2,
              processduration = round(extract(epoch FROM (now() - coalesce(processdate, now())))::numeric, 1), timestamp = timestamp + 1
        WHERE autoid = $1 AND processstate IN ('${S.Pending}', '${S.Running}')`,
      [taskId, message('import.process_lost')],
    );
    if (!ended.rowCount) return false;
    await keepTaskMessage(client, taskId, [{ id: 'import.process_lost', args: [], field: null }]);
    await client.query('DELETE FROM core_import_row WHERE task_id = $1', [taskId]);
    await heartbeatEnded(client, taskId);
    await tellProgress(client, taskId, true);
    return true;
  });
}
