// Uploads taken into the store: each file streams through a check of its content and size into
// the store (never held whole in memory) and is registered as a row of core_file, within its
// user's quota of unclaimed uploads (quota.ts). A file that fails, or a request that ends early,
// leaves nothing of the request: the store removes the partial file, the request's rows are
// deleted, and content it stored is removed again unless another row names it.
import { Transform, type Readable } from 'node:stream';
import type pg from 'pg';
import { UPLOAD_LIMITS } from '../../definitions/language/index.ts';
import { AppError } from '../errors.ts';
import { safeFileName } from './names.ts';
import { deleteFiles, removeUnusedContent, type FileRow } from './records.ts';
import { overQuota, registerWithin, roomLeft, type UploadQuota } from './quota.ts';
import { decide, sniff, type Sniffed } from './sniff.ts';
import type { FileStore, StoredFile } from './storage.ts';

const MB = 1024 * 1024;

/** Spec 3 §9: at most 1,000 loose files of 10 MB each, or one zip of at most 1,024 MB. */
export { UPLOAD_LIMITS };

/** Room for a part's boundary and headers in a request body. */
const PART_OVERHEAD = 16 * 1024;

/** The largest body an upload can have: a request declaring more is refused before it is read. */
export const MAX_UPLOAD_BYTES =
  Math.max(UPLOAD_LIMITS.files * UPLOAD_LIMITS.fileBytes, UPLOAD_LIMITS.zipBytes) + UPLOAD_LIMITS.files * PART_OVERHEAD;

/** Bytes the sniffer looks at before it decides (enough for every signature it knows). */
const HEAD_BYTES = 4096;

export interface UploadPart {
  file: Readable;
  filename?: string;
  mimetype?: string;
}

const megabytes = (bytes: number) => Math.round(bytes / MB);
const unsupported = (name: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', [name], {}, {}, 'files.unsupported_type');

/**
 * Passes a file's bytes on while deciding what it is: its type from the first bytes (against
 * its declared name and type), that text stays valid UTF-8 without NUL to its end, its size
 * within the limit (a zip's when it is one and may be), and within the room its user's quota
 * leaves (`room`: the read stops there, rather than after a gigabyte that could never be kept).
 */
function inspector(
  name: string,
  contentType: string | undefined,
  limits: { file: number; zip: number | null; room: number; quota: UploadQuota; xmlAsText?: boolean },
) {
  let head: Buffer[] = [];
  let headSize = 0;
  let sniffed: Sniffed | null = null;
  let size = 0;
  let limit = limits.file;
  let text = true;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const result = { mediaType: '', zip: false };

  const judge = (bytes: Buffer, complete: boolean) => {
    sniffed = sniff(bytes, complete);
    const verdict = decide(sniffed, name, contentType, { xmlAsText: limits.xmlAsText });
    if (!verdict.ok) {
      if (verdict.reason === 'unsupported') throw unsupported(name);
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        [name, verdict.declared, verdict.actual],
        {},
        {},
        'files.type_mismatch',
      );
    }
    result.mediaType = verdict.mediaType;
    result.zip = sniffed.kind === 'zip';
    if (result.zip && limits.zip) limit = limits.zip;
  };

  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        size += chunk.length;
        if (text) {
          if (chunk.includes(0)) text = false;
          else
            try {
              decoder.decode(chunk, { stream: true });
            } catch {
              text = false;
            }
        }
        if (!sniffed) {
          head.push(chunk);
          headSize += chunk.length;
          if (headSize >= HEAD_BYTES) {
            judge(Buffer.concat(head), false);
            head = [];
          }
        }
        if (size > limit) throw new AppError('BODY_TOO_LARGE', [name, megabytes(limit)], {}, {}, 'files.too_large');
        if (size > limits.room) throw overQuota(limits.quota, 'bytes');
        done(null, chunk);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        if (!sniffed) judge(Buffer.concat(head), true);
        if (text)
          try {
            decoder.decode();
          } catch {
            text = false;
          }
        // Text was judged by its start; all of it must be text.
        if (sniffed!.kind === 'text' && !text) throw unsupported(name);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
  return { stream, result };
}

