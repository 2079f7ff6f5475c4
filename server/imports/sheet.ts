// The worker thread of an import (import-worker.mjs): it reads the sheet a chunk at a time, the
// next chunk only when the import has taken the last one (one read ahead), and writes the output
// file from the rows the import hands back with their results. Its heap is capped, so a sheet
// that would take more memory ends the worker and this import, and nothing else. One thread for
// both halves: its memory is paid once.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMPORT, IMPORT_LIMITS } from '../../definitions/language/index.ts';
import type { FileStore, StoredFile } from '../files/index.ts';

/** A cell as read: text, number, boolean, a date, or why it cannot be used. */
export type Cell = string | number | boolean | Date | null | { error: 'formula' | 'value' | 'too_long' | 'date'; text?: string };
/** A row by its number in the sheet (as the spreadsheet shows it) and its cells from column A. */
export type SheetRow = [number, Cell[]];

/** The sheet could not be read to its end: why, and the row it stopped at. */
export class SheetFailed extends Error {
  constructor(readonly reason: 'columns' | 'rows' | 'unreadable' | 'memory', readonly row: number | null, detail = '') {
    super(`sheet ${reason}${row ? ` at row ${row}` : ''}${detail ? `: ${detail}` : ''}`);
  }
}

export interface SheetOptions { chunkRows?: number; maxRows?: number; heapMb?: number }

type Message =
  | { kind: 'rows'; rows: SheetRow[]; last?: boolean }
  | { kind: 'failed'; reason: 'columns' | 'rows' | 'unreadable'; row?: number; message?: string }
  | { kind: 'written' } | { kind: 'stored' } | { kind: 'write_failed'; message: string }
  | { kind: 'died'; error: Error | null };

const RESULT_NAMES: Record<number, string> = Object.fromEntries(Object.entries(IMPORT.RowResult).map(([name, n]) => [n, name]));
const MAX_OUTPUT_BYTES = 1024 * 1024 * 1024;

/** A cell as the output holds it: what could not be used is written as nothing. */
const plain = (c: Cell) => (c !== null && typeof c === 'object' && !(c instanceof Date) ? (c.text ?? null) : c);

export interface OutputRow { cells: Cell[]; result: number; message: string | null }

export class SheetWorker {
  private readonly worker: Worker;
  private readonly chunks: Message[] = [];
  private wakeReader: (() => void) | null = null;
  private wakeWriter: (() => void) | null = null;
  private behind = 0;
  private stored = false;
  private writeFailure: string | null = null;
  private died: Error | null | undefined;
  private written = 0;

  private constructor(file: string, private readonly dir: string, opts: SheetOptions, private readonly removeDir: () => Promise<void>) {
    this.worker = new Worker(new URL('./import-worker.mjs', import.meta.url), {
      workerData: {
        path: file, output: path.join(dir, 'output.xlsx'), chunkRows: opts.chunkRows ?? 1000, maxRows: opts.maxRows ?? IMPORT_LIMITS.rows,
        maxColumns: IMPORT_LIMITS.columns, maxChars: IMPORT_LIMITS.cellChars,
      },
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? IMPORT_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 16 },
      stdout: true, stderr: true,
    });
    this.worker.on('message', (m: Message) => this.receive(m));
    this.worker.on('error', (error) => this.receive({ kind: 'died', error }));
    this.worker.on('exit', () => this.receive({ kind: 'died', error: null }));
  }

  /** A worker for the sheet at `file`, writing its output in `scratch` (a folder removed on close). */
  static async open(file: string, scratch: { path: string; remove(): Promise<void> }, opts: SheetOptions = {}): Promise<SheetWorker> {
    return new SheetWorker(file, scratch.path, opts, scratch.remove);
  }

  private receive(m: Message): void {
    if (m.kind === 'written') this.behind--;
    else if (m.kind === 'stored') this.stored = true;
    else if (m.kind === 'write_failed') this.writeFailure = m.message;
    else {
      if (m.kind === 'died') this.died ??= m.error;
      this.chunks.push(m);
    }
    this.wakeReader?.();
    this.wakeWriter?.();
  }

  /** The sheet's rows, a chunk at a time. */
  async *rows(): AsyncGenerator<SheetRow[]> {
    for (;;) {
      if (!this.chunks.length) await new Promise<void>((resolve) => { this.wakeReader = resolve; });
      this.wakeReader = null;
      const m = this.chunks.shift();
      if (!m) continue;
      if (m.kind === 'died') {
        const memory = m.error && /memory|heap/i.test(`${(m.error as { code?: string }).code ?? ''} ${m.error.message}`);
        throw new SheetFailed(memory ? 'memory' : 'unreadable', null, m.error?.message ?? 'the reader stopped');
      }
      if (m.kind === 'failed') throw new SheetFailed(m.reason, m.row ?? null, m.message);
      if (m.kind !== 'rows') continue;
      yield m.rows;
      if (m.last) return;
      this.worker.postMessage('next');
    }
  }

  private async until(done: () => boolean): Promise<void> {
    while (!done()) {
      if (this.writeFailure) throw new Error(`output file: ${this.writeFailure}`);
      if (this.died !== undefined) throw new Error(`output file: ${this.died?.message ?? 'the worker stopped'}`);
      await new Promise<void>((resolve) => { this.wakeWriter = resolve; });
      this.wakeWriter = null;
    }
  }

  /** Starts the output file: the header as read, then the result and message columns. */
  startOutput(header: Cell[], columns: [string, string], note: string | null): void {
    this.worker.postMessage({ header: header.map(plain), columns, note });
  }

  get outputRows(): number { return this.written; }

  /** Rows for the output file, in order; waits while the writer is two chunks behind. */
  async output(rows: OutputRow[]): Promise<void> {
    if (!rows.length) return;
    this.written += rows.length;
    this.behind++;
    this.worker.postMessage({ out: rows.map((r) => [r.cells.map(plain), RESULT_NAMES[r.result] ?? 'NotSet', r.message]) });
    await this.until(() => this.behind <= 2);
  }

  /** Ends the output file and stores it. */
  async storeOutput(files: FileStore): Promise<StoredFile> {
    this.worker.postMessage({ end: true });
    await this.until(() => this.stored);
    return files.put(createReadStream(path.join(this.dir, 'output.xlsx')), { maxBytes: MAX_OUTPUT_BYTES });
  }

  /** Ends the worker and removes its temporary files. */
  async close(): Promise<void> {
    await this.worker.terminate();
    await this.removeDir();
  }
}

/** Reads the first worksheet of the .xlsx at `file`, in chunks of rows (nothing written). */
export async function* readSheet(file: string, opts: SheetOptions = {}): AsyncGenerator<SheetRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sheet-'));
  const worker = await SheetWorker.open(file, { path: dir, remove: () => rm(dir, { recursive: true, force: true }) }, opts);
  try {
    yield* worker.rows();
  } finally {
    await worker.close();
  }
}
