// What a file is, decided by its content (magic bytes), never by the name or the type a client
// declares: those only have to agree with the content. Only types a back office exchanges are
// taken; anything a browser could run (HTML, SVG) or a computer could execute is refused, and so
// is any binary content we do not recognise.

/** What the first bytes of a file say it is. */
export type Sniffed =
  | { kind: 'known'; mediaType: string; label: string }
  /** A zip archive: plain, or the container of an office document (decided by the declared name). */
  | { kind: 'zip' }
  /** Text so far: valid UTF-8 without NUL (the rest of the file is checked as it streams). */
  | { kind: 'text' }
  | { kind: 'refused'; label: string };

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + b.length && head.subarray(at, at + b.length).equals(b);
};

const SIGNATURES: { test: (h: Buffer) => boolean; mediaType: string; label: string }[] = [
  { test: (h) => startsWith(h, '%PDF-'), mediaType: 'application/pdf', label: 'PDF' },
  {
    test: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    mediaType: 'image/png',
    label: 'PNG',
  },
  { test: (h) => startsWith(h, [0xff, 0xd8, 0xff]), mediaType: 'image/jpeg', label: 'JPEG' },
  { test: (h) => startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a'), mediaType: 'image/gif', label: 'GIF' },
  { test: (h) => startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8), mediaType: 'image/webp', label: 'WebP' },
  // BM, then the file size and two reserved zero words: a bare "BM" starts many texts.
  {
    test: (h) => startsWith(h, 'BM') && h.length >= 10 && h.readUInt32LE(6) === 0,
    mediaType: 'image/bmp',
    label: 'BMP',
  },
  {
    test: (h) => startsWith(h, [0x49, 0x49, 0x2a, 0x00]) || startsWith(h, [0x4d, 0x4d, 0x00, 0x2a]),
    mediaType: 'image/tiff',
    label: 'TIFF',
  },
  { test: (h) => startsWith(h, 'ftyp', 4), mediaType: 'video/mp4', label: 'MP4' },
];

const EXECUTABLES: { test: (h: Buffer) => boolean; label: string }[] = [
  { test: (h) => startsWith(h, 'MZ'), label: 'Windows-programma' },
  { test: (h) => startsWith(h, [0x7f, 0x45, 0x4c, 0x46]), label: 'ELF-programma' },
  {
    test: (h) =>
      [
        [0xfe, 0xed, 0xfa, 0xce],
        [0xfe, 0xed, 0xfa, 0xcf],
        [0xce, 0xfa, 0xed, 0xfe],
        [0xcf, 0xfa, 0xed, 0xfe],
        [0xca, 0xfe, 0xba, 0xbe],
      ].some((m) => startsWith(h, m)),
    label: 'Mach-O-programma',
  },
  { test: (h) => startsWith(h, '#!'), label: 'script' },
];

/** Text a browser would render as a page or a drawing with scripts: refused whatever its name. */
const MARKUP =
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body|script|svg|iframe|object|embed|meta|link|style|title|xsl:stylesheet)\b/i;

/** Whether bytes are UTF-8 without NUL; `partial` allows a character cut off at the end. */
export function isText(bytes: Buffer, partial = false): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}

/** Looks at the first bytes of a file (about 4 KB, or all of a smaller file). */
export function sniff(head: Buffer, complete: boolean): Sniffed {
  for (const s of SIGNATURES) if (s.test(head)) return { kind: 'known', mediaType: s.mediaType, label: s.label };
  // A local file header, or the end record of an empty archive.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return { kind: 'zip' };
  for (const e of EXECUTABLES) if (e.test(head)) return { kind: 'refused', label: e.label };
  // A byte-order mark is allowed at the start of text.
  const body = startsWith(head, [0xef, 0xbb, 0xbf]) ? head.subarray(3) : head;
  if (!isText(body, !complete)) return { kind: 'refused', label: 'onbekend binair bestand' };
  if (MARKUP.test(body.toString('utf8'))) return { kind: 'refused', label: 'HTML/SVG' };
  return { kind: 'text' };
}

/** The types a name's extension declares, by extension. */
const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  zip: 'application/zip',
  txt: 'text/plain',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/** Extensions of what a browser or a computer would run: refused whatever the content. */
const REFUSED_EXTENSIONS = new Set([
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'svgz',
  'xml',
  'xsl',
  'js',
  'mjs',
  'hta',
  'exe',
  'dll',
  'com',
  'bat',
  'cmd',
  'msi',
  'scr',
  'pif',
  'cpl',
  'sh',
  'bash',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'jse',
  'wsf',
  'wsh',
  'jar',
  'app',
  'apk',
  'php',
  'phtml',
  'asp',
  'aspx',
  'jsp',
  'py',
  'pl',
  'rb',
]);

