// Scheduled SQL tasks (spec 3 §2, §4: active or inactive, with a trigger-now action): each row of
// `scheduledsqltasks` is a query on a cron schedule of its own. The job is itself a scheduled task
// that looks every minute for the tasks whose next moment after their last start has passed (or
// runs one task at once when "Nu uitvoeren" asks). A task's query runs exactly as the SQL editor's
// spreadsheet does: as the read-only reader role, under a time limit, every row into a .xlsx in
// the file store. The file is kept as the task's last result and, when the task names addresses,
// e-mailed as an attachment through the outbox. Every run is a row of the query log.
import type pg from 'pg';
import { grantSqlReader, logQuery, streamAsReader } from '../data/sql-reader.ts';
import { insertFiles } from '../files/index.ts';
import { XlsxWriter } from '../imports/index.ts';
import { enqueueMessage } from '../messages/index.ts';
import { nextMoment } from '../automations/index.ts';
import { TASK_STATE } from './service.ts';
import type { JobContext, JobKind } from './context.ts';
import { PassThrough } from 'node:stream';

export const SQL_TASKS = 'scheduledsqltasks';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The longest one task's query may run. */
const TASK_TIMEOUT_MS = 10 * 60 * 1000;
/** The largest result file a task keeps. */
const MAX_BYTES = 256 * 1024 * 1024;
/** The most addresses one task e-mails. */
const MAX_RECIPIENTS = 20;

interface TaskRow {
  autoid: number;
  id: string;
  descr: string | null;
  cron: string;
  sqltext: string;
  emailto: string | null;
  lastrunat: Date | null;
  /** The last start as the database writes it (to the microsecond), to take the task by. */
  lastrun: string | null;
  createdat: Date | null;
}

/** The addresses of a task's EmailTo: separated by commas, semicolons or spaces; at most 20. */
export function recipientsOf(text: string | null): string[] {
  return (text ?? '')
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter((a) => /^[^@\s]+@[^@\s]+$/.test(a))
    .slice(0, MAX_RECIPIENTS);
}

/** Whether a task is due at `now`: its cron's next moment after its last start (or its making) has passed. */
export function isDue(task: Pick<TaskRow, 'cron' | 'lastrunat' | 'createdat'>, now: Date, tz?: string): boolean {
  const from = task.lastrunat ?? task.createdat ?? now;
  const next = nextMoment({ cron: task.cron, intervalMinutes: null }, from, tz);
  return next !== null && next <= now;
}

/**
 * Takes a task of a table of scheduled tasks (scheduled SQL tasks, scheduled reports) for this run:
 * its start is written only if no other run took it since it was read.
 */
export async function claimTask(db: pg.Pool, table: string, task: { autoid: number; lastrun: string | null }) {
  const taken = await db.query(
    `UPDATE ${table} SET lastrunat = $4, laststate = $3, timestamp = timestamp + 1
      WHERE autoid = $1 AND lastrunat::text IS NOT DISTINCT FROM $2`,
    // The start as this process's clock reads it, as the last start is read back to plan the next.
    [task.autoid, task.lastrun, String(TASK_STATE.Processing), new Date()],
  );
  return (taken.rowCount ?? 0) > 0;
}

/** A cell as a spreadsheet takes it: objects (json, arrays) as their JSON text. */
const cell = (v: unknown) =>
  v === null || v instanceof Date || typeof v !== 'object' ? v : Buffer.isBuffer(v) ? null : JSON.stringify(v);

/** Runs one task's query into a stored spreadsheet and e-mails it; its row tells how it went. */
async function runTask(ctx: JobContext, task: TaskRow): Promise<boolean> {
  const started = performance.now();
  const username = `task:${task.id}`;
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const fileName = `${task.id} ${stamp.replace(':', '.')}.xlsx`;
  const out = new PassThrough();
  const stored = ctx.files.put(out, { maxBytes: MAX_BYTES });
  stored.catch(() => undefined);
  try {
    const book = new XlsxWriter(out, { styles: false });
    let sheet: ReturnType<XlsxWriter['sheet']> | undefined;
    const { rows } = await streamAsReader(ctx.pool, task.sqltext, { timeoutMs: TASK_TIMEOUT_MS }, (row, columns) => {
      sheet ??= book.sheet('SQL', { columns: columns.map((c, i) => ({ header: c, key: `c${i}`, width: 20 })) });
      sheet.row(Object.fromEntries(row.map((v, i) => [`c${i}`, cell(v)])));
    });
    sheet ??= book.sheet('SQL');
    await book.end();
    const made = await stored;
    const [file] = await insertFiles(
      ctx.pool,
      [{ sha256: made.sha256, fileName, mediaType: XLSX, size: made.size }],
      username,
    );
    const to = recipientsOf(task.emailto);
    if (to.length)
      await enqueueMessage(ctx.pool, {
        kind: 'email',
        payload: {
          to,
          subject: `${task.descr || task.id} (${stamp})`,
          text: `${task.descr || task.id}: ${rows} rijen, ${stamp}.`,
          attachments: [{ filename: fileName, contentType: XLSX, fileId: file.id }],
        },
        source: { table: SQL_TASKS, autoId: task.autoid },
      });
    const ms = Math.round(performance.now() - started);
    await logQuery(ctx.pool, { username, sql: task.sqltext, rows, ms, error: null, kind: 'task' });
    await ctx.pool.query(
      `UPDATE ${SQL_TASKS} SET laststate = $2, lastmessage = $3, lastrows = $4, lastfile = $5, timestamp = timestamp + 1 WHERE autoid = $1`,
      [task.autoid, String(TASK_STATE.Succeeded), `${rows} rijen`, rows, file.id],
    );
    return true;
  } catch (err) {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    await stored.catch(() => undefined);
    const error = err instanceof Error ? err.message : String(err);
    const ms = Math.round(performance.now() - started);
    await logQuery(ctx.pool, { username, sql: task.sqltext, rows: null, ms, error, kind: 'task' });
    await ctx.pool.query(
      `UPDATE ${SQL_TASKS} SET laststate = $2, lastmessage = $3, timestamp = timestamp + 1 WHERE autoid = $1`,
      [task.autoid, String(TASK_STATE.Failed), error],
    );
    return false;
  }
}

export const scheduledSql: JobKind<{ task?: number }> = {
  name: 'scheduled-sql',
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  async run(ctx, job) {
    const snapshot = ctx.snapshot();
    if (!snapshot.table(SQL_TASKS)) return 'geen taken';
    const rows = (
      await ctx.pool.query<TaskRow>(
        `SELECT autoid, id, descr, cron, sqltext, emailto, lastrunat, lastrunat::text AS lastrun, createdate AS createdat
           FROM ${SQL_TASKS} WHERE ${job.task ? 'autoid = $1' : 'active'} ORDER BY autoid`,
        job.task ? [job.task] : [],
      )
    ).rows;
    const now = new Date();
    const due = job.task ? rows : rows.filter((task) => isDue(task, now));
    if (!due.length) return '0 taken';
    // The reader role holds the tables of the definitions of the moment.
    await grantSqlReader(ctx.pool, snapshot.effective.tables.values());
    let ran = 0;
    let failed = 0;
    for (const task of due) {
      if (!(await claimTask(ctx.pool, SQL_TASKS, task))) continue;
      if (await runTask(ctx, task)) ran++;
      else failed++;
    }
    return `${ran} taken uitgevoerd, ${failed} mislukt`;
  },
};
