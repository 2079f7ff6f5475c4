// Background work: the job service and the kinds of job the product runs.
import { autoStatus } from './auto-status.ts';
import { scheduledActions } from './scheduled-actions.ts';
import { documentsRetention, eventsCleanup, sessionsCleanup } from './cleanup.ts';
import type { JobKind } from './context.ts';
import { gridExport } from './export.ts';
import { reportSelection } from './report-selection.ts';
import { sqlExport } from './sql-export.ts';
import { scheduledSql } from './scheduled-sql.ts';
import { scheduledReports } from './scheduled-reports.ts';
import { spreadsheetImport } from './import.ts';
import { einvoiceReceive } from './einvoice-receive.ts';
import { einvoiceSend } from './einvoice-send.ts';
import { automationJob } from '../automations/index.ts';
import { outboxSend } from './outbox-send.ts';

export type { JobContext, JobKind } from './context.ts';
export type { ExportJob } from './export.ts';
export type { ReportSelectionJob } from './report-selection.ts';
export type { ImportJob } from './import.ts';
export type { SqlExportJob } from './sql-export.ts';
export { SQL_TASKS } from './scheduled-sql.ts';
export { REPORT_TASKS } from './scheduled-reports.ts';
export { newDownloadRequest, writeDownload, type DownloadOf, type DownloadFile } from './download-request.ts';
export { JobService, TASK_STATE } from './service.ts';

/** Every kind of job, by the name its queue (and its scheduled task) has. */
export const JOB_KINDS: readonly JobKind<never>[] = [
  sessionsCleanup,
  eventsCleanup,
  documentsRetention,
  autoStatus,
  scheduledActions,
  gridExport,
  reportSelection,
  sqlExport,
  scheduledSql,
  scheduledReports,
  spreadsheetImport,
  einvoiceSend,
  einvoiceReceive,
  automationJob,
  outboxSend,
];
