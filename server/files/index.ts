// Files: the store of bytes named by their SHA-256, the rows of uploads (core_file), what a file
// is by its content, and how files are named in answers.
export { diskStore, TooLarge, type FileStore, type StoredFile } from './storage.ts';
export {
  claimFiles,
  deleteFiles,
  existingFiles,
  fileById,
  insertFiles,
  isFileId,
  removeUnusedContent,
  type FileRow,
} from './records.ts';
export type { UploadQuota } from './quota.ts';
export { checkDeclaredSize, MAX_UPLOAD_BYTES, receiveUploads, UPLOAD_LIMITS, type UploadPart } from './upload.ts';
export { safeFileName } from './names.ts';
export { contentDisposition } from './disposition.ts';
