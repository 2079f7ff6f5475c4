// An import task, run as a background job: the sheet read a chunk at a time in a worker, each
// chunk's rows made ready and checked, then written in one transaction together with their
// results and the task's counts. The last row stored is the checkpoint: a job run again after
// its process died, or after PostgreSQL went away, reads the sheet again and goes on after it,
// so no row is written twice. A bad row never stops the import; a sheet that cannot be read
// ends it with the rows before it written and said. The output file is written beside, each
// chunk once it is committed; at the end it is stored and the results are removed.
import type pg from 'pg';
import {
  EVENT_TYPES,
  IMPORT,
  IMPORT_LIMITS,
  message,
  SOURCE_LANGUAGE,
  type Language,
  type MessageId,
} from '../../definitions/language/index.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import { databaseFailure } from '../db/failures.ts';
import { inTransaction } from '../db/pool.ts';
import { announceWrite, tableWritten } from '../data/cache.ts';
import { emitEvent } from '../data/events.ts';
import { fileById, insertFiles, type FileStore } from '../files/index.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import { principalData } from '../security/identity.ts';
import { userPrincipal } from '../security/principal-of.ts';
import type { Principal } from '../security/principal.ts';
import { importableFields, isNotesRow, listColumn, mapColumns, type ColumnMap } from './columns.ts';
import { prepareRows, type Prepared } from './rows.ts';
import { forgetDeletedTasks, keepFailures, keepSummary, keepTaskMessage, readerOf } from './results.ts';
import { problemsText, type Problem, type ProblemReader } from './problems.ts';
import { messageIn } from '../texts.ts';
import { OutputFile } from './output.ts';
import { readSheet, SheetFailed, type Cell, type SheetRow } from './sheet.ts';
import { heartbeatEnded, keepBeating } from './heartbeat.ts';
import { addCounts, readTask, setTask, type TaskRow } from './tasks.ts';
import { writeRows } from './write.ts';

/** What an import works with (a background job's context). */
export interface ImportContext {
  pool: pg.Pool;
  snapshot(): Snapshot;
  files: FileStore;
  log(line: string): void;
  /** The heap (MB) of the worker thread that reads the sheet. */
  importHeapMb?: number;
  /** How often a running import says it is alive, and after how long without that it is taken over (heartbeat.ts). */
  importHeartbeat?: ImportHeartbeat;
}

export interface ImportHeartbeat {
  everySeconds: number;
  staleSeconds: number;
}

const S = IMPORT.ProcessState;
const R = IMPORT.RowResult;
const CHUNK_ROWS = 1000;
const DEFAULT_HEARTBEAT_SECONDS = 5;

/** What the task says as a whole: a message by key, shown in the reader's language. */
const said = (id: MessageId, ...args: unknown[]): Problem => ({ id, args, field: null });
const dutch = (p: Problem) => message(p.id, ...p.args);

/** An import that cannot go on: said on the task, not tried again. */
class ImportStopped extends Error {
  constructor(readonly said: Problem) {
    super(dutch(said));
  }
}

function progress(
  db: pg.Pool | pg.PoolClient,
  task: TaskRow,
  data: { CurrentRow: number; TotalRows: number; Finished: boolean },
) {
  return emitEvent(db, {
    type: EVENT_TYPES.ImportProgress,
    userId: task.userId,
    data: { ImportTaskID: task.id, ...data },
  });
}

async function resultRows(client: pg.PoolClient, taskId: number, rows: Prepared[]): Promise<void> {
  await client.query(
    `INSERT INTO core_import_row (task_id, row_no, result, message, record_id)
     SELECT $1, * FROM unnest($2::int[], $3::int2[], $4::text[], $5::int8[])`,
    [taskId, rows.map((p) => p.rowNo), rows.map((p) => p.result), rows.map((p) => p.message), rows.map((p) => p.id)],
  );
}

