// The rows of a sheet, read in a worker thread (sheet-worker.mjs) a chunk at a time: the worker
// reads one chunk ahead while the import writes the one before, and no further. Its heap is
// capped, so a sheet that would take more memory ends the worker and this import, and nothing else.
// The worker reads the archive of vouched entries (archive.ts, readerArchive), never the upload as
// it is; whatever it writes to disk goes into the folder it is given, which its caller removes.
import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS } from '../../definitions/language/index.ts';
import { ArchiveRefused, readerArchive } from './archive.ts';

/** A cell as read: text, number, boolean, a date, or why it cannot be used. */
export type Cell =
  string | number | boolean | Date | null | { error: 'formula' | 'value' | 'too_long' | 'date'; text?: string };
/** A row by its number in the sheet (as the spreadsheet shows it) and its cells from column A. */
export type SheetRow = [number, Cell[]];

/** The sheet could not be read to its end: why, and the row it stopped at. */
export class SheetFailed extends Error {
  constructor(
    readonly reason: 'columns' | 'rows' | 'unreadable' | 'memory',
    readonly row: number | null,
    detail = '',
  ) {
    super(`sheet ${reason}${row ? ` at row ${row}` : ''}${detail ? `: ${detail}` : ''}`);
  }
}

export interface SheetOptions {
  chunkRows?: number;
  maxRows?: number;
  heapMb?: number;
  /** The worker's temporary folder (its TMPDIR): the import's own scratch folder, not the system's. */
  tmpDir?: string;
}

type Message =
  | { kind: 'rows'; rows: SheetRow[]; last?: boolean }
  | { kind: 'failed'; reason: 'columns' | 'rows' | 'unreadable'; row?: number; message?: string }
  | { kind: 'died'; error: Error | null };

/** Reads the worksheet the inspection counted in the .xlsx at `path`, in chunks of rows. */
export async function* readSheet(path: string, opts: SheetOptions = {}): AsyncGenerator<SheetRow[]> {
  let parts;
  try {
    parts = await readerArchive(path);
  } catch (err) {
    if (err instanceof ArchiveRefused) throw new SheetFailed('unreadable', null, err.message);
    throw err;
  }
  const tmp = opts.tmpDir ? { TMPDIR: opts.tmpDir, TMP: opts.tmpDir, TEMP: opts.tmpDir } : {};
  const worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
    workerData: {
      path,
      parts,
      chunkRows: opts.chunkRows ?? 1000,
      maxRows: opts.maxRows ?? IMPORT_LIMITS.rows,
      maxColumns: IMPORT_LIMITS.columns,
      maxChars: IMPORT_LIMITS.cellChars,
    },
    // A worker's environment is its own: the reader's temporary files (os.tmpdir()) land in tmpDir.
    env: { ...process.env, ...tmp },
    resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? IMPORT_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 8 },
    stdout: true,
    stderr: true,
  });
  const queue: Message[] = [];
  let wake: (() => void) | null = null;
  const push = (m: Message) => {
    queue.push(m);
    wake?.();
    wake = null;
  };
  worker.on('message', (m: Message) => push(m));
  worker.on('error', (error) => push({ kind: 'died', error }));
  worker.on('exit', () => push({ kind: 'died', error: null }));
  try {
    for (;;) {
      if (!queue.length)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      const m = queue.shift()!;
      if (m.kind === 'died') {
        const memory =
          m.error && /memory|heap/i.test(`${(m.error as { code?: string }).code ?? ''} ${m.error.message}`);
        throw new SheetFailed(memory ? 'memory' : 'unreadable', null, m.error?.message ?? 'the reader stopped');
      }
      if (m.kind === 'failed') throw new SheetFailed(m.reason, m.row ?? null, m.message);
      yield m.rows;
      if (m.last) return;
      worker.postMessage('next');
    }
  } finally {
    await worker.terminate();
  }
}
