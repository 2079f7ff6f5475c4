// The rows of core_file: one per upload (or registered generated file), named by its FileID, with
// the name and type it came with and the SHA-256 that names its bytes in the store.
import type { Queryable } from '../db/pool.ts';
import type { FileStore } from './storage.ts';

export interface FileRow {
  id: string;
  sha256: string;
  fileName: string;
  mediaType: string;
  size: number;
  createdBy: string;
  createdAt: string;
}

/** A FileID: a UUID in its text form (what file and image fields hold). */
export const isFileId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const COLUMNS =
  'id::text AS id, sha256, file_name AS "fileName", media_type AS "mediaType", size::float8 AS size, created_by AS "createdBy", created_at::text AS "createdAt"';

/**
 * Registers stored files in one statement; answers their rows in the same order. `unclaimed`: an
 * upload, which counts toward its user's quota until a save names it (claimFiles).
 */
export async function insertFiles(
  db: Queryable,
  files: { sha256: string; fileName: string; mediaType: string; size: number }[],
  createdBy: string,
  unclaimed = false,
): Promise<FileRow[]> {
  if (!files.length) return [];
  const rows = await db.query<FileRow & { n: number }>(
    `INSERT INTO core_file (sha256, file_name, media_type, size, created_by, unclaimed)
     SELECT *, $6::boolean FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], array_fill($5::text, ARRAY[cardinality($1::text[])]))
     RETURNING ${COLUMNS}`,
    [
      files.map((f) => f.sha256),
      files.map((f) => f.fileName),
      files.map((f) => f.mediaType),
      files.map((f) => f.size),
      createdBy,
      unclaimed,
    ],
  );
  // INSERT … SELECT keeps the order of unnest, and RETURNING answers rows in insertion order.
  return rows.rows;
}

/** Uploads a save names in a file or image field no longer count toward their user's quota. */
export async function claimFiles(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length)
    await db.query('UPDATE core_file SET unclaimed = false WHERE id = ANY($1::uuid[]) AND unclaimed', [ids]);
}

/** A user's uploads no save has named yet: how many, and their bytes. */
export async function unclaimedUploads(db: Queryable, createdBy: string): Promise<{ files: number; bytes: number }> {
  const row = (
    await db.query<{ files: number; bytes: number }>(
      'SELECT count(*)::int AS files, coalesce(sum(size), 0)::float8 AS bytes FROM core_file WHERE created_by = $1 AND unclaimed',
      [createdBy],
    )
  ).rows[0];
  return row;
}

export async function deleteFiles(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length) await db.query('DELETE FROM core_file WHERE id = ANY($1::uuid[])', [ids]);
}

export async function fileById(db: Queryable, id: unknown): Promise<FileRow | null> {
  if (!isFileId(id)) return null;
  return (await db.query<FileRow>(`SELECT ${COLUMNS} FROM core_file WHERE id = $1::uuid`, [id])).rows[0] ?? null;
}

/** The FileIDs among `ids` that exist, and were registered by `createdBy` when given. */
export async function existingFiles(db: Queryable, ids: string[], createdBy?: string): Promise<Map<string, FileRow>> {
  const valid = ids.filter(isFileId).map((id) => id.toLowerCase());
  if (!valid.length) return new Map();
  const by = createdBy === undefined ? '' : ' AND created_by = $2';
  const rows = await db.query<FileRow>(
    `SELECT ${COLUMNS} FROM core_file WHERE id = ANY($1::uuid[])${by}`,
    createdBy === undefined ? [valid] : [valid, createdBy],
  );
  return new Map(rows.rows.map((r) => [r.id, r]));
}

/**
 * Removes the stored bytes of these hashes that no row of core_file names any more. A hash is
 * looked up after the rows were deleted, so content another upload still uses stays.
 */
export async function removeUnusedContent(db: Queryable, store: FileStore, hashes: Iterable<string>): Promise<number> {
  const candidates = [...new Set(hashes)];
  if (!candidates.length) return 0;
  const used = new Set(
    (
      await db.query<{ sha256: string }>('SELECT DISTINCT sha256 FROM core_file WHERE sha256 = ANY($1::text[])', [
        candidates,
      ])
    ).rows.map((r) => r.sha256),
  );
  const unused = candidates.filter((h) => !used.has(h));
  for (const sha of unused) await store.remove(sha);
  return unused.length;
}
