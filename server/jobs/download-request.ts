// A download request (spec 1 §2 /downloadrequests) is how every long-running file reaches its user:
// a grid export, an SQL query's spreadsheet, a printed selection. The request row is written the
// same way for each (the server fills every field: name, state, progress, owner), and each job
// writes its file the same way: pending, its progress told to the request and as live JobProgress
// events, the file streamed into the store, then finished with the file, or failed with the reason.
import { PassThrough } from 'node:stream';
import type pg from 'pg';
import type { EffectiveField } from '../../definitions/language/index.ts';
import { inTransaction } from '../db/pool.ts';
import { emitEvent, EVENT_TYPES } from '../data/events.ts';
import { authorize, readRecord } from '../data/records.ts';
import { insertRow } from '../data/rows.ts';
import { unknownControl } from '../errors.ts';
import { insertFiles } from '../files/index.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/principal.ts';
import type { JobContext } from './context.ts';

const REQUESTS = 'downloadrequests';
/** The largest file a download request keeps. */
const MAX_BYTES = 1024 * 1024 * 1024;

/**
 * Writes a new download request of the user (who needs the right to create one), queues its job
 * with `queue(id)`, and answers the request as the user reads it.
 */
export async function newDownloadRequest(
  db: pg.Pool,
  snapshot: Snapshot,
  principal: Principal,
  request: { descr: string; tableName: string },
  queue: (id: number) => Promise<unknown>,
): Promise<Record<string, unknown>> {
  const requests = snapshot.table(REQUESTS);
  if (!requests) throw unknownControl(REQUESTS);
  authorize(requests, principal, 'create');
  const field = (name: string): EffectiveField => {
    const found = requests.byName.get(name.toLowerCase());
    if (!found) throw unknownControl(`${REQUESTS}.${name}`);
    return found;
  };
  const values = new Map<EffectiveField | 'archive', unknown>([
    [field('Descr'), request.descr],
    [field('TableName'), request.tableName],
    [field('State'), 'new'],
    [field('Progress'), 0],
    [field('RequestedBy'), principal.userId],
  ]);
  const id = await inTransaction(db, (client) => insertRow(client, requests, values, principal.username), {
    rerunnable: true,
  });
  await queue(id);
  return readRecord(db, requests, principal, id);
}

/** The request a job works for, and how its progress events name the job. */
export interface DownloadOf {
  requestId: number;
  userId: number;
  descr: string;
  /** The `JobKind` of its progress events (the runtime's notices tell exports and reports apart). */
  jobKind: string;
}

/** The file a job makes: its name, media type and who the file store records as its maker. */
export interface DownloadFile {
  fileName: string;
  mediaType: string;
  username: string;
}

/** Tells the user how far a job got: `done` of `total`. */
export type TellProgress = (done: number, total: number) => Promise<void>;

async function setRequest(db: pg.Pool, id: number, values: Record<string, unknown>): Promise<void> {
  const sets = Object.keys(values).map((k, i) => `${k} = $${i + 2}`);
  await db.query(`UPDATE ${REQUESTS} SET ${sets.join(', ')}, timestamp = timestamp + 1 WHERE autoid = $1`, [
    id,
    ...Object.values(values),
  ]);
}

const event = (ctx: JobContext, of: DownloadOf, data: Record<string, unknown>) =>
  emitEvent(ctx.pool, {
    type: EVENT_TYPES.JobProgress,
    userId: of.userId,
    data: { JobKind: of.jobKind, RequestID: of.requestId, Descr: of.descr, ...data },
  });

/**
 * Runs the work of a download request: `write` streams the file into `out` (ending it) and answers
 * how many rows or records it holds. The request ends finished with the stored file, or in error
 * with the reason (the error is thrown on, so the job fails as well).
 */
export async function writeDownload(
  ctx: JobContext,
  of: DownloadOf,
  file: DownloadFile,
  write: (out: PassThrough, tell: TellProgress) => Promise<number>,
): Promise<number> {
  const out = new PassThrough();
  const stored = ctx.files.put(out, { maxBytes: MAX_BYTES });
  // The store's write must end with the job however it ends: a failure destroys the stream, and
  // the store removes its partial file and closes it before the request says it failed.
  stored.catch(() => undefined);
  try {
    await setRequest(ctx.pool, of.requestId, { state: 'pending', progress: 0, error: null });
    const tell: TellProgress = async (done, total) => {
      await setRequest(ctx.pool, of.requestId, {
        progress: Math.min(99, Math.floor((done / Math.max(1, total)) * 100)),
      });
      await event(ctx, of, { CurrentRow: done, TotalRows: total, Finished: false });
    };
    const count = await write(out, tell);
    const made = await stored;
    // The file is a file like an upload: the request's file field names it, so it is downloaded,
    // kept and cleaned up as every file is.
    const [row] = await insertFiles(
      ctx.pool,
      [{ sha256: made.sha256, fileName: file.fileName, mediaType: file.mediaType, size: made.size }],
      file.username,
    );
    await setRequest(ctx.pool, of.requestId, { state: 'finished', progress: 100, file: row.id });
    await event(ctx, of, { CurrentRow: count, TotalRows: count, Finished: true });
    return count;
  } catch (err) {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    await stored.catch(() => undefined);
    await setRequest(ctx.pool, of.requestId, {
      state: 'error',
      error: err instanceof Error ? err.message : String(err),
    });
    await event(ctx, of, { Finished: true, Failed: true });
    throw err;
  }
}
