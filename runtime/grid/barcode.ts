// Barcode scanners type a URL (http(s)://host/.../CODE) into search boxes; only its last
// path segment is the code (spec 1 sections 5 and 9).

/** Strips the characters the URL sanitizer refuses: < > * % & : and backslash. */
export function sanitizeUrlText(text: string): string {
  return text.replace(/[<>*%&:\\]/g, '');
}

/** A text starting with http://, https:// or the page host keeps only its last path segment. */
export function stripBarcode(text: string, host: string): string {
  const value = text.trim();
  const lower = value.toLowerCase();
  const scheme = /^https?:\/\//i.exec(value)?.[0];
  if (!scheme && !(host !== '' && lower.startsWith(host.toLowerCase()))) return text;
  const path = value.slice(scheme?.length ?? 0).split(/[?#]/)[0];
  // The first part is the host; a URL with no path holds no code.
  const segment = path.split('/').slice(1).filter(Boolean).pop() ?? '';
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    /* a malformed escape stays as scanned */
  }
  return sanitizeUrlText(decoded);
}
