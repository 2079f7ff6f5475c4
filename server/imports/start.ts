// Starting an import: the file streamed into the store within the import's limit and typed by
// its first bytes, its archive inspected (server/imports/archive.ts) and its rows counted, all
// before a task exists; then the task row, and its job. Anything refused leaves nothing behind.
// The same file started again for the same table while its import is still pending or running
// answers that import instead of starting a second one.
import type { Readable } from 'node:stream';
import type pg from 'pg';
import {
  IMPORT,
  IMPORT_LIMITS,
  type EffectiveField,
  type ImportForm,
  type MessageId,
} from '../../definitions/language/index.ts';
import { inTransaction } from '../db/pool.ts';
import { AppError, forbidden } from '../errors.ts';
import {
  deleteFiles,
  insertFiles,
  removeUnusedContent,
  safeFileName,
  TooLarge,
  type FileRow,
  type FileStore,
} from '../files/index.ts';
import { insertRow } from '../data/rows.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { ArchiveRefused, inspectArchive } from './archive.ts';
import { advancedMode } from './advanced.ts';
import { TASKS } from './tasks.ts';

const MB = 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const refused = (
  status: 'BAD_REQUEST' | 'BODY_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE',
  id: MessageId,
  ...args: unknown[]
) => new AppError(status, args, {}, {}, id);

function archiveError(err: ArchiveRefused, name: string): AppError {
  switch (err.problem) {
    case 'not_zip':
      return refused('UNSUPPORTED_MEDIA_TYPE', 'import.not_spreadsheet');
    case 'entries':
      return refused('BAD_REQUEST', 'import.archive_entries', err.detail);
    case 'declared_size':
      return refused('BODY_TOO_LARGE', 'import.archive_size', IMPORT_LIMITS.inflatedBytes / MB);
    case 'ratio':
      return refused('BAD_REQUEST', 'import.archive_ratio', err.detail);
    case 'path':
      return refused('BAD_REQUEST', 'import.archive_path', err.detail);
    case 'link':
      return refused('BAD_REQUEST', 'import.archive_link', err.detail);
    case 'real_size':
      return refused('BAD_REQUEST', 'import.archive_real_size');
    case 'no_sheet':
      return refused('BAD_REQUEST', 'import.no_sheet', name);
    case 'hidden':
      return refused('BAD_REQUEST', 'import.archive_hidden', ...err.args.map(Number));
    case 'mismatch':
      return refused('BAD_REQUEST', 'import.archive_mismatch', err.detail);
    case 'overlap':
      return refused('BAD_REQUEST', 'import.archive_overlap', ...err.args);
  }
}

/** Takes the file into the store: .xlsx only (by its bytes), within the import's size. */
async function receive(
  db: pg.Pool,
  store: FileStore,
  file: Readable,
  declaredName: string,
  by: string,
): Promise<{ row: FileRow; created: boolean }> {
  const name = safeFileName(declaredName);
  let stored;
  try {
    stored = await store.put(file, {
      maxBytes: IMPORT_LIMITS.fileBytes,
      check: (head) => {
        // An .xlsx is a zip; an .xls (Excel 97-2003) or anything else is not read.
        if (head.subarray(0, 4).equals(ZIP_MAGIC) && !/\.xls$/i.test(name)) return;
        throw refused('UNSUPPORTED_MEDIA_TYPE', 'import.not_xlsx', name);
      },
    });
  } catch (err) {
    file.resume();
    if (err instanceof TooLarge) throw refused('BODY_TOO_LARGE', 'import.too_large', IMPORT_LIMITS.fileBytes / MB);
    throw err;
  }
  const [row] = await insertFiles(
    db,
    [{ sha256: stored.sha256, fileName: name, mediaType: XLSX, size: stored.size }],
    by,
  );
  return { row, created: stored.created };
}

export interface StartContext {
  pool: pg.Pool;
  files: FileStore;
  send(taskId: number): Promise<void>;
}

/** A whole import form, the file still streaming: answers the task's AutoID. */
export async function startImport(
  ctx: StartContext,
  model: TableModel,
  tasks: TableModel,
  principal: Principal,
  form: Omit<ImportForm, 'FileName'> & { FileName?: string },
  file: Readable,
  fileName: string,
): Promise<number> {
  if (!principal.can(model.table.right, form.Overwrite ? 'update' : 'create')) {
    file.resume();
    throw forbidden();
  }
  const { row, created } = await receive(ctx.pool, ctx.files, file, form.FileName || fileName, principal.username);
  const undo = async () => {
    await deleteFiles(ctx.pool, [row.id]);
    if (created) await removeUnusedContent(ctx.pool, ctx.files, [row.sha256]);
  };
  try {
    const local = await ctx.files.local(row.sha256);
    let facts;
    try {
      facts = await inspectArchive(local.path);
    } catch (err) {
      throw err instanceof ArchiveRefused ? archiveError(err, row.fileName) : err;
    } finally {
      await local.release();
    }
    // Rows of data: the header is not one (the template's notes row is counted, a little high).
    const rows = Math.max(0, facts.rows - 1);
    if (rows > IMPORT_LIMITS.rows + 1) throw refused('BAD_REQUEST', 'import.too_many_rows', rows, IMPORT_LIMITS.rows);
    if (rows > IMPORT.VerificationRows && !(await advancedMode(ctx.pool, principal.userId))) {
      throw refused('BAD_REQUEST', 'import.advanced_required', rows, IMPORT.VerificationRows);
    }
    const field = (name: string) => tasks.byName.get(name.toLowerCase())!;
    const { id, again } = await inTransaction(ctx.pool, async (client) => {
      // Two starts of the same file for the same table at once: the second waits, then finds the first.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `import:${principal.userId}:${model.table.name}:${row.sha256}`,
      ]);
      const running = (
        await client.query<{ autoid: number }>(
          `SELECT t.autoid FROM ${TASKS} t JOIN core_file f ON f.id::text = t.file
          WHERE t.requestedby = $1 AND t.destination = $2 AND f.sha256 = $3 AND t.processstate IN ('0', '1') AND t.dryrun = $4 LIMIT 1`,
          [principal.userId, model.table.name, row.sha256, form.DryRun === true],
        )
      ).rows[0];
      if (running) return { id: Number(running.autoid), again: true };
      const values = new Map<EffectiveField | 'archive', unknown>([
        [field('Descr'), `${model.table.label ?? model.table.name}: ${row.fileName}`],
        [field('Destination'), model.table.name],
        [field('ProcessState'), String(IMPORT.ProcessState.Pending)],
        [field('ProcessResult'), String(IMPORT.ProcessResult.NotSet)],
        [field('DryRun'), form.DryRun === true],
        [field('Overwrite'), form.Overwrite === true],
        [field('TotalRecords'), rows],
        [field('ProcessedRecords'), 0],
        [field('FailedRecords'), 0],
        [field('SkippedRecords'), 0],
        [field('CurrentRow'), 0],
        [field('Filename'), row.fileName],
        [field('File'), row.id],
        [field('DecimalFormat'), form.DecimalFormat],
        [field('BooleanFormat'), form.BooleanFormat],
        [field('DateFormat'), form.DateFormat],
        [field('RequestedBy'), principal.userId],
      ]);
      return { id: await insertRow(client, tasks, values, principal.username), again: false };
    });
    if (again) {
      await undo();
      return id;
    }
    await ctx.send(id);
    return id;
  } catch (err) {
    await undo();
    throw err;
  }
}
