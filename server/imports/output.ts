// The output file of an import: the rows as they were read, each followed by its result (the
// row result enumeration of spec 3 §9) and its message, written from the rows' stored outcomes
// (so the input is not read again) straight into the file store.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { IMPORT, message } from '../../definitions/language/index.ts';
import type { FileStore, StoredFile } from '../files/index.ts';
import type { Cell } from './sheet.ts';
import { safeCell } from './safe-cells.ts';

const RESULT_NAMES = Object.fromEntries(Object.entries(IMPORT.RowResult).map(([name, n]) => [n, name]));
const PAGE = 5000;
const MAX_BYTES = 1024 * 1024 * 1024;

/** Cells as stored (dates as {date}) back to what a sheet holds. */
export const storedCell = (c: unknown): unknown => (c && typeof c === 'object' && 'date' in c ? new Date(String((c as { date: string }).date))
  : c && typeof c === 'object' ? null : c);

/** Cells to store: dates kept as dates, unusable cells as nothing. */
export const cellsToStore = (cells: Cell[]) => JSON.stringify(cells.map((c) => (c instanceof Date ? { date: c.toISOString() } : c && typeof c === 'object' ? (c.text ?? null) : c)));

export async function writeOutput(pool: pg.Pool, files: FileStore, taskId: number, header: Cell[], dryRun: boolean): Promise<StoredFile> {
  const out = new PassThrough();
  const stored = files.put(out, { maxBytes: MAX_BYTES });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet('Import');
  const width = header.length;
  const head = sheet.addRow([...header.map((c) => safeCell(storedCell(c instanceof Date ? { date: c.toISOString() } : c))), message('import.result_column'), message('import.message_column')]);
  head.font = { bold: true };
  head.commit();
  if (dryRun) sheet.addRow([message('import.dry_run')]).commit();
  for (let after = 0; ;) {
    const rows = (await pool.query(
      'SELECT row_no, result, message, cells FROM core_import_row WHERE task_id = $1 AND row_no > $2 ORDER BY row_no LIMIT $3', [taskId, after, PAGE],
    )).rows;
    for (const r of rows) {
      const cells = (r.cells as unknown[]).map(storedCell);
      while (cells.length < width) cells.push(null);
      sheet.addRow([...cells.map(safeCell), RESULT_NAMES[r.result] ?? 'NotSet', r.message ?? '']).commit();
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].row_no;
  }
  sheet.commit();
  await book.commit();
  return stored;
}
