// Content-Disposition for a download (RFC 6266): the file name as an ASCII fallback and, when
// it has other characters, as UTF-8 (RFC 5987) for the browsers that read it.
export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const clean = fileName.replace(/[\r\n"\\/]/g, '_').trim() || 'download';
  // Accents are dropped rather than replaced ("café" falls back to "cafe"), the rest replaced.
  const ascii = clean.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === clean ? `${kind}; filename="${ascii}"` : `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
