// Spreadsheet import (spec 1 sections 2–4): the Importeren button and its dialog, the task detail
// (also opened from the importtasks grid through the row viewers) and the pure rules behind them.
export { ImportButton } from './ImportButton.tsx';
export type { ImportButtonProps } from './ImportButton.tsx';
export { ImportDialog } from './ImportDialog.tsx';
export type { ImportDialogProps } from './ImportDialog.tsx';
export { ImportTaskModal } from './ImportTaskModal.tsx';
export type { ImportTaskModalProps } from './ImportTaskModal.tsx';
export { StartImportModal } from './StartImportModal.tsx';
export type { StartImportModalProps } from './StartImportModal.tsx';
export { VerificationDialog } from './VerificationDialog.tsx';
export { rowViewerOf } from './rowViewers.ts';
export type { RowViewerProps } from './rowViewers.ts';
export { destinationLabel, forgetDestinations, importDestinations } from './destinations.ts';
export {
  canStart,
  DEFAULT_NOTATIONS,
  fileProblem,
  IMPORT_ACCEPT,
  isActive,
  isSuccess,
  parseProgress,
  percentOf,
  progressOf,
  progressPercent,
  shownState,
} from './model.ts';
export type { FileProblem, Progress } from './model.ts';
export { booleanOptions, dateOptions, decimalOptions } from './notations.ts';
export type { NotationOption } from './notations.ts';
export { POLL_MS, progressStreamUrl, watchImport } from './watch.ts';
export type { ProgressStream, WatchDeps, WatchListener } from './watch.ts';
