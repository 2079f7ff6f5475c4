// A report printed for a large grid selection in the background (spec 3 §9: the inspection report
// export of at most 2,000 runs this way): one PDF of all records, or a zip of one PDF per record
// written into the file store as each is made. It runs as the user who asked, with their rights
// and row limits at the time it runs, and tells its progress as a grid export does: the download
// request's progress and live JobProgress events.
import { PassThrough } from 'node:stream';
import type { Language } from '../../definitions/language/index.ts';
import { emitEvent, EVENT_TYPES } from '../data/events.ts';
import { AppError } from '../errors.ts';
import { insertFiles, type StoredFile } from '../files/index.ts';
import { MEDIA_TYPES, renderPdf, ZipWriter, type ReadContext } from '../reports/index.ts';
import { principalData } from '../security/identity.ts';
import { userPrincipal } from '../security/principal-of.ts';
import type { JobContext, JobKind } from './context.ts';

export interface ReportSelectionJob {
  requestId: number;
  userId: number;
  report: string;
  ids: number[];
  language: Language;
  /** One PDF of every record, or a zip of one PDF per record. */
  as: 'pdf' | 'zip';
  fileName: string;
  /** A record's file in the zip: its name with `{0}` for the record's AutoID. */
  entryName: string;
  descr: string;
}

/** The largest file a selection makes. */
const MAX_BYTES = 1024 * 1024 * 1024;
/** Progress is told after this many records. */
const STEP = 10;

async function setRequest(ctx: JobContext, id: number, values: Record<string, unknown>): Promise<void> {
  const sets = Object.keys(values).map((k, i) => `${k} = $${i + 2}`);
  await ctx.pool.query(`UPDATE downloadrequests SET ${sets.join(', ')}, timestamp = timestamp + 1 WHERE autoid = $1`, [
    id,
    ...Object.values(values),
  ]);
}

const progress = (ctx: JobContext, job: ReportSelectionJob, data: Record<string, unknown>) =>
  emitEvent(ctx.pool, {
    type: EVENT_TYPES.JobProgress,
    userId: job.userId,
    data: { JobKind: 'reports', RequestID: job.requestId, Descr: job.descr, ...data },
  });

export const reportSelection: JobKind<ReportSelectionJob> = {
  name: 'reports',
  retryLimit: 1,
  retryDelaySeconds: 10,
  expireInSeconds: 60 * 60,
  async run(ctx, job) {
    const snapshot = ctx.snapshot();
    const data = await principalData(ctx.pool, job.userId);
    const report = snapshot.effective.reports.get(job.report.toLowerCase())?.value;
    if (!data || !report) throw new Error(`report selection ${job.requestId}: no user ${job.userId} or report`);
    const principal = userPrincipal(data.user, data.grants, data.limits, false, (name) =>
      snapshot.effective.tables.get(name.toLowerCase()),
    );
    const read: ReadContext = { db: ctx.pool, files: ctx.files, snapshot, principal, t: (text) => text };
    const out = new PassThrough();
    const stored = ctx.files.put(out, { maxBytes: MAX_BYTES });
    stored.catch(() => undefined);
    try {
      await setRequest(ctx, job.requestId, { state: 'pending', progress: 0, error: null });
      const tell = async (done: number) => {
        await setRequest(ctx, job.requestId, { progress: Math.min(99, Math.floor((done / job.ids.length) * 100)) });
        await progress(ctx, job, { CurrentRow: done, TotalRows: job.ids.length, Finished: false });
      };
      let printed = 0;
      if (job.as === 'pdf') {
        out.end(await renderPdf(read, report, job.ids, job.language, true));
        printed = job.ids.length;
      } else {
        const zip = new ZipWriter(out);
        for (const [i, id] of job.ids.entries()) {
          try {
            await zip.add(job.entryName.replace('{0}', String(id)), await renderPdf(read, report, [id], job.language));
            printed++;
          } catch (err) {
            // A record the user no longer sees is left out; any other failure fails the job.
            if (!(err instanceof AppError && err.code === 'ITEM_NOT_FOUND')) throw err;
          }
          if ((i + 1) % STEP === 0) await tell(i + 1);
        }
        await zip.end();
      }
      const file: StoredFile = await stored;
      const [row] = await insertFiles(
        ctx.pool,
        [
          {
            sha256: file.sha256,
            fileName: job.fileName,
            mediaType: job.as === 'pdf' ? MEDIA_TYPES.PDF : 'application/zip',
            size: file.size,
          },
        ],
        principal.username,
      );
      await setRequest(ctx, job.requestId, { state: 'finished', progress: 100, file: row.id });
      await progress(ctx, job, { CurrentRow: job.ids.length, TotalRows: job.ids.length, Finished: true });
      return `${printed} documenten`;
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
      await stored.catch(() => undefined);
      await setRequest(ctx, job.requestId, { state: 'error', error: err instanceof Error ? err.message : String(err) });
      await progress(ctx, job, { Finished: true, Failed: true });
      throw err;
    }
  },
};
