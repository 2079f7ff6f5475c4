// Content-Disposition for a download (RFC 6266): the file name as an ASCII fallback and, when
// it has other characters, as UTF-8 (RFC 8187) for the browsers that read it.
import { encodeExtended } from 'content-disposition';

export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const clean = fileName.replace(/[\r\n"\\/]/g, '_').trim() || 'download';
  // Accents are dropped rather than replaced ("café" falls back to "cafe"), the rest replaced:
  // the package's own fallback turns every non-ASCII character into "?".
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  // The fallback is always quoted (the package's create() leaves a token-only name bare), so the
  // answers stay as they were; `clean` holds no quote or backslash, so it needs no escaping.
  return ascii === clean
    ? `${kind}; filename="${ascii}"`
    : `${kind}; filename="${ascii}"; filename*=${encodeExtended(clean)}`;
}
