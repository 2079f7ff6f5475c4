// What an import task keeps about its rows once they are written, and how a reader is told it:
// the failed rows (the first FAILED_ROWS_KEPT of a task; FailedRecords counts them all), each with
// its row number in the file, the values that identify it (the AutoID column and the table's
// unique, display and search fields the file filled) and every problem as a message key with its
// arguments and field; and how many rows were created and how many updated. A reader gets them
// in their own language, the fields by their translated labels, without the values of fields
// hidden from them.
import { IMPORT, IMPORT_FAILED_ROWS, type Effective, type Language } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { hiddenFields } from '../data/access.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { translatorFor } from '../texts.ts';
import type { ColumnMap } from './columns.ts';
import {
  problemOf,
  problemText,
  storeProblem,
  type Problem,
  type ProblemReader,
  type StoredProblem,
} from './problems.ts';
import type { Prepared } from './rows.ts';
import type { Cell } from './sheet.ts';
import { TASKS } from './tasks.ts';

/** The failed rows a task keeps at most. */
export const FAILED_ROWS_KEPT = IMPORT_FAILED_ROWS.kept;
/** The identifying values a failed row keeps at most, the AutoID column included. */
const KEY_VALUES = 4;
/** The name the AutoID column's value is kept under. */
const ID_KEY = 'AutoID';

const FAILED: ReadonlySet<number> = new Set([
  IMPORT.RowResult.CreateFailed,
  IMPORT.RowResult.OverwriteFailed,
  IMPORT.RowResult.Failed,
]);

const cellText = (cell: Cell | undefined): string | null => {
  if (cell === null || cell === undefined || cell === '') return null;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'object') return cell.text ?? null;
  return String(cell);
};

/** The columns that identify a row to a person: the AutoID column, then unique, display and search fields. */
function keyColumns(columns: ColumnMap, model: TableModel): [string, number][] {
  const names = [
    ...(model.table.indexes ?? []).filter((i) => i.unique).flatMap((i) => i.fields),
    ...(model.table.displayFields ?? []),
    ...(model.table.searchFields ?? []),
  ].map((n) => n.toLowerCase());
  const named = [...new Set(names)].flatMap((n) => {
    const column = columns.columns.find((c) => c.field.name.toLowerCase() === n);
    const found: [string, number][] = column ? [[column.field.name, column.index]] : [];
    return found;
  });
  const id: [string, number][] = columns.id !== null ? [[ID_KEY, columns.id]] : [];
  return [...id, ...named].slice(0, KEY_VALUES);
}

/** Keeps a chunk's failed rows, within the task's limit, in the transaction that writes the chunk. */
export async function keepFailures(
  db: Queryable,
  taskId: number,
  rows: readonly Prepared[],
  columns: ColumnMap,
  model: TableModel,
): Promise<void> {
  const failed = rows.filter((p) => FAILED.has(p.result));
  if (!failed.length) return;
  const kept = Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM core_import_failure WHERE task_id = $1', [taskId]))
      .rows[0].n,
  );
  const room = Math.max(0, FAILED_ROWS_KEPT - kept);
  if (!room) return;
  const keys = keyColumns(columns, model);
  const records = failed.slice(0, room).map((p) => ({
    row_no: p.rowNo,
    result: p.result,
    key: keys.flatMap(([name, index]) => {
      const text = cellText(p.cells[index]);
      return text === null ? [] : [[name, text]];
    }),
    problems: p.problems.map(storeProblem),
  }));
  await db.query(
    `INSERT INTO core_import_failure (task_id, row_no, result, key, problems)
     SELECT $1, r.row_no, r.result, r.key, r.problems
       FROM jsonb_to_recordset($2::jsonb) AS r(row_no int, result int2, key jsonb, problems jsonb)
     ON CONFLICT (task_id, row_no) DO NOTHING`,
    [taskId, JSON.stringify(records)],
  );
}

/** Keeps how many rows an ended task created and updated. */
export async function keepSummary(
  db: Queryable,
  taskId: number,
  counts: { created: number; updated: number },
): Promise<void> {
  await db.query(
    `INSERT INTO core_import_summary (task_id, created, updated) VALUES ($1, $2, $3)
     ON CONFLICT (task_id) DO UPDATE SET created = excluded.created, updated = excluded.updated`,
    [taskId, counts.created, counts.updated],
  );
}

/** What a task says as a whole, as keys: its ErrorMessage, said in a reader's language. */
export async function keepTaskMessage(db: Queryable, taskId: number, said: readonly Problem[]): Promise<void> {
  await db.query(
    `INSERT INTO core_import_message (task_id, said) VALUES ($1, $2::jsonb)
     ON CONFLICT (task_id) DO UPDATE SET said = excluded.said`,
    [taskId, JSON.stringify(said.map(storeProblem))],
  );
}

