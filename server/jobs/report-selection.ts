// A report printed for a large grid selection in the background (spec 3 §9: the inspection report
// export of at most 2,000 runs this way): one PDF of all records, or a zip of one PDF per record
// written into the file store as each is made. It runs as the user who asked, with their rights
// and row limits at the time it runs, and tells its progress as a grid export does: the download
// request's progress and live JobProgress events.
import type { Language } from '../../definitions/language/index.ts';
import { AppError } from '../errors.ts';
import { MEDIA_TYPES, renderPdf, ZipWriter, type ReadContext } from '../reports/index.ts';
import { principalData } from '../security/identity.ts';
import { userPrincipal } from '../security/principal-of.ts';
import type { JobKind } from './context.ts';
import { writeDownload } from './download-request.ts';

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

/** Progress is told after this many records. */
const STEP = 10;

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
    const of = { requestId: job.requestId, userId: job.userId, descr: job.descr, jobKind: 'reports' };
    const file = {
      fileName: job.fileName,
      mediaType: job.as === 'pdf' ? MEDIA_TYPES.PDF : 'application/zip',
      username: principal.username,
    };
    let printed = 0;
    await writeDownload(ctx, of, file, async (out, tell) => {
      if (job.as === 'pdf') {
        out.end(await renderPdf(read, report, job.ids, job.language, true));
        printed = job.ids.length;
        return job.ids.length;
      }
      const zip = new ZipWriter(out);
      for (const [i, id] of job.ids.entries()) {
        try {
          await zip.add(job.entryName.replace('{0}', String(id)), await renderPdf(read, report, [id], job.language));
          printed++;
        } catch (err) {
          // A record the user no longer sees is left out; any other failure fails the job.
          if (!(err instanceof AppError && err.code === 'ITEM_NOT_FOUND')) throw err;
        }
        if ((i + 1) % STEP === 0) await tell(i + 1, job.ids.length);
      }
      await zip.end();
      return job.ids.length;
    });
    return `${printed} documenten`;
  },
};
