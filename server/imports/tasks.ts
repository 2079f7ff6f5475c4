// The import task row (core table `importtasks`) as the import reads and moves it, and as the
// calls answer it (spec 1 §3 "Import task": numbers for ProcessState and ProcessResult, with
// their names beside them).
import { IMPORT, type ImportNotations, type ImportTask } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';

export const TASKS = 'importtasks';

export interface TaskRow extends ImportNotations {
  id: number;
  destination: string;
  state: number;
  overwrite: boolean;
  dryRun: boolean;
  userId: number;
  fileId: string | null;
  fileName: string;
  startedAt: string | null;
}

const nameOf = (values: Record<string, number>, n: number) =>
  Object.entries(values).find(([, v]) => v === n)?.[0] ?? 'NotSet';

/** The columns of an `importtasks` row that readTask reads. */
interface StoredTaskRow {
  autoid: number;
  destination: string;
  processstate: string;
  overwrite: boolean | null;
  dryrun: boolean | null;
  requestedby: number;
  file: string | null;
  filename: string | null;
  processdate: string | null;
  decimalformat: ImportNotations['DecimalFormat'];
  booleanformat: ImportNotations['BooleanFormat'];
  dateformat: ImportNotations['DateFormat'];
}

export async function readTask(db: Queryable, id: number, lock = false): Promise<TaskRow | null> {
  const row = (
    await db.query<StoredTaskRow>(
      `SELECT autoid, destination, processstate, overwrite, dryrun, requestedby, file, filename, processdate, decimalformat, booleanformat, dateformat
       FROM importtasks WHERE autoid = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    )
  ).rows[0];
  if (!row) return null;
  return {
    id: Number(row.autoid),
    destination: row.destination,
    state: Number(row.processstate),
    overwrite: row.overwrite === true,
    dryRun: row.dryrun === true,
    userId: Number(row.requestedby),
    fileId: row.file,
    fileName: row.filename ?? '',
    startedAt: row.processdate,
    DecimalFormat: row.decimalformat,
    BooleanFormat: row.booleanformat,
    DateFormat: row.dateformat,
  };
}

/** Sets columns of a task (names as in the table), bumping its TimeStamp. */
export async function setTask(db: Queryable, id: number, values: Record<string, unknown>): Promise<void> {
  const keys = Object.keys(values);
  const sets = keys.map((k, i) => `${k} = $${i + 2}`);
  await db.query(`UPDATE importtasks SET ${sets.join(', ')}, timestamp = timestamp + 1 WHERE autoid = $1`, [
    id,
    ...keys.map((k) => values[k]),
  ]);
}

/** Adds a batch's counts to the task and moves its current row. */
export async function addCounts(
  db: Queryable,
  id: number,
  c: { processed: number; failed: number; skipped: number; currentRow: number },
): Promise<void> {
  await db.query(
    `UPDATE importtasks SET processedrecords = processedrecords + $2, failedrecords = failedrecords + $3, skippedrecords = skippedrecords + $4,
            currentrow = greatest(currentrow, $5), timestamp = timestamp + 1 WHERE autoid = $1`,
    [id, c.processed, c.failed, c.skipped, c.currentRow],
  );
}

/** A stored task record (as the generic read answers it) in the shape of the import calls. */
export function taskAnswer(record: Record<string, unknown>): ImportTask {
  const state = Number(record.ProcessState ?? 0);
  const result = Number(record.ProcessResult ?? 0);
  const whole = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  return {
    ...(record as object),
    AutoID: Number(record.AutoID),
    Destination: String(record.Destination ?? ''),
    ProcessState: state,
    ProcessState_Enum: nameOf(IMPORT.ProcessState, state),
    ProcessResult: result,
    ProcessResult_Enum: nameOf(IMPORT.ProcessResult, result),
    ErrorMessage: (record.ErrorMessage as string | null) ?? null,
    TotalRecords: whole(record.TotalRecords),
    ProcessedRecords: whole(record.ProcessedRecords),
    FailedRecords: whole(record.FailedRecords),
    SkippedRecords: whole(record.SkippedRecords),
    CurrentRow: whole(record.CurrentRow),
    ProcessDate: (record.ProcessDate as string | null) ?? null,
    ProcessDuration:
      record.ProcessDuration === null || record.ProcessDuration === undefined ? null : Number(record.ProcessDuration),
    Filename: (record.Filename as string | null) ?? null,
    OutputFilename: (record.OutputFilename as string | null) ?? null,
    Overwrite: record.Overwrite === true,
    DryRun: record.DryRun === true,
    DecimalFormat: record.DecimalFormat as ImportTask['DecimalFormat'],
    BooleanFormat: record.BooleanFormat as ImportTask['BooleanFormat'],
    DateFormat: record.DateFormat as ImportTask['DateFormat'],
  };
}
