// Files on disk, named by their SHA-256: a file is written once however often it is uploaded or
// generated. A write streams through a hash into a temporary file and is renamed into place only
// when complete, so an aborted write leaves nothing behind.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';

export interface StoredFile {
  sha256: string;
  size: number;
  /** False when the same content was stored already: removing it again is not this write's to do. */
  created: boolean;
}

/** Thrown when a stream passes its limit: nothing is kept. */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`larger than ${limit} bytes`);
  }
}

/** Where files live; a small interface so another store (object storage) can take its place. */
export interface FileStore {
  /** Stores a stream of at most `maxBytes`; `check` sees the first bytes and may refuse (throw). */
  put(stream: Readable, opts: { maxBytes: number; check?: (head: Buffer) => void }): Promise<StoredFile>;
  open(sha256: string): Readable;
  size(sha256: string): Promise<number | null>;
  remove(sha256: string): Promise<void>;
  /** A new empty folder for work files beside the store (its tmp), removed by `remove`. */
  scratch(): Promise<{ path: string; remove(): Promise<void> }>;
  /** A file on this machine's disk with the content (a reader that needs random access, such as a zip's), removed by `release`. */
  local(sha256: string): Promise<{ path: string; release(): Promise<void> }>;
}

const HEAD_BYTES = 4100;
const isSha = (s: string) => /^[0-9a-f]{64}$/.test(s);

export function diskStore(root: string): FileStore {
  const where = (sha: string) => {
    if (!isSha(sha)) throw new Error(`not a file name: ${sha}`);
    return path.join(root, sha.slice(0, 2), sha.slice(2, 4), sha);
  };
  return {
    async put(stream, { maxBytes, check }) {
      const tmpDir = path.join(root, 'tmp');
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      let head: Buffer[] | null = [];
      let headSize = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) {
            done(new TooLarge(maxBytes));
            return;
          }
          if (head) {
            head.push(chunk);
            headSize += chunk.length;
            if (headSize >= HEAD_BYTES) {
              try {
                check?.(Buffer.concat(head));
              } catch (err) {
                done(err as Error);
                return;
              }
              head = null;
            }
          }
          hash.update(chunk);
          done(null, chunk);
        },
        flush(done) {
          if (head) {
            try {
              check?.(Buffer.concat(head));
            } catch (err) {
              done(err as Error);
              return;
            }
          }
          done();
        },
      });
      const out = createWriteStream(tmp, { flags: 'wx' });
      try {
        await pipeline(stream, meter, out);
        const sha256 = hash.digest('hex');
        const final = where(sha256);
        await mkdir(path.dirname(final), { recursive: true });
        const existed = (await stat(final).catch(() => null)) !== null;
        await rename(tmp, final);
        return { sha256, size, created: !existed };
      } catch (err) {
        // A check that fails on the first bytes can come before the file is even opened: wait
        // until the stream is closed, or the file would be created after it was removed.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(tmp, { force: true });
        throw err;
      }
    },
    open: (sha) => createReadStream(where(sha)),
    async size(sha) {
      try {
        return (await stat(where(sha))).size;
      } catch {
        return null;
      }
    },
    async remove(sha) {
      await rm(where(sha), { force: true });
    },
    async scratch() {
      const dir = path.join(root, 'tmp', randomUUID());
      await mkdir(dir, { recursive: true });
      return { path: dir, remove: () => rm(dir, { recursive: true, force: true }) };
    },
    // The stored file itself: content is never changed in place, only removed when unused.
    local: async (sha) => ({ path: where(sha), release: async () => {} }),
  };
}