/** Zip-based office formats: their content is a zip, so the declared type says which. */
const OFFICE = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'].map((e) => BY_EXTENSION[e]));

/** Declared types of text a browser would run: refused even when the content looks plain. */
const RUNNABLE_TEXT = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/javascript',
  'application/javascript',
  'application/x-sh',
  'application/x-httpd-php',
]);

/** The declared types of an XML document. */
const XML_TYPES = new Set(['text/xml', 'application/xml']);

/** Other spellings clients send for the same type. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-ms-bmp': 'image/bmp',
  'image/x-bmp': 'image/bmp',
  'application/x-zip-compressed': 'application/zip',
  'application/x-zip': 'application/zip',
  'multipart/x-zip': 'application/zip',
  'application/csv': 'text/csv',
  'text/x-csv': 'text/csv',
  'text/comma-separated-values': 'text/csv',
  // Windows browsers send the type of the program that opens .csv files.
  'application/vnd.ms-excel': 'text/csv',
  'application/x-pdf': 'application/pdf',
  'video/x-m4v': 'video/mp4',
};

const LABELS: Record<string, string> = {
  'application/zip': 'zip',
  'text/plain': 'tekst',
  'text/csv': 'CSV',
  ...Object.fromEntries(SIGNATURES.map((s) => [s.mediaType, s.label])),
  ...Object.fromEntries(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'].map((e) => [BY_EXTENSION[e], e])),
};
export const labelOf = (mediaType: string) => LABELS[mediaType] ?? mediaType;

export const extensionOf = (name: string) => (/\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] ?? '').toLowerCase();

/** A declared content type in its plain form, or null when it says nothing (octet-stream, empty). */
function declaredType(contentType: string | undefined): string | null {
  const plain = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!plain || plain === 'application/octet-stream' || plain === 'binary/octet-stream') return null;
  return ALIASES[plain] ?? plain;
}

export type Verdict =
  | { ok: true; mediaType: string }
  /** Refused outright: the name's kind or the content is not taken. */
  | { ok: false; reason: 'unsupported' }
  /** The name or the declared type says something else than the content. */
  | { ok: false; reason: 'mismatch'; declared: string; actual: string };

/**
 * The file's media type from its content, checked against its declared name and content type.
 * `sniffed` is what the content is (for text: the whole file was valid text).
 */
export function decide(
  sniffed: Sniffed,
  name: string,
  contentType: string | undefined,
  opts: { xmlAsText?: boolean } = {},
): Verdict {
  const ext = extensionOf(name);
  // A field that takes XML documents takes XML that is no page or drawing (sniff refused those),
  // as plain text: it is never served as anything a browser would run.
  if (opts.xmlAsText && sniffed.kind === 'text' && (ext === 'xml' || XML_TYPES.has(declaredType(contentType) ?? '')))
    return { ok: true, mediaType: 'text/plain' };
  const claims = [BY_EXTENSION[ext] ?? null, declaredType(contentType)].filter((c): c is string => c !== null);
  if (REFUSED_EXTENSIONS.has(ext) || sniffed.kind === 'refused' || claims.some((c) => RUNNABLE_TEXT.has(c)))
    return { ok: false, reason: 'unsupported' };
  const actual =
    sniffed.kind === 'known' ? sniffed.mediaType : sniffed.kind === 'zip' ? 'application/zip' : 'text/plain';
  let mediaType = actual;
  for (const claim of claims) {
    if (claim === actual) continue;
    if (sniffed.kind === 'zip' && OFFICE.has(claim)) {
      mediaType = claim;
      continue;
    }
    if (sniffed.kind === 'text' && claim === 'text/csv') {
      mediaType = claim;
      continue;
    }
    // Other text (JSON, Markdown, a log) is kept as plain text: it is never shown as anything else.
    if (sniffed.kind === 'text' && (claim.startsWith('text/') || claim === 'application/json')) continue;
    return { ok: false, reason: 'mismatch', declared: labelOf(claim), actual: labelOf(actual) };
  }
  // The name and the type may not name two different office formats.
  if (new Set(claims.filter((c) => OFFICE.has(c))).size > 1)
    return { ok: false, reason: 'mismatch', declared: claims.map(labelOf).join('/'), actual: labelOf(actual) };
  return { ok: true, mediaType };
}
