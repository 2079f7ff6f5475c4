// The quota of unclaimed uploads per user (UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB): an upload no save
// has named in a file or image field yet counts toward its user's quota, so that uploads that go
// nowhere cannot fill the store until the retention sweep takes them. Each file is registered only
// if it fits, decided one upload at a time per user (an advisory lock), so uploads at once cannot
// pass the quota together; a file that does not fit is undone with its request.
import type pg from 'pg';
import { inTransaction, type Queryable } from '../db/pool.ts';
import { AppError } from '../errors.ts';
import { insertFiles, unclaimedUploads, type FileRow } from './records.ts';

export interface UploadQuota {
  files: number;
  bytes: number;
}

const MB = 1024 * 1024;
/** The advisory lock class of upload quotas (beside a key per user). */
const QUOTA_LOCK = 7405212;

export const overQuota = (quota: UploadQuota, what: 'files' | 'bytes') =>
  what === 'files'
    ? new AppError('UPLOAD_QUOTA', [quota.files], {}, {}, 'files.quota_files')
    : new AppError('UPLOAD_QUOTA', [Math.round(quota.bytes / MB)], {}, {}, 'files.quota_bytes');

/** The bytes a user may still upload; refuses a user whose quota is full already. */
export async function roomLeft(db: Queryable, by: string, quota: UploadQuota): Promise<number> {
  const used = await unclaimedUploads(db, by);
  if (used.files >= quota.files) throw overQuota(quota, 'files');
  if (used.bytes >= quota.bytes) throw overQuota(quota, 'bytes');
  return quota.bytes - used.bytes;
}

/** Registers a stored upload if it fits the user's quota; answers its row and the bytes left after it. */
export async function registerWithin(
  pool: pg.Pool,
  file: { sha256: string; fileName: string; mediaType: string; size: number },
  by: string,
  quota: UploadQuota,
): Promise<{ row: FileRow; room: number }> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [QUOTA_LOCK, by]);
    const used = await unclaimedUploads(client, by);
    if (used.files + 1 > quota.files) throw overQuota(quota, 'files');
    if (used.bytes + file.size > quota.bytes) throw overQuota(quota, 'bytes');
    const [row] = await insertFiles(client, [file], by, true);
    return { row, room: quota.bytes - used.bytes - file.size };
  });
}