interface Run {
  ctx: ImportContext;
  task: TaskRow;
  model: TableModel;
  principal: Principal;
  total: number;
  done: number;
  output: OutputFile | null;
  /** The language of the user who started the import, and its texts: the output file says the rows' problems in it. */
  reader: ProblemReader;
}

/** Where an earlier run stopped: its last row, the IDs its rows named. */
async function checkpoint(pool: pg.Pool, taskId: number) {
  const at = (
    await pool.query<{ last: number; done: number }>(
      'SELECT coalesce(max(row_no), 0) AS last, count(*)::int AS done FROM core_import_row WHERE task_id = $1',
      [taskId],
    )
  ).rows[0];
  const ids = (
    await pool.query<{ record_id: number }>(
      'SELECT record_id FROM core_import_row WHERE task_id = $1 AND record_id IS NOT NULL',
      [taskId],
    )
  ).rows.map((r) => Number(r.record_id));
  return { last: Number(at.last), done: Number(at.done), seenIds: new Set(ids) };
}

function columnsOf(run: Run, header: Cell[]): ColumnMap {
  const snapshot = run.ctx.snapshot();
  const fields = importableFields(run.model, run.principal);
  const columns = mapColumns(header, fields, (f) =>
    listColumn(
      f,
      (n) => snapshot.effective.lists.get(n.toLowerCase())?.value,
      (n) => snapshot.effective.tables.get(n.toLowerCase()),
    ),
  );
  if (!columns.columns.length) throw new ImportStopped(said('import.no_columns', labelled(run.model.table)));
  return columns;
}

async function writeChunk(run: Run, rows: SheetRow[], columns: ColumnMap, seenIds: Set<number>): Promise<void> {
  const { ctx, task, model, principal } = run;
  const snapshot = ctx.snapshot();
  const prepared = await prepareRows(ctx.pool, rows, {
    columns,
    notations: task,
    overwrite: task.overwrite,
    principal,
    tableOf: (n) => snapshot.effective.tables.get(n.toLowerCase()),
  });
  await inTransaction(ctx.pool, async (client) => {
    const written = await writeRows(client, prepared, {
      model,
      principal,
      overwrite: task.overwrite,
      dryRun: task.dryRun,
      tableOf: (n) => snapshot.table(n),
      seenIds,
    });
    for (const p of prepared) p.message = problemsText(p.problems, run.reader);
    await resultRows(client, task.id, prepared);
    await keepFailures(client, task.id, prepared, columns, model);
    const count = (r: number) => prepared.filter((p) => p.result === r).length;
    const current = rows[rows.length - 1][0];
    await addCounts(client, task.id, {
      processed: written,
      failed: prepared.length - written - count(R.Skipped),
      skipped: count(R.Skipped),
      currentRow: current,
    });
    if (written && !task.dryRun) {
      // One event for the chunk, not one per row: open grids of the table know to read again.
      await emitEvent(client, {
        type: EVENT_TYPES.RecordChanged,
        table: model.table.sqlName,
        data: { Table: model.table.name, Action: 'imported', Count: written },
      });
      await announceWrite(client, model.table.sqlName);
    }
    const done = run.done + prepared.length;
    await progress(client, task, { CurrentRow: done, TotalRows: Math.max(run.total, done), Finished: false });
  });
  run.done += prepared.length;
  tableWritten(model.table.sqlName);
  await run.output!.add(prepared);
}

async function cancelled(pool: pg.Pool, taskId: number): Promise<boolean> {
  return (
    Number(
      (await pool.query<{ processstate: string }>('SELECT processstate FROM importtasks WHERE autoid = $1', [taskId]))
        .rows[0]?.processstate,
    ) === S.Cancelled
  );
}

/** Rows an earlier run wrote, with the results it stored, for the output file. */
async function earlierRows(pool: pg.Pool, taskId: number, rows: SheetRow[]) {
  const stored = new Map(
    (
      await pool.query<{ row_no: number; result: number; message: string | null }>(
        'SELECT row_no, result, message FROM core_import_row WHERE task_id = $1 AND row_no = ANY($2::int[])',
        [taskId, rows.map(([n]) => n)],
      )
    ).rows.map((r) => [Number(r.row_no), r]),
  );
  return rows.flatMap(([n, cells]) => {
    const row = stored.get(n);
    return row ? [{ cells, result: Number(row.result), message: row.message }] : [];
  });
}

