// Spreadsheets for import tests, written by exceljs as a user's spreadsheet program would save
// them, and the calls of an import over real HTTP (multipart StartImport, the task, its files).
import ExcelJS from 'exceljs';

export type Row = (string | number | boolean | Date | null | { formula: string; result?: unknown })[];

/** An .xlsx with one sheet of these rows (the first is the header). */
export async function sheetFile(rows: Row[], name = 'Blad1'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(name);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A large .xlsx written streaming: `count` rows made by `row`. */
export async function bigSheet(
  header: Row,
  count: number,
  row: (i: number) => Row,
  opts: { sharedStrings?: boolean } = {},
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: opts.sharedStrings ?? true });
  const sheet = book.addWorksheet('Blad1');
  sheet.addRow(header).commit();
  for (let i = 0; i < count; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** Reads an .xlsx's first sheet as rows of values (index 0 is column A). */
export async function readRows(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows[row.number - 1] = values.map((v) =>
      v && typeof v === 'object' && 'richText' in v
        ? (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('')
        : (v ?? null),
    );
  });
  return rows;
}

export interface ImportCall {
  Destination: string;
  file: Buffer;
  fileName?: string;
  Overwrite?: boolean;
  DryRun?: boolean;
  BooleanFormat?: string;
  DecimalFormat?: string;
  DateFormat?: string;
}

/** StartImport as the runtime sends it: the form's fields, then the file as the part File. */
export async function startImport(base: string, cookie: string, call: ImportCall) {
  const form = new FormData();
  form.append('Destination', call.Destination);
  form.append('Overwrite', String(call.Overwrite ?? false));
  form.append('DryRun', String(call.DryRun ?? false));
  form.append('BooleanFormat', call.BooleanFormat ?? 'YesNo');
  form.append('DecimalFormat', call.DecimalFormat ?? 'Comma');
  form.append('DateFormat', call.DateFormat ?? 'DMYYYY_Dash');
  form.append('File', new Blob([new Uint8Array(call.file)]), call.fileName ?? 'import.xlsx');
  const res = await fetch(`${base}/mvc/import/StartImport`, { method: 'POST', headers: { cookie }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Waits until the task is processed or cancelled; answers it. */
export async function finished(
  base: string,
  cookie: string,
  id: number,
  timeoutMs = 60_000,
): Promise<Record<string, any>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base}/mvc/import/GetItem?autoid=${id}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    const task = (await res.json()) as Record<string, any>;
    if (task.ProcessState >= 2) return task;
    if (Date.now() > until) throw new Error(`import ${id} not finished: ${JSON.stringify(task)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function outputRows(base: string, cookie: string, id: number, result = true): Promise<unknown[][]> {
  const res = await fetch(`${base}/mvc/import/GetFile?ImportId=${id}&Result=${result}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GetFile ${id}: ${res.status} ${await res.text()}`);
  return readRows(Buffer.from(await res.arrayBuffer()));
}