interface Received extends StoredFile {
  fileName: string;
  mediaType: string;
  zip: boolean;
}

/**
 * Stores one file of an upload; `first` may be the one large zip; `room`: the bytes its user's
 * quota leaves; `signal`: the request ended (its client went away), whatever the part stream says.
 */
async function receive(
  store: FileStore,
  part: UploadPart,
  first: boolean,
  room: number,
  quota: UploadQuota,
  signal?: AbortSignal,
  xmlAsText?: boolean,
): Promise<Received> {
  const fileName = safeFileName(part.filename);
  const check = inspector(fileName, part.mimetype, {
    file: UPLOAD_LIMITS.fileBytes,
    zip: first ? UPLOAD_LIMITS.zipBytes : null,
    room,
    quota,
    xmlAsText,
  });
  // The part's own failure (the request ended early) ends the check, and so the store's write.
  let cut = false;
  part.file.once('error', (err) => {
    cut = true;
    check.stream.destroy(err);
  });
  const abort = () => {
    cut = true;
    check.stream.destroy(signal!.reason as Error);
  };
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  // The bytes flow from now on, and a small file may fail its check before the store has its
  // write open: the first failure is kept here, and is the one that counts.
  let failure: unknown;
  check.stream.on('error', (err) => {
    failure ??= err;
  });
  try {
    const stored = await store.put(part.file.pipe(check.stream), { maxBytes: UPLOAD_LIMITS.zipBytes });
    return { ...stored, fileName, mediaType: check.result.mediaType, zip: check.result.zip };
  } catch (err) {
    // Nothing more of this part is read: the request's remaining bytes are not ours to wait for.
    part.file.unpipe(check.stream);
    part.file.destroy();
    const first = failure ?? err;
    if (cut && !(first instanceof AppError)) throw new AppError('BAD_REQUEST', [fileName], {}, {}, 'files.incomplete');
    throw first;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * Takes every file of an upload into the store and registers them for `by`, within `quota`;
 * answers their rows in the order sent. Any failure undoes the request's files and is thrown again.
 *
 * Each file's row is written as soon as its bytes are in place, so content another request
 * shares is named by a row at once and no other request's failure takes it away; a failure
 * deletes this request's rows again (a process that dies meanwhile leaves rows nothing names,
 * which the retention sweep removes after a day).
 */
export async function receiveUploads(
  db: pg.Pool,
  store: FileStore,
  parts: AsyncIterable<UploadPart>,
  by: string,
  quota: UploadQuota,
  signal?: AbortSignal,
  /** The field takes XML documents (acceptXml): kept as plain text. */
  xmlAsText = false,
): Promise<FileRow[]> {
  const received: Received[] = [];
  const rows: FileRow[] = [];
  try {
    // A user whose quota is full is refused before a file is read.
    let room = await roomLeft(db, by, quota);
    for await (const part of parts) {
      if (received.length >= UPLOAD_LIMITS.files)
        throw new AppError('BODY_TOO_LARGE', [UPLOAD_LIMITS.files], {}, {}, 'files.too_many');
      const zip = received[0];
      if (zip && zip.zip && zip.size > UPLOAD_LIMITS.fileBytes)
        throw new AppError('BODY_TOO_LARGE', [megabytes(UPLOAD_LIMITS.fileBytes)], {}, {}, 'files.zip_alone');
      const file = await receive(store, part, received.length === 0, room, quota, signal, xmlAsText);
      received.push(file);
      const registered = await registerWithin(db, file, by, quota);
      rows.push(registered.row);
      room = registered.room;
    }
    if (!received.length) throw new AppError('BAD_REQUEST', [], {}, {}, 'files.none');
    return rows;
  } catch (err) {
    await deleteFiles(
      db,
      rows.map((r) => r.id),
    );
    await removeUnusedContent(
      db,
      store,
      received.filter((r) => r.created).map((r) => r.sha256),
    );
    throw err;
  }
}

/** Checks an upload's announced size before any of it is read. */
export function checkDeclaredSize(contentLength: string | undefined): void {
  if (contentLength !== undefined && Number(contentLength) > MAX_UPLOAD_BYTES) throw new AppError('BODY_TOO_LARGE');
}
