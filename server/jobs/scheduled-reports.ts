// Scheduled reports (spec 3 §2, §4): each row of `scheduledreports` prints a report over a data set
// of its table on a cron schedule of its own and e-mails it as an attachment through the outbox.
// The job is a scheduled task that looks every minute for the reports whose next moment after
// their last start has passed (or runs one at once when "Nu uitvoeren" asks). A report is read as
// the user it names (RunAs), with their rights and row limits at the time it runs: the rows of the
// data set they see, at most 2,000 (the largest printed selection), one PDF of them all.
import { Readable } from 'node:stream';
import { LANGUAGES, type Language } from '../../definitions/language/index.ts';
import { flexData } from '../data/flex.ts';
import { authorize } from '../data/records.ts';
import { insertFiles } from '../files/index.ts';
import { enqueueMessage } from '../messages/index.ts';
import { MEDIA_TYPES, renderPdf, type ReadContext } from '../reports/index.ts';
import { principalData } from '../security/identity.ts';
import { userPrincipal } from '../security/principal-of.ts';
import { translatorFor } from '../texts.ts';
import type { JobContext, JobKind } from './context.ts';
import { claimTask, isDue, recipientsOf } from './scheduled-sql.ts';
import { TASK_STATE } from './service.ts';

export const REPORT_TASKS = 'scheduledreports';
/** The most records one scheduled report prints. */
const MAX_RECORDS = 2000;
const PAGE = 500;

interface ReportTask {
  autoid: number;
  id: string;
  descr: string | null;
  cron: string;
  report: string;
  dataset: string | null;
  runas: number | null;
  language: string | null;
  emailto: string | null;
  lastrunat: Date | null;
  lastrun: string | null;
  createdat: Date | null;
}

const isLanguage = (v: unknown): v is Language => LANGUAGES.some((l) => l === v);

/** Prints one task's report and e-mails it; answers how many records it holds. */
async function printTask(ctx: JobContext, task: ReportTask): Promise<number> {
  const snapshot = ctx.snapshot();
  const report = snapshot.effective.reports.get(task.report.toLowerCase())?.value;
  if (!report) throw new Error(`rapport ${task.report} bestaat niet`);
  const model = snapshot.table(report.table);
  const data = task.runas ? await principalData(ctx.pool, task.runas) : null;
  if (!model || !data) throw new Error(`gebruiker ${task.runas ?? ''} bestaat niet`);
  const principal = userPrincipal(data.user, data.grants, data.limits, false, (name) =>
    snapshot.effective.tables.get(name.toLowerCase()),
  );
  authorize(model, principal, 'read');
  const language = isLanguage(task.language) ? task.language : 'nl';
  // The records of the data set the user sees, in its order.
  const ids: number[] = [];
  for (let pageIndex = 0; ids.length < MAX_RECORDS; pageIndex++) {
    const request = { pageIndex, pageSize: PAGE, dataSet: task.dataset || null, flexGridLayoutColumns: ['AutoID'] };
    const answer = await flexData(ctx.pool, model, principal, request, false);
    for (const row of answer.Data) if (ids.length < MAX_RECORDS) ids.push(Number(row.AutoID));
    if (answer.Data.length < PAGE) break;
  }
  const to = recipientsOf(task.emailto);
  if (!to.length) throw new Error('geen e-mailadres');
  const read: ReadContext = { db: ctx.pool, files: ctx.files, snapshot, principal, t: (text) => text };
  const pdf = await renderPdf(read, report, ids, language, true);
  const made = await ctx.files.put(Readable.from([pdf]), { maxBytes: pdf.length + 1 });
  const t = translatorFor(snapshot.effective, language);
  const stamp = new Date().toISOString().slice(0, 10);
  const fileName = `${t(report.title)} ${stamp}.pdf`.replace(/[\\/:*?"<>|]+/g, ' ');
  const [file] = await insertFiles(
    ctx.pool,
    [{ sha256: made.sha256, fileName, mediaType: MEDIA_TYPES.PDF, size: made.size }],
    principal.username,
  );
  await enqueueMessage(ctx.pool, {
    kind: 'email',
    payload: {
      to,
      subject: `${task.descr || t(report.title)} (${stamp})`,
      text: `${task.descr || t(report.title)}: ${ids.length}.`,
      attachments: [{ filename: fileName, contentType: MEDIA_TYPES.PDF, fileId: file.id }],
    },
    source: { table: REPORT_TASKS, autoId: task.autoid },
  });
  await ctx.pool.query(`UPDATE ${REPORT_TASKS} SET lastfile = $2, lastrows = $3 WHERE autoid = $1`, [
    task.autoid,
    file.id,
    ids.length,
  ]);
  return ids.length;
}

export const scheduledReports: JobKind<{ task?: number }> = {
  name: 'scheduled-reports',
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  async run(ctx, job) {
    if (!ctx.snapshot().table(REPORT_TASKS)) return '0 rapporten';
    const rows = (
      await ctx.pool.query<ReportTask>(
        `SELECT autoid, id, descr, cron, report, dataset, runas, language, emailto, lastrunat,
                lastrunat::text AS lastrun, createdate AS createdat
           FROM ${REPORT_TASKS} WHERE ${job.task ? 'autoid = $1' : 'active'} ORDER BY autoid`,
        job.task ? [job.task] : [],
      )
    ).rows;
    const now = new Date();
    let sent = 0;
    let failed = 0;
    for (const task of job.task ? rows : rows.filter((r) => isDue(r, now))) {
      if (!(await claimTask(ctx.pool, REPORT_TASKS, task))) continue;
      const [state, message] = await printTask(ctx, task).then(
        (n): [number, string] => [TASK_STATE.Succeeded, `${n} documenten`],
        (err: unknown): [number, string] => [TASK_STATE.Failed, err instanceof Error ? err.message : String(err)],
      );
      if (state === TASK_STATE.Succeeded) sent++;
      else failed++;
      await ctx.pool.query(
        `UPDATE ${REPORT_TASKS} SET laststate = $2, lastmessage = $3, timestamp = timestamp + 1 WHERE autoid = $1`,
        [task.autoid, String(state), message],
      );
    }
    return `${sent} rapporten verzonden, ${failed} mislukt`;
  },
};