/** A task's message in a reader's language; undefined when it was kept only as text. */
export async function taskMessage(
  db: Queryable,
  taskId: number,
  reader: ProblemReader,
): Promise<string | null | undefined> {
  const row = (
    await db.query<{ said: StoredProblem[] }>('SELECT said FROM core_import_message WHERE task_id = $1', [taskId])
  ).rows[0];
  if (!row) return undefined;
  return row.said.map((s) => problemText(problemOf(s), reader)).join(' ') || null;
}

/** Forgets the results of tasks deleted since (a task's rows go with it, however it was deleted). */
export async function forgetDeletedTasks(db: Queryable): Promise<void> {
  for (const table of ['core_import_failure', 'core_import_summary', 'core_import_message'])
    await db.query(`DELETE FROM ${table} r WHERE NOT EXISTS (SELECT 1 FROM ${TASKS} t WHERE t.autoid = r.task_id)`);
}

/** A reader of a table's problems in a language: its fields by their labels in that language. */
export function readerOf(effective: Effective, model: TableModel | undefined, language: Language): ProblemReader {
  const t = translatorFor(effective, language);
  return {
    language,
    t,
    fieldLabel: (name) => {
      const field = model?.byName.get(name.toLowerCase());
      return field ? t(field.label ?? field.name) : undefined;
    },
  };
}

export interface FailedRowAnswer {
  Row: number;
  Result: number;
  Result_Enum: string;
  Key: { Field: string; Label: string; Value: string }[];
  Problems: { Field: string | null; Label: string | null; Key: string; Message: string }[];
}

export interface ResultsAnswer {
  /** Rows created and updated; null for a task that has not ended (or ended before these were kept). */
  Created: number | null;
  Updated: number | null;
  /** Failed rows kept (of FailedRecords), at most FailedRowsLimit. */
  FailedRowsKept: number;
  FailedRowsLimit: number;
  PageIndex: number;
  PageSize: number;
  FailedRows: FailedRowAnswer[];
}

const RESULT_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(IMPORT.RowResult).map(([name, n]) => [n, name]),
);

/**
 * A page of a task's failed rows for a reader who may read the task. Values and problems of fields
 * hidden from the reader in the task's table are left out.
 */
export async function taskResults(
  db: Queryable,
  taskId: number,
  model: TableModel | undefined,
  principal: Principal,
  reader: ProblemReader,
  page: { index: number; size: number },
): Promise<ResultsAnswer> {
  const summary = (
    await db.query<{ created: number; updated: number }>(
      'SELECT created, updated FROM core_import_summary WHERE task_id = $1',
      [taskId],
    )
  ).rows[0];
  const kept = Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM core_import_failure WHERE task_id = $1', [taskId]))
      .rows[0].n,
  );
  const rows = (
    await db.query<{ row_no: number; result: number; key: [string, string][]; problems: StoredProblem[] }>(
      `SELECT row_no, result, key, problems FROM core_import_failure WHERE task_id = $1
        ORDER BY row_no LIMIT $2 OFFSET $3`,
      [taskId, page.size, (page.index - 1) * page.size],
    )
  ).rows;
  const hidden = new Set(model ? hiddenFields(model, principal).map((f) => f.name.toLowerCase()) : []);
  // A table no longer defined: its fields cannot be told apart, so no field's value or problem is shown.
  const shown = (field: string | null) =>
    field === null ||
    field === ID_KEY ||
    (model?.byName.has(field.toLowerCase()) === true && !hidden.has(field.toLowerCase()));
  return {
    Created: summary ? Number(summary.created) : null,
    Updated: summary ? Number(summary.updated) : null,
    FailedRowsKept: kept,
    FailedRowsLimit: FAILED_ROWS_KEPT,
    PageIndex: page.index,
    PageSize: page.size,
    FailedRows: rows.map((r) => ({
      Row: Number(r.row_no),
      Result: Number(r.result),
      Result_Enum: RESULT_NAMES[Number(r.result)] ?? 'NotSet',
      Key: r.key
        .filter(([field]) => shown(field))
        .map(([field, value]) => ({
          Field: field,
          Label: field === ID_KEY ? ID_KEY : (reader.fieldLabel(field) ?? field),
          Value: value,
        })),
      Problems: r.problems
        .map(problemOf)
        .filter((p) => shown(p.field))
        .map((p) => ({
          Field: p.field,
          Label: p.field === null ? null : (reader.fieldLabel(p.field) ?? null),
          Key: p.id,
          Message: problemText(p, reader),
        })),
    })),
  };
}
