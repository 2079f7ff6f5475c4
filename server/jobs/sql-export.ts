// Every row of an SQL editor query as a spreadsheet (spec 3 §8: more than 1,000 rows, download
// the spreadsheet): run in the background as the SQL reader role, written as .xlsx straight into
// the file store, and handed out as a download request, the same way a grid export is.
import { PassThrough } from 'node:stream';
import { emitEvent, EVENT_TYPES } from '../data/events.ts';
import { logQuery, streamAsReader } from '../data/sql-reader.ts';
import { insertFiles } from '../files/index.ts';
import { XlsxWriter } from '../imports/index.ts';
import type { JobContext, JobKind } from './context.ts';

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
const MAX_BYTES = 1024 * 1024 * 1024;

async function setRequest(ctx: JobContext, id: number, values: Record<string, unknown>): Promise<void> {
  const sets = Object.keys(values).map((k, i) => `${k} = $${i + 2}`);
  await ctx.pool.query(`UPDATE downloadrequests SET ${sets.join(', ')}, timestamp = timestamp + 1 WHERE autoid = $1`, [
    id,
    ...Object.values(values),
  ]);
}

const progress = (ctx: JobContext, job: SqlExportJob, data: Record<string, unknown>) =>
  emitEvent(ctx.pool, {
    type: EVENT_TYPES.JobProgress,
    userId: job.userId,
    data: { JobKind: 'export', RequestID: job.requestId, Descr: job.descr, ...data },
  });

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
    await setRequest(ctx, job.requestId, { state: 'pending', progress: 0, error: null });
    const out = new PassThrough();
    const stored = ctx.files.put(out, { maxBytes: MAX_BYTES });
    stored.catch(() => undefined);
    try {
      const book = new XlsxWriter(out, { styles: false });
      let sheet: ReturnType<XlsxWriter['sheet']> | undefined;
      const { rows } = await streamAsReader(ctx.pool, job.sql, { timeoutMs: job.timeoutMs }, (row, columns) => {
        sheet ??= book.sheet('SQL', { columns: columns.map((c, i) => ({ header: c, key: `c${i}`, width: 20 })) });
        sheet.row(Object.fromEntries(row.map((v, i) => [`c${i}`, cell(v)])));
      });
      sheet ??= book.sheet('SQL');
      await book.end();
      const file = await stored;
      const [stamp] = await insertFiles(
        ctx.pool,
        [{ sha256: file.sha256, fileName: job.fileName, mediaType: XLSX, size: file.size }],
        job.username,
      );
      await setRequest(ctx, job.requestId, { state: 'finished', progress: 100, file: stamp.id });
      await progress(ctx, job, { CurrentRow: rows, TotalRows: rows, Finished: true });
      const ms = Math.round(performance.now() - started);
      await logQuery(ctx.pool, { username: job.username, sql: job.sql, rows, ms, error: null, kind: 'export' });
      return `${rows} rijen`;
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
      await stored.catch(() => undefined);
      const error = err instanceof Error ? err.message : String(err);
      const ms = Math.round(performance.now() - started);
      await logQuery(ctx.pool, { username: job.username, sql: job.sql, rows: null, ms, error, kind: 'export' });
      await setRequest(ctx, job.requestId, { state: 'error', error });
      await progress(ctx, job, { Finished: true, Failed: true });
      throw err;
    }
  },
};
