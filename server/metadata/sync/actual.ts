// What the database has now, for the tables the definitions name.
import type { Queryable } from '../../db/pool.ts';

export interface ActualTable {
  columns: Map<string, string>;
  indexes: Set<string>;
  foreignKeys: Set<string>;
}

export async function readActual(db: Queryable, tables: string[]): Promise<Map<string, ActualTable>> {
  const result = new Map<string, ActualTable>();
  if (!tables.length) return result;
  const cols = await db.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped`,
    [tables],
  );
  for (const row of cols.rows) {
    const t = result.get(row.table) ?? { columns: new Map(), indexes: new Set(), foreignKeys: new Set() };
    t.columns.set(row.column, row.type);
    result.set(row.table, t);
  }
  const idx = await db.query<{ table: string; name: string }>(
    `SELECT tablename AS table, indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1)`,
    [tables],
  );
  for (const row of idx.rows) result.get(row.table)?.indexes.add(row.name);
  const fks = await db.query<{ table: string; name: string }>(
    `SELECT c.relname AS table, k.conname AS name FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND k.contype = 'f' AND c.relname = ANY($1)`,
    [tables],
  );
  for (const row of fks.rows) result.get(row.table)?.foreignKeys.add(row.name);
  return result;
}