/** Reads the sheet and writes its rows after the checkpoint; answers any notice, or why it stopped early. */
async function importRows(run: Run): Promise<{ notice: Problem[]; stoppedBy: Problem | null }> {
  const { ctx, task } = run;
  const file = await fileById(ctx.pool, task.fileId);
  if (!file) throw new ImportStopped(said('import.not_spreadsheet'));
  const { last, done, seenIds } = await checkpoint(ctx.pool, task.id);
  run.done = done;
  const local = await ctx.files.local(file.sha256);
  // The reader's temporary files, if it writes any, go into this import's own folder beside the
  // store, removed however the import ends.
  const scratch = await ctx.files.scratch();
  let header: Cell[] | null = null;
  let columns: ColumnMap | null = null;
  try {
    for await (const chunk of readSheet(local.path, {
      chunkRows: CHUNK_ROWS,
      heapMb: ctx.importHeapMb,
      tmpDir: scratch.path,
    })) {
      let rows = chunk;
      if (!header && rows.length) {
        const [headerRow, cells] = rows[0];
        header = cells;
        columns = columnsOf(run, header);
        run.output = await OutputFile.open(
          ctx.files,
          header,
          [
            messageIn(run.reader.language, 'import.result_column'),
            messageIn(run.reader.language, 'import.message_column'),
          ],
          task.dryRun ? messageIn(run.reader.language, 'import.dry_run') : null,
        );
        rows = rows.slice(1);
        // The template's notes row under the header is not data.
        if (rows.length && rows[0][0] === headerRow + 1 && isNotesRow(rows[0][1])) rows = rows.slice(1);
      }
      if (last && rows.length && rows[0][0] <= last) {
        await run.output!.add(
          await earlierRows(
            ctx.pool,
            task.id,
            rows.filter(([n]) => n <= last),
          ),
        );
        rows = rows.filter(([n]) => n > last);
      }
      // Columns are known from the first row on (the header).
      if (!rows.length || !columns) continue;
      if (await cancelled(ctx.pool, task.id)) return { notice: [], stoppedBy: said('import.cancelled') };
      await writeChunk(run, rows, columns, seenIds);
    }
  } catch (err) {
    if (!(err instanceof SheetFailed)) throw err;
    const why =
      err.reason === 'memory'
        ? said('import.sheet_memory')
        : err.reason === 'columns'
          ? said('import.too_many_columns', err.row ?? '?', IMPORT_LIMITS.columns)
          : said('import.sheet_unreadable', err.row ?? run.done + 1);
    if (!header) throw new ImportStopped(why);
    return { notice: [], stoppedBy: why };
  } finally {
    await scratch.remove();
    await local.release();
  }
  if (!header || !columns) throw new ImportStopped(said('import.no_sheet'));
  const notice = [
    ...(columns.ignored.length ? [said('import.columns_ignored', columns.ignored.join(', '))] : []),
    ...(columns.twice.length ? [said('import.column_twice', columns.twice.join(', '))] : []),
  ];
  return { notice, stoppedBy: null };
}

