// Housekeeping of documents and files, for a scheduled job: rows past the retention their kind
// gives (`retention`), rows whose record is gone (`belongsTo`), and uploads no row names any more
// after a day's grace (an upload is saved into its row by a second call). The bytes of a removed
// upload go when no other upload has the same content.
import type pg from 'pg';
import type { Effective, EffectiveTable } from '../../definitions/language/index.ts';
import { inTransaction } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { removeUnusedContent, type FileStore } from '../files/index.ts';
import { announceWrite, tableWritten } from './cache.ts';
import { isFileField } from './values.ts';
import { engineTable } from './table-sql.ts';

/** How long an upload may wait for the row that names it. */
export const UNCLAIMED_UPLOAD_HOURS = 24;

export interface Removed {
  expired: number;
  orphaned: number;
  files: number;
  contents: number;
}

const columnOf = (table: EffectiveTable, name: string) =>
  table.fields.find((f) => f.name.toLowerCase() === name.toLowerCase())?.sqlName;

/** Rows whose kind uses a retention period older than it: CreateDate + period × unit before `now`. */
async function removeExpired(client: pg.PoolClient, eff: Effective, table: EffectiveTable, now: Date): Promise<number> {
  const r = table.retention!;
  const field = table.fields.find((f) => f.name.toLowerCase() === r.field.toLowerCase());
  const list = field?.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
  const kinds = list && eff.tables.get(list.table.toLowerCase());
  const [use, period, unit] = kinds ? [columnOf(kinds, r.use), columnOf(kinds, r.period), columnOf(kinds, r.unit)] : [];
  if (!field || !kinds || !use || !period || !unit) return 0;
  const k = (c: string) => `k.${ident(c)}`;
  // An unknown unit gives no interval, and so removes nothing.
  const interval =
    `CASE lower(${k(unit)}) WHEN 'days' THEN make_interval(days => ${k(period)}::int) WHEN 'weeks' THEN make_interval(weeks => ${k(period)}::int)` +
    ` WHEN 'months' THEN make_interval(months => ${k(period)}::int) WHEN 'years' THEN make_interval(years => ${k(period)}::int) END`;
  const removed = await client.query(
    `DELETE FROM ${engineTable(table)} d USING ${engineTable(kinds)} k WHERE k.autoid = d.${ident(field.sqlName)} AND ${k(use)} IS TRUE AND ${k(period)} > 0` +
      ` AND d.createdate + ${interval} < $1::timestamptz`,
    [now],
  );
  return removed.rowCount ?? 0;
}

/**
 * Rows whose record is gone. Only rows naming a table that still shows them are judged: a tab an
 * administrator takes away for a while does not cost its documents.
 */
async function removeOrphans(client: pg.PoolClient, table: EffectiveTable): Promise<number> {
  const b = table.belongsTo!;
  const name = columnOf(table, b.table);
  const record = columnOf(table, b.record);
  if (!name || !record || !table.owners?.length) return 0;
  const params: unknown[] = [];
  const gone = table.owners.map((owner) => {
    params.push(owner.name);
    return `(d.${ident(name)} = $${params.length} AND NOT EXISTS (SELECT 1 FROM ${engineTable(owner)} o WHERE o.autoid = d.${ident(record)}))`;
  });
  return (await client.query(`DELETE FROM ${engineTable(table)} d WHERE ${gone.join(' OR ')}`, params)).rowCount ?? 0;
}

/** Uploads older than the grace that no file or image field of any table names; answers their hashes. */
async function removeUnclaimed(client: pg.PoolClient, eff: Effective, now: Date): Promise<string[]> {
  const references = [...eff.tables.values()].flatMap((t) =>
    t.fields
      .filter(isFileField)
      .map(
        (f) => `SELECT ${ident(f.sqlName)}::text AS id FROM ${engineTable(t)} WHERE ${ident(f.sqlName)} IS NOT NULL`,
      ),
  );
  const named = references.length ? `WITH named AS (${references.join(' UNION ')}) ` : '';
  const notNamed = references.length ? ' AND NOT EXISTS (SELECT 1 FROM named n WHERE n.id = f.id::text)' : '';
  const removed = await client.query<{ sha256: string }>(
    `${named}DELETE FROM core_file f WHERE f.created_at < $1::timestamptz - make_interval(hours => ${UNCLAIMED_UPLOAD_HOURS})${notNamed} RETURNING f.sha256`,
    [now],
  );
  return removed.rows.map((r) => r.sha256);
}

/**
 * Removes documents past their retention or without their record, then uploads nothing names;
 * each step in its own transaction, so a failure keeps what the earlier ones did. A scheduled
 * job calls it; `now` stands for the moment it runs.
 */
export async function removeExpiredDocuments(
  pool: pg.Pool,
  eff: Effective,
  store: FileStore,
  now = new Date(),
): Promise<Removed> {
  const result: Removed = { expired: 0, orphaned: 0, files: 0, contents: 0 };
  for (const table of eff.tables.values()) {
    if (!table.retention && !table.belongsTo) continue;
    await inTransaction(pool, async (client) => {
      await client.query("SET LOCAL statement_timeout = '10min'");
      if (table.retention) result.expired += await removeExpired(client, eff, table, now);
      if (table.belongsTo) result.orphaned += await removeOrphans(client, table);
      await announceWrite(client, table.sqlName);
    });
    tableWritten(table.sqlName);
  }
  const hashes = await inTransaction(pool, async (client) => {
    await client.query("SET LOCAL statement_timeout = '10min'");
    return removeUnclaimed(client, eff, now);
  });
  result.files = hashes.length;
  result.contents = await removeUnusedContent(pool, store, hashes);
  return result;
}
