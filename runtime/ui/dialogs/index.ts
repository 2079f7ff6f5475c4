// The dialog layer's public entry.
export { Alerts, Toasts } from './Notices.tsx';
export { BatchResultDialog } from './BatchResultDialog.tsx';
export type { BatchResultDialogProps } from './BatchResultDialog.tsx';
export {
  BATCH_CHUNK_SIZE,
  batchReducer,
  chunk,
  failedIndexes,
  isComplete,
  outcomeOf,
  outcomesOf,
  progress,
  runBatch,
  runChunks,
  shouldAutoClose,
} from './batchResult.ts';
export type { BatchAction, BatchItem, BatchOutcome, BatchState, BatchStatus, RowToOpen } from './batchResult.ts';
export { DialogLayer } from './DialogLayer.tsx';
export {
  ALERT_MS,
  MODAL_ENTER_MS,
  MODAL_LEAVE_MS,
  TOAST_MS,
  answer,
  askUnsaved,
  bindDialogHistory,
  blobOf,
  closePrintBlob,
  closeTop,
  confirm,
  dialogs,
  dismissAlert,
  dismissToast,
  onDialogPopState,
  registerModal,
  resetDialogs,
  showAlert,
  showLoader,
  showPrintBlob,
  toast,
} from './dialogs.ts';
export { isPrintable, saveBlob } from './saveBlob.ts';
export type { AlertType, ConfirmAnswer, DialogState, StackEntry, Toast, ToastType, UnsavedAnswer } from './dialogs.ts';
export { Modal } from './Modal.tsx';
export type { ModalProps } from './Modal.tsx';
export { ModalFrame } from './ModalFrame.tsx';
export type { ModalFrameProps } from './ModalFrame.tsx';
export { firstTarget, focusables, trapTab, useDialogFocus } from './useDialogFocus.ts';
export { asksToSave, saveOnKeys } from './saveKeys.ts';
