// Spreadsheet import and the template to fill in (docs/import-export.md).
export { destinations, isDestination } from './destinations.ts';
export { advancedMode, setAdvancedMode, verificationCode } from './advanced.ts';
export { runImport, type ImportContext, type ImportHeartbeat } from './run.ts';
export { claimStale, failedLost, waitingAgain } from './heartbeat.ts';
export { startImport, type StartContext } from './start.ts';
export { TASKS, taskAnswer } from './tasks.ts';
export {
  FAILED_ROWS_KEPT,
  keepTaskMessage,
  readerOf,
  taskMessage,
  taskResults,
  type ResultsAnswer,
} from './results.ts';
export { templateName, writeTemplate } from './template.ts';
export { importableFields } from './columns.ts';
export { XlsxWriter, xlsxBuffer, type XlsxSheet } from './xlsx-writer.ts';
