// A grid exported as a spreadsheet in the background (a download request): the user's own grid
// request, read with their rights and row limits at the time it runs, written as .xlsx straight
// into the file store a page at a time, with progress told to the user as live events. It reads
// as the grid does, in the language the user asked in: column titles, list and catalogue texts,
// a choice's or a status's label.
import type { PassThrough } from 'node:stream';
import {
  SOURCE_LANGUAGE,
  translateAnswer,
  type ExportLayout,
  type FlexColumn,
  type FlexRequest,
  type Language,
} from '../../definitions/language/index.ts';
import { flexData } from '../data/flex.ts';
import { withCatalogueTexts } from '../data/catalogues.ts';
import { translatorFor } from '../texts.ts';
import { authorize } from '../data/records.ts';
import { importableFields, XlsxWriter, type XlsxSheet } from '../imports/index.ts';
import { listCodes } from './list-codes.ts';
import { principalData } from '../security/identity.ts';
import { userPrincipal } from '../security/principal-of.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import type { JobContext, JobKind } from './context.ts';
import { writeDownload, type TellProgress } from './download-request.ts';

export interface ExportJob {
  requestId: number;
  userId: number;
  table: string;
  request: FlexRequest;
  fileName: string;
  descr: string;
  layout?: ExportLayout;
  /** The language of the user who asked (Dutch for a job queued without one). */
  language?: Language;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const PAGE = 1000;

/** A sheet's name: at most 31 characters, none of : \\ / ? * [ ] (Excel's rules). */
const sheetName = (text: string) =>
  text
    .replace(/[:\\/?*[\]]/g, ' ')
    .slice(0, 31)
    .trim() || 'Export';

/** A cell as the grid shows it: a list's or catalogue's text, a choice's or status's label. */
function shown(column: FlexColumn, row: Record<string, unknown>): unknown {
  const value = row[`${column.FieldName}_Descr`] ?? row[column.FieldName] ?? null;
  if (value === null || !column.Options) return value;
  return column.Options.find((o) => o.Value === String(value))?.Label ?? value;
}

export const gridExport: JobKind<ExportJob> = {
  name: 'export',
  retryLimit: 1,
  retryDelaySeconds: 10,
  expireInSeconds: 30 * 60,
  async run(ctx, job) {
    const snapshot = ctx.snapshot();
    const data = await principalData(ctx.pool, job.userId);
    const model = snapshot.table(job.table);
    if (!data || !model) throw new Error(`export ${job.requestId}: no user ${job.userId} or table ${job.table}`);
    const principal = userPrincipal(data.user, data.grants, data.limits, false, (name) =>
      snapshot.effective.tables.get(name.toLowerCase()),
    );
    const of = { requestId: job.requestId, userId: job.userId, descr: job.descr, jobKind: 'export' };
    const file = { fileName: job.fileName, mediaType: XLSX, username: principal.username };
    const written = await writeDownload(ctx, of, file, (out, tell) => {
      authorize(model, principal, 'read');
      return exportRows(ctx, snapshot, job, model, principal, out, tell);
    });
    return `${written} rijen`;
  },
};

/** The grid's pages written into `out`; answers the rows written. */
async function exportRows(
  ctx: JobContext,
  snapshot: Snapshot,
  job: ExportJob,
  model: TableModel,
  principal: Principal,
  out: PassThrough,
  tell: TellProgress,
): Promise<number> {
  const book = new XlsxWriter(out, { styles: false });
  const t = translatorFor(snapshot.effective, job.language ?? SOURCE_LANGUAGE);
  const name = sheetName(t(model.table.label ?? model.table.name));
  // ImportLayout: the ID and every field an import takes, list fields by code, so the file
  // comes back in as it went out. GridLayout: the view's columns as the grid shows them.
  const forImport = job.layout === 'ImportLayout';
  const fields = forImport ? importableFields(model, principal) : [];
  const request = forImport ? { ...job.request, flexGridLayoutColumns: fields.map((f) => f.name) } : job.request;
  let written = 0;
  // The columns as the first page describes them, translated once for every page.
  let columns: FlexColumn[] = [];
  let sheet: XlsxSheet | undefined;
  for (let pageIndex = 0; ; pageIndex++) {
    const answer = await flexData(ctx.pool, model, principal, { ...request, pageIndex, pageSize: PAGE }, false, t);
    if (pageIndex === 0) {
      columns = translateAnswer(answer.Meta, t).Columns;
      sheet = book.sheet(name, {
        columns: forImport
          ? [
              { header: 'AutoID', key: 'AutoID', width: 10 },
              ...fields.map((f) => ({ header: f.label ?? f.name, key: f.name, width: 20 })),
            ]
          : columns.map((c) => ({
              header: c.Title,
              key: c.FieldName,
              width: Math.max(10, Math.round((c.ColumnWidth ?? 150) / 7)),
            })),
      });
    }
    const codes = forImport ? await listCodes(ctx, snapshot, principal, fields, answer.Data) : null;
    for (const row of answer.Data) {
      const cells = forImport
        ? [
            ['AutoID', row.AutoID],
            ...fields.map((f) => [
              f.name,
              codes!.get(f.name)?.get(Number(row[f.name])) ?? (f.type === 'list' ? null : (row[f.name] ?? null)),
            ]),
          ]
        : columns.map((c) => [c.FieldName, shown(c, withCatalogueTexts(model, row, t))]);
      sheet?.row(Object.fromEntries(cells));
    }
    written += answer.Data.length;
    await tell(written, Math.max(written, answer.Meta.Count));
    if (answer.Data.length < PAGE) break;
  }
  await book.end();
  return written;
}
