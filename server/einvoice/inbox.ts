// The receiving side of the directory transport: each file dropped into the inbox becomes a
// received document and then its record; the file moves to done/ (its record made, or its content
// received before) or failed/ (refused: the document row says why). Documents reset to new by a
// user are made again on the same run. A rerun makes nothing twice: a content is received once,
// by its hash, whatever happened to the file.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Snapshot } from '../metadata/registry.ts';
import { SYSTEM_PRINCIPAL } from '../security/principal.ts';
import {
  processDocument,
  receiveFile,
  receivingOf,
  RECEIVE_MAX_BYTES,
  sha256,
  waitingDocuments,
  type ReceivedFile,
} from './receive.ts';

export const RECEIVE_JOB = 'einvoice-receive';

/** The file as the receiving reads it: its content only when it is small enough to be read. */
async function fileAt(full: string, name: string): Promise<ReceivedFile> {
  const { size } = await stat(full);
  if (size <= RECEIVE_MAX_BYTES) {
    const bytes = await readFile(full);
    return { name, hash: sha256(bytes), bytes };
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(full)) if (Buffer.isBuffer(chunk)) hash.update(chunk);
  return { name, hash: hash.digest('hex') };
}

/** Reads every file of `dir` (not its subfolders, not files still being written: *.part) as the system. */
export async function readInbox(pool: pg.Pool, snapshot: Snapshot, dir: string): Promise<string> {
  const r = receivingOf(snapshot);
  if (!r) return 'no table receives e-invoices';
  await mkdir(dir, { recursive: true });
  const entries = (await readdir(dir, { withFileTypes: true })).filter(
    (e) => e.isFile() && !e.name.startsWith('.') && !e.name.endsWith('.part'),
  );
  const received = new Map<number, string>();
  const moves: [string, 'done' | 'failed'][] = [];
  for (const entry of entries) {
    const id = await receiveFile(pool, r, SYSTEM_PRINCIPAL, await fileAt(path.join(dir, entry.name), entry.name));
    if (id === null) moves.push([entry.name, 'done']);
    else received.set(id, entry.name);
  }
  let made = 0;
  let failed = 0;
  for (const id of await waitingDocuments(pool, r, SYSTEM_PRINCIPAL)) {
    const result = await processDocument(pool, r, SYSTEM_PRINCIPAL, id);
    if ('made' in result) made++;
    else failed++;
    const name = received.get(id);
    if (name) moves.push([name, 'made' in result ? 'done' : 'failed']);
    received.delete(id);
  }
  // Received but not waiting: failed at once (too large).
  for (const name of received.values()) moves.push([name, 'failed']);
  for (const [name, to] of moves) {
    await mkdir(path.join(dir, to), { recursive: true });
    await rename(path.join(dir, name), path.join(dir, to, name));
  }
  return `${entries.length} files received, ${made} made, ${failed} failed`;
}
