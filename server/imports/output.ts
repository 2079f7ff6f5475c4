// The output file of an import: the rows as they were read, each followed by its result (the
// row result enumeration of spec 3 §9) and its message. It is written beside the import, a chunk
// at a time once the chunk is committed, into the store's scratch folder; a run that goes on
// after a checkpoint writes the earlier rows with their stored results first.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { IMPORT } from '../../definitions/language/index.ts';
import type { FileStore, StoredFile } from '../files/index.ts';
import type { Cell } from './sheet.ts';
import { XlsxWriter, type XlsxSheet } from './xlsx-writer.ts';

const RESULT_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(IMPORT.RowResult).map(([name, n]) => [n, name]),
);
const MAX_BYTES = 1024 * 1024 * 1024;

/** A cell as the output holds it: what could not be used is written as nothing. */
const plain = (c: Cell) => (c !== null && typeof c === 'object' && !(c instanceof Date) ? (c.text ?? null) : c);

export interface OutputRow {
  cells: Cell[];
  result: number;
  message: string | null;
}

export class OutputFile {
  private rows = 0;
  private width = 0;

  private constructor(
    private readonly writer: XlsxWriter,
    private readonly sheet: XlsxSheet,
    private readonly file: string,
    private readonly scratch: { remove(): Promise<void> },
  ) {}

  static async open(
    files: FileStore,
    header: Cell[],
    columns: [string, string],
    note: string | null,
  ): Promise<OutputFile> {
    const scratch = await files.scratch();
    const file = path.join(scratch.path, 'output.xlsx');
    const writer = new XlsxWriter(file);
    const out = new OutputFile(writer, writer.sheet('Import'), file, scratch);
    out.width = header.length;
    out.sheet.row([...header.map(plain), ...columns], { bold: true });
    if (note) out.sheet.row([note]);
    return out;
  }

  get count(): number {
    return this.rows;
  }

  async add(rows: OutputRow[]): Promise<void> {
    for (const r of rows) {
      const cells = r.cells.map(plain);
      while (cells.length < this.width) cells.push(null);
      this.sheet.row([...cells, RESULT_NAMES[r.result] ?? 'NotSet', r.message ?? '']);
      this.rows++;
    }
  }

  /** Ends the file and stores it; the scratch folder is removed. */
  async store(files: FileStore): Promise<StoredFile> {
    try {
      await this.writer.end();
      return await files.put(createReadStream(this.file), { maxBytes: MAX_BYTES });
    } finally {
      await this.scratch.remove();
    }
  }

  async close(): Promise<void> {
    await this.writer.end().catch(() => undefined);
    await this.scratch.remove();
  }
}
