// What a report prints, read as the requesting user through the one access layer (flexData): the
// record, the rows its list fields name (the administration as sender, the customer), its child
// rows, and the images its image fields hold. A field hidden from the user is not read, so it is
// not printed; a row outside their row limits is not read, so a table prints only the rows they see.
import {
  REPORT_IMAGE_BYTES,
  REPORT_ROWS,
  fieldOf,
  listTarget,
  type ReportDef,
  type Translate,
} from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { AppError, notFound } from '../errors.ts';
import type { FileStore } from '../files/index.ts';
import { fileById, isFileId } from '../files/index.ts';
import { flexData } from '../data/flex.ts';
import { authorize } from '../data/records.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';

export type Row = Record<string, unknown>;

export interface ReportData {
  record: Row;
  /** The rows the record's list fields name, by field name (absent where the user may not read them). */
  related: Map<string, { model: TableModel; row: Row }>;
  /** Each table block's rows, by block index. */
  rows: Map<number, { model: TableModel; rows: Row[] }>;
  /** Images as data URLs, by "<field>" of the record or "<from>.<field>" of a related row. */
  images: Map<string, string>;
}

export interface ReadContext {
  db: Queryable;
  files: FileStore;
  snapshot: Snapshot;
  principal: Principal;
  t: Translate;
}

async function rowsOf(ctx: ReadContext, model: TableModel, body: Record<string, unknown>): Promise<Row[]> {
  return (await flexData(ctx.db, model, ctx.principal, { dataSource: 2, ...body }, false, ctx.t)).Data;
}

/** One row by its AutoID as the user may see it, or null. */
async function oneRow(ctx: ReadContext, model: TableModel, id: number): Promise<Row | null> {
  const [row] = await rowsOf(ctx, model, { dataFilter: [{ FieldName: 'AutoID', Value: id }], pageSize: 1 });
  return row ?? null;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/** An image file as a data URL, refused when larger than REPORT_IMAGE_BYTES; null when it is no PNG or JPEG. */
async function imageOf(ctx: ReadContext, report: ReportDef, fileId: unknown, what: string): Promise<string | null> {
  if (!isFileId(fileId)) return null;
  const file = await fileById(ctx.db, fileId);
  if (!file || !IMAGE_TYPES.has(file.mediaType)) return null;
  if (file.size > REPORT_IMAGE_BYTES)
    throw new AppError('REPORT_TOO_LARGE', [report.name, what, REPORT_IMAGE_BYTES], {}, {}, 'reports.image_too_large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.files.open(file.sha256)) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > REPORT_IMAGE_BYTES)
      throw new AppError(
        'REPORT_TOO_LARGE',
        [report.name, what, REPORT_IMAGE_BYTES],
        {},
        {},
        'reports.image_too_large',
      );
    chunks.push(buf);
  }
  return `data:${file.mediaType};base64,${Buffer.concat(chunks).toString('base64')}`;
}

/** Everything `report` prints of record `id`, read as `ctx.principal`. */
export async function readReportData(ctx: ReadContext, report: ReportDef, id: number): Promise<ReportData> {
  const model = ctx.snapshot.table(report.table);
  if (!model) throw notFound();
  authorize(model, ctx.principal, 'read');
  const record = await oneRow(ctx, model, id);
  if (!record) throw notFound();
  const eff = ctx.snapshot.effective;
  const related = new Map<string, { model: TableModel; row: Row }>();
  const images = new Map<string, string>();
  const froms = [report.header?.from, ...report.blocks.map((b) => (b.kind === 'address' ? b.from : undefined))];
  for (const from of new Set(froms.filter((f): f is string => !!f))) {
    const target = listTarget(eff, model.table, from);
    const targetModel = target ? ctx.snapshot.table(target.name) : undefined;
    const ref = Number(record[fieldOf(model.table, from)?.name ?? from]);
    // A table the user may not read is left out of the document, as a hidden field is.
    if (!targetModel || !Number.isSafeInteger(ref) || ref <= 0) continue;
    if (!ctx.principal.can(targetModel.table.right, 'read')) continue;
    const row = await oneRow(ctx, targetModel, ref);
    if (row) related.set(from, { model: targetModel, row });
  }
  const header = report.header;
  if (header?.logo) {
    const sender = related.get(header.from);
    const logo = sender ? fieldOf(sender.model.table, header.logo) : undefined;
    const url = logo && sender ? await imageOf(ctx, report, sender.row[logo.name], header.logo) : null;
    if (url) images.set(`${header.from}.${header.logo}`, url);
  }
  const rows = new Map<number, { model: TableModel; rows: Row[] }>();
  for (const [i, block] of report.blocks.entries()) {
    if (block.kind === 'signature' && block.field) {
      const field = fieldOf(model.table, block.field);
      const url = field ? await imageOf(ctx, report, record[field.name], block.field) : null;
      if (url) images.set(block.field, url);
    }
    if (block.kind !== 'table' || !block.table || !block.parentField) continue;
    const child = ctx.snapshot.table(block.table);
    if (!child || !ctx.principal.can(child.table.right, 'read')) continue;
    const max = block.maxRows ?? REPORT_ROWS;
    // The record's own child rows, or (`from`) those of the row one of its list fields names.
    const parent = block.from ? Number(record[fieldOf(model.table, block.from)?.name ?? block.from]) : id;
    if (!Number.isSafeInteger(parent) || parent <= 0) {
      rows.set(i, { model: child, rows: [] });
      continue;
    }
    const found = await rowsOf(ctx, child, {
      dataFilter: [{ FieldName: block.parentField, Value: parent }],
      ...(block.order ? { order: block.order } : {}),
      pageSize: max + 1,
    });
    if (found.length > max)
      throw new AppError('REPORT_TOO_LARGE', [report.name, block.table, max], {}, {}, 'reports.too_many_rows');
    rows.set(i, { model: child, rows: found });
  }
  return { record, related, rows, images };
}
