// Every row of an SQL editor query as a spreadsheet (spec 3 §8: more than 1,000 rows, download
// the spreadsheet): run in the background as the SQL reader role, written as .xlsx straight into
// the file store, and handed out as a download request, the same way a grid export is.
import { logQuery, streamAsReader } from '../data/sql-reader.ts';
import { XlsxWriter } from '../imports/index.ts';
import type { JobKind } from './context.ts';
import { writeDownload } from './download-request.ts';

export interface SqlExportJob {
  requestId: number;
  userId: number;
  username: string;
  sql: string;
  fileName: string;
  descr: string;
  /** The longest the query may run, in milliseconds. */
  timeoutMs: number;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell as a spreadsheet takes it: objects (json, arrays) as their JSON text. */
const cell = (v: unknown) =>
  v === null || v instanceof Date || typeof v !== 'object' ? v : Buffer.isBuffer(v) ? null : JSON.stringify(v);

export const sqlExport: JobKind<SqlExportJob> = {
  name: 'sql-export',
  retryLimit: 0,
  retryDelaySeconds: 10,
  expireInSeconds: 30 * 60,
  async run(ctx, job) {
    const started = performance.now();
    const of = { requestId: job.requestId, userId: job.userId, descr: job.descr, jobKind: 'export' };
    const file = { fileName: job.fileName, mediaType: XLSX, username: job.username };
    const log = (rows: number | null, error: string | null) =>
      logQuery(ctx.pool, {
        username: job.username,
        sql: job.sql,
        rows,
        ms: Math.round(performance.now() - started),
        error,
        kind: 'export',
      });
    try {
      const rows = await writeDownload(ctx, of, file, async (out) => {
        const book = new XlsxWriter(out, { styles: false });
        let sheet: ReturnType<XlsxWriter['sheet']> | undefined;
        const { rows } = await streamAsReader(ctx.pool, job.sql, { timeoutMs: job.timeoutMs }, (row, columns) => {
          sheet ??= book.sheet('SQL', { columns: columns.map((c, i) => ({ header: c, key: `c${i}`, width: 20 })) });
          sheet.row(Object.fromEntries(row.map((v, i) => [`c${i}`, cell(v)])));
        });
        sheet ??= book.sheet('SQL');
        await book.end();
        return rows;
      });
      await log(rows, null);
      return `${rows} rijen`;
    } catch (err) {
      await log(null, err instanceof Error ? err.message : String(err));
      throw err;
    }
  },
};
