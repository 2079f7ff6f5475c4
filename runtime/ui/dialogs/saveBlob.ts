// Saving a blob under a name: an object URL behind a link with `download`, clicked once. The URL
// is revoked a while later, when the browser has taken the file.
const REVOKE_AFTER_MS = 60_000;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Whether a file is one the browser shows and prints itself (spec 1: the print-blob dialog). */
export function isPrintable(type: string, fileName: string): boolean {
  return type === 'application/pdf' || (!type && /\.pdf$/i.test(fileName));
}
