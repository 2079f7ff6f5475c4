// The import's pure rules (spec 1 sections 4 and 5): which files the picker takes, when Start may
// be pressed, the progress percentage (rounded to 2 decimals), which state an import shows (a
// pending one that sent progress shows as running) and whether its result is green.
import { IMPORT, IMPORT_LIMITS } from '../../../definitions/language/index.ts';
import type { ImportNotations, ImportProgress, ImportTask } from '../../api/index.ts';

/** The picker takes spreadsheets; no destination of this product imports a zip. */
export const IMPORT_ACCEPT = '.xlsx,.xls';
const SPREADSHEET = /\.xlsx?$/i;

/** The notations a new import starts with: the Dutch way of writing (and the importtasks defaults). */
export const DEFAULT_NOTATIONS: ImportNotations = {
  DecimalFormat: 'Comma',
  BooleanFormat: 'YesNo',
  DateFormat: 'DMYYYY_Dash',
};

export type FileProblem = { kind: 'type' } | { kind: 'too_large'; megabytes: number };

/** Why a chosen file cannot be imported (a drop skips the picker's accept), or null. */
export function fileProblem(file: Pick<File, 'name' | 'size'>): FileProblem | null {
  if (!SPREADSHEET.test(file.name)) return { kind: 'type' };
  if (file.size > IMPORT_LIMITS.fileBytes)
    return { kind: 'too_large', megabytes: IMPORT_LIMITS.fileBytes / (1024 * 1024) };
  return null;
}

/** Start is enabled only after a file is chosen (spec 1 section 4), for a destination, while nothing is being sent. */
export function canStart(form: { destination: string | null; file: File | null; busy: boolean }): boolean {
  return Boolean(form.destination && form.file && !form.busy);
}

/** Percent done, rounded to 2 decimals, 0 to 100. */
export function progressPercent(current: number, total: number): number {
  if (!(total > 0) || !(current > 0)) return 0;
  return Math.min(100, Math.round((current / total) * 10_000) / 100);
}

export const { Pending, Running, Processed, Cancelled } = IMPORT.ProcessState;

/** A task still to be watched: pending or running. */
export const isActive = (task: Pick<ImportTask, 'ProcessState'>) =>
  task.ProcessState === Pending || task.ProcessState === Running;

/** The state to show: a pending task of which progress arrived is running. */
export function shownState(task: Pick<ImportTask, 'ProcessState'>, progressSeen: boolean): number {
  return task.ProcessState === Pending && progressSeen ? Running : task.ProcessState;
}

/** Green only for ProcessResult 1; every other result is red. */
export const isSuccess = (task: Pick<ImportTask, 'ProcessResult'>) =>
  task.ProcessResult === IMPORT.ProcessResult.Succeeded;

export interface Progress {
  current: number;
  total: number;
}

/** Where the task is: the stream's last message, else the task's own counts; a processed task is done. */
export function progressOf(task: ImportTask, streamed: ImportProgress | null): Progress {
  if (task.ProcessState === Processed) return { current: task.TotalRecords, total: task.TotalRecords };
  if (streamed) return { current: streamed.CurrentRow, total: streamed.TotalRows };
  return { current: task.CurrentRow ?? task.ProcessedRecords, total: task.TotalRecords };
}

/** The bar's value: a processed task is at 100 whatever its counts say. */
export function percentOf(task: ImportTask, streamed: ImportProgress | null): number {
  if (task.ProcessState === Processed) return 100;
  const { current, total } = progressOf(task, streamed);
  return progressPercent(current, total);
}

/** A progress message of the stream, or null when it is none. */
export function parseProgress(data: unknown): ImportProgress | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const m = value as Partial<ImportProgress> | null;
  if (!m || typeof m !== 'object' || typeof m.CurrentRow !== 'number' || typeof m.TotalRows !== 'number') return null;
  return { CurrentRow: m.CurrentRow, TotalRows: m.TotalRows, Finished: m.Finished === true };
}
