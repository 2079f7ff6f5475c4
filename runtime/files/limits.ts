// What an upload may hold (spec 3 section 9): at most 1,000 loose files of 10 MB each, or one zip
// of at most 1,024 MB. The server enforces it while the bytes stream; checking before sending
// spares the user the wait, and a refusal the server gives by closing the connection (which a
// browser reports without the server's words).
const MB = 1024 * 1024;

import { UPLOAD_LIMITS } from '../../definitions/language/index.ts';

export { UPLOAD_LIMITS };

export type UploadProblem =
  | { kind: 'none' }
  | { kind: 'too_many'; max: number }
  | { kind: 'too_large'; name: string; megabytes: number }
  | { kind: 'zip_alone'; megabytes: number };

const isZip = (file: Pick<File, 'name' | 'type'>) => /\.zip$/i.test(file.name) || /zip/i.test(file.type);

/** The first reason these files cannot be uploaded together, or null. */
export function uploadProblem(files: readonly Pick<File, 'name' | 'size' | 'type'>[]): UploadProblem | null {
  if (files.length === 0) return { kind: 'none' };
  if (files.length > UPLOAD_LIMITS.files) return { kind: 'too_many', max: UPLOAD_LIMITS.files };
  for (const file of files) {
    if (file.size > UPLOAD_LIMITS.zipBytes)
      return { kind: 'too_large', name: file.name, megabytes: UPLOAD_LIMITS.zipBytes / MB };
    if (file.size <= UPLOAD_LIMITS.fileBytes) continue;
    if (!isZip(file)) return { kind: 'too_large', name: file.name, megabytes: UPLOAD_LIMITS.fileBytes / MB };
    if (files.length > 1) return { kind: 'zip_alone', megabytes: UPLOAD_LIMITS.fileBytes / MB };
  }
  return null;
}