/** Counts, the output file and the end state; the rows' results are removed. */
async function finish(
  run: Run,
  outcome: { notice: Problem[]; stoppedBy: Problem | null; failed?: boolean },
): Promise<string> {
  const { ctx, task } = run;
  const counts = (
    await ctx.pool.query<{ total: number; processed: number; skipped: number; created: number; updated: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE result IN (${R.CreateSuccess}, ${R.OverwriteSuccess}))::int AS processed,
            count(*) FILTER (WHERE result = ${R.Skipped})::int AS skipped,
            count(*) FILTER (WHERE result = ${R.CreateSuccess})::int AS created,
            count(*) FILTER (WHERE result = ${R.OverwriteSuccess})::int AS updated FROM core_import_row WHERE task_id = $1`,
      [task.id],
    )
  ).rows[0];
  const failed = counts.total - counts.processed - counts.skipped;
  let file: { id: string; name: string } | null = null;
  const output = run.output;
  run.output = null;
  const stored = output && output.count > 0 ? await output.store(ctx.files) : null;
  if (output && !stored) await output.close();
  if (stored) {
    const name = `${task.fileName.replace(/\.xlsx?$/i, '') || 'import'}_${messageIn(run.reader.language, 'import.result_column').toLowerCase()}.xlsx`;
    const [row] = await insertFiles(
      ctx.pool,
      [
        {
          sha256: stored.sha256,
          fileName: name,
          mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size: stored.size,
        },
      ],
      run.principal.username,
    );
    file = { id: row.id, name };
  }
  const wasCancelled = await cancelled(ctx.pool, task.id);
  const result = outcome.failed
    ? IMPORT.ProcessResult.Failed
    : failed > 0 || counts.skipped > 0 || outcome.stoppedBy
      ? IMPORT.ProcessResult.SucceededWithFailures
      : IMPORT.ProcessResult.Succeeded;
  const says = [
    ...(outcome.stoppedBy ? [outcome.stoppedBy] : []),
    ...outcome.notice,
    ...(task.dryRun ? [said('import.dry_run')] : []),
  ];
  const text = says.map(dutch).join(' ') || null;
  await inTransaction(ctx.pool, async (client) => {
    await client.query(
      `UPDATE importtasks SET processstate = $2, processresult = $3, errormessage = $4, totalrecords = $5, processedrecords = $6, failedrecords = $7,
              skippedrecords = $8, currentrow = $5, outputfile = $9, outputfilename = $10,
              processduration = round(extract(epoch FROM (now() - coalesce(processdate, now())))::numeric, 1), timestamp = timestamp + 1
        WHERE autoid = $1`,
      [
        task.id,
        String(wasCancelled ? S.Cancelled : S.Processed),
        String(result),
        text,
        counts.total,
        counts.processed,
        failed,
        counts.skipped,
        file?.id ?? null,
        file?.name ?? null,
      ],
    );
    await keepSummary(client, task.id, { created: counts.created, updated: counts.updated });
    await keepTaskMessage(client, task.id, says);
    await forgetDeletedTasks(client);
    await client.query('DELETE FROM core_import_row WHERE task_id = $1', [task.id]);
    await heartbeatEnded(client, task.id);
    await progress(client, task, { CurrentRow: counts.total, TotalRows: counts.total, Finished: true });
  });
  return `${counts.processed} verwerkt, ${failed} mislukt, ${counts.skipped} overgeslagen`;
}

/** How long an import waits for PostgreSQL to come back before its try ends. */
const OUTAGE_WAIT_MS = 10 * 60 * 1000;

async function databaseBack(pool: pg.Pool, log: (line: string) => void, taskId: number): Promise<boolean> {
  log(`import ${taskId}: the database went away; waiting for it to go on from the checkpoint`);
  for (const until = Date.now() + OUTAGE_WAIT_MS; Date.now() < until; await new Promise((r) => setTimeout(r, 1000))) {
    if (
      await pool.query('SELECT 1').then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

/**
 * Runs (or goes on with) an import task. `last`: no try comes after this one. When PostgreSQL
 * goes away the try waits for it and goes on from the checkpoint: the job queue, in the same
 * database, could not even record the failure meanwhile.
 */
export async function runImport(
  ctx: ImportContext,
  taskId: number,
  last: boolean,
  language: Language = SOURCE_LANGUAGE,
): Promise<string> {
  for (;;) {
    try {
      return await runOnce(ctx, taskId, last, language);
    } catch (err) {
      if (databaseFailure(err) !== 'unavailable' || !(await databaseBack(ctx.pool, ctx.log, taskId))) throw err;
    }
  }
}

async function runOnce(ctx: ImportContext, taskId: number, last: boolean, language: Language): Promise<string> {
  const task = await readTask(ctx.pool, taskId);
  if (!task || task.state === S.Processed || task.state === S.Cancelled) return 'niets te doen';
  // One run of a task at a time, across processes: a session lock, gone with its connection.
  const lock = await ctx.pool.connect();
  // The lock's connection sits idle while the import works: its loss (an outage) is seen by the
  // import's own statements, not thrown from here.
  const lost = (err: Error) => ctx.log(`import ${taskId}: lock connection: ${err.message}`);
  lock.on('error', lost);
  let beating: { stop(): void } | null = null;
  try {
    const got = (
      await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1), $2) AS ok', ['import', taskId])
    ).rows[0].ok;
    if (!got) throw new Error(`import ${taskId} runs elsewhere`);
    // This process runs it now, and says so every few seconds until it stops, however it stops.
    beating = await keepBeating(
      ctx.pool,
      taskId,
      ctx.importHeartbeat?.everySeconds ?? DEFAULT_HEARTBEAT_SECONDS,
      ctx.log,
    );
    const snapshot = ctx.snapshot();
    const model = snapshot.table(task.destination);
    const data = await principalData(ctx.pool, task.userId);
    if (!model || !data) return await stop(ctx, task, said('import.destination', task.destination));
    const principal = userPrincipal(data.user, data.grants, data.limits, false, (name) =>
      snapshot.effective.tables.get(name.toLowerCase()),
    );
    const total = Number(
      (
        await ctx.pool.query<{ totalrecords: number | null }>(
          'SELECT totalrecords FROM importtasks WHERE autoid = $1',
          [taskId],
        )
      ).rows[0].totalrecords ?? 0,
    );
    // A cancel that came after the task was read (while this run waited for its lock or its first
    // beat) stands: only a pending or running task is set running, and a cancelled one is left.
    const running = await ctx.pool.query(
      `UPDATE importtasks SET processstate = '${S.Running}', processdate = coalesce(processdate, now()), timestamp = timestamp + 1
        WHERE autoid = $1 AND processstate IN ('${S.Pending}', '${S.Running}')`,
      [taskId],
    );
    if (!running.rowCount) {
      await heartbeatEnded(ctx.pool, taskId);
      return 'niets te doen';
    }
    const run: Run = {
      ctx,
      task,
      model,
      principal,
      total,
      done: 0,
      output: null,
      reader: readerOf(snapshot.effective, model, language),
    };
    await progress(ctx.pool, task, { CurrentRow: 0, TotalRows: total, Finished: false });
    try {
      return await finish(run, await importRows(run));
    } catch (err) {
      if (err instanceof ImportStopped) return await finish(run, { notice: [], stoppedBy: err.said, failed: true });
      // The process stopping, a fault: the next try goes on from the checkpoint. After the last
      // try the task says it failed, with the rows written until then.
      if (last && databaseFailure(err) !== 'unavailable') {
        await finish(run, {
          notice: [],
          stoppedBy: said('import.failed', err instanceof Error ? err.message : String(err)),
          failed: true,
        }).catch(() => {});
      }
      throw err;
    } finally {
      await run.output?.close();
    }
  } finally {
    beating?.stop();
    await lock.query('SELECT pg_advisory_unlock(hashtext($1), $2)', ['import', taskId]).catch(() => {});
    // A connection that died with the database is not given back to the pool (its listener stays:
    // the socket may report its end after this).
    lock.release(true);
  }
}

async function stop(ctx: ImportContext, task: TaskRow, why: Problem): Promise<string> {
  await setTask(ctx.pool, task.id, {
    processstate: String(S.Processed),
    processresult: String(IMPORT.ProcessResult.Failed),
    errormessage: dutch(why),
  });
  await keepTaskMessage(ctx.pool, task.id, [why]);
  await heartbeatEnded(ctx.pool, task.id);
  await progress(ctx.pool, task, { CurrentRow: 0, TotalRows: 0, Finished: true });
  return dutch(why);
}
