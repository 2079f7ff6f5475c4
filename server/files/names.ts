// File names as clients send them. A declared name is only a label: its folders are dropped and
// what no file system or header should carry is removed (answers name files with disposition.ts).

export const MAX_NAME_LENGTH = 255;
const FALLBACK_NAME = 'bestand';

/** The name a file is kept under: the last part of a path, without control characters, at most 255 characters. */
export function safeFileName(declared: string | undefined): string {
  const base = (declared ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  const name = clean.replace(/^\.+/, '') || FALLBACK_NAME;
  if (name.length <= MAX_NAME_LENGTH) return name;
  // Keep the extension: it says what the file is.
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 11 ? name.slice(dot) : '';
  return name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
}
