// Files in the runtime: choosing and uploading them, showing and downloading stored ones.
export { downloadFile } from './download.ts';
export { FileLink } from './FileLink.tsx';
export type { FileLinkProps } from './FileLink.tsx';
export { FilePicker } from './FilePicker.tsx';
export type { FilePickerProps } from './FilePicker.tsx';
export { UPLOAD_LIMITS, uploadProblem } from './limits.ts';
export type { UploadProblem } from './limits.ts';
export { downloadFailure, formatSize, problemText, uploadFailure } from './messages.ts';
