// The SQL editor's queries run as a PostgreSQL role that may only read the data tables: what a
// query may do is decided by that role's privileges, not by reading the query's text. The role
// (NOLOGIN) gets SELECT on the columns of every table of the definitions except password columns;
// core tables (sessions, site definitions, files, logs) are not granted. A query runs alone on a
// connection of its own, in a READ ONLY transaction that is rolled back, as that role, with its own
// statement timeout, through the extended protocol (one statement only). set_config is taken from
// PUBLIC: with it a query could set the role back to the session's user within the same statement.
import pg from 'pg';
import type { EffectiveTable } from '../../definitions/language/index.ts';
import { ident } from '../db/sql.ts';
import type { Queryable } from '../db/pool.ts';

export const SQL_READER_ROLE = 'sql_reader';
/** The most rows the editor shows (spec 3 §9); more: the spreadsheet. */
export const SQL_EDITOR_ROWS = 1000;

/** The columns of each table the role may read: all but the password columns. */
export function readableColumns(tables: Iterable<EffectiveTable>): Map<string, Set<string>> {
  const hidden = new Map<string, Set<string>>();
  for (const table of tables)
    hidden.set(table.sqlName, new Set(table.fields.filter((f) => f.type === 'password').map((f) => f.sqlName)));
  return hidden;
}

/**
 * Creates the role when missing and grants it exactly the readable columns of these tables (what
 * it held before is taken back first). Serialised by an advisory lock: every process may call it.
 */
export async function grantSqlReader(pool: pg.Pool, tables: Iterable<EffectiveTable>): Promise<void> {
  const passwords = readableColumns(tables);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('sql_reader_grants'))`);
    // Roles belong to the whole cluster: another database may be making it at the same moment.
    await client.query(`DO $$ BEGIN CREATE ROLE ${SQL_READER_ROLE} NOLOGIN;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
    const { rows: me } = await client.query<{ superuser: boolean }>(
      `SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`,
    );
    if (!me[0]?.superuser) {
      await client.query(`GRANT ${SQL_READER_ROLE} TO CURRENT_USER`);
      await client.query(`GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO CURRENT_USER`);
    }
    await client.query(`REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC`);
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${SQL_READER_ROLE}`);
    await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${SQL_READER_ROLE}`);
    const { rows } = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ANY($1) ORDER BY table_name, ordinal_position`,
      [[...passwords.keys()]],
    );
    const columns = new Map<string, string[]>();
    for (const row of rows) {
      if (passwords.get(row.table_name)?.has(row.column_name)) continue;
      const list = columns.get(row.table_name) ?? [];
      list.push(row.column_name);
      columns.set(row.table_name, list);
    }
    const grants = [...columns].map(
      ([table, cols]) => `GRANT SELECT (${cols.map(ident).join(', ')}) ON ${ident(table)} TO ${SQL_READER_ROLE};`,
    );
    if (grants.length) await client.query(grants.join('\n'));
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export interface SqlAnswer {
  columns: { name: string; type: number }[];
  rows: unknown[][];
  /** More rows than were kept. */
  truncated: boolean;
  ms: number;
}

/** A query that stops reading after its first `rows` rows instead of asking for the rest. */
class CappedQuery extends pg.Query {
  truncated = false;
  handlePortalSuspended(connection: { sync(): void }): void {
    this.truncated = true;
    connection.sync();
  }
}

const isResult = (x: unknown): x is pg.QueryResult => typeof x === 'object' && x !== null && 'rows' in x;

/**
 * Runs one statement as the reader role and answers at most `maxRows` rows (and whether there were
 * more). The connection is its own and closed after, so nothing the statement leaves (a lock, a
 * setting) outlives it.
 */
export async function runAsReader(
  databaseUrl: string,
  sql: string,
  opts: { timeoutMs: number; maxRows: number },
): Promise<SqlAnswer> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  // A connection lost while the statement runs: its error is answered by the query.
  client.on('error', () => undefined);
  const started = performance.now();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(opts.timeoutMs))}`);
    await client.query(`SET LOCAL idle_in_transaction_session_timeout = ${Math.max(1, Math.floor(opts.timeoutMs))}`);
    await client.query(`SET LOCAL ROLE ${SQL_READER_ROLE}`);
    // `rows`: the portal hands out that many and waits; extended: one statement only.
    const config: pg.QueryArrayConfig & { rows: number; queryMode: 'extended' } = {
      text: sql,
      rowMode: 'array',
      rows: opts.maxRows + 1,
      queryMode: 'extended',
    };
    let query: CappedQuery | undefined;
    // A submitted query answers through its callback, not through client.query's return.
    const result = await new Promise<unknown>((resolve, reject) => {
      query = new CappedQuery(config, undefined, (err: Error | undefined, res: unknown) =>
        err ? reject(err) : resolve(res),
      );
      client.query(query);
    });
    const one = Array.isArray(result) ? result.find(isResult) : result;
    const rows: unknown[][] = isResult(one) ? one.rows : [];
    const fields = isResult(one) ? one.fields : [];
    return {
      columns: fields.map((f) => ({ name: f.name, type: f.dataTypeID })),
      rows: rows.slice(0, opts.maxRows),
      truncated: query?.truncated === true || rows.length > opts.maxRows,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The query log: who ran what, when, with what outcome. */
export async function logQuery(
  db: Queryable,
  entry: { username: string; sql: string; rows: number | null; ms: number; error: string | null; kind: string },
): Promise<void> {
  await db.query(
    `INSERT INTO sqlquerylogs (username, sqltext, rowcount, durationms, error, kind, createdby, modifiedby)
     VALUES ($1, $2, $3, $4, $5, $6, $1, $1)`,
    [entry.username, entry.sql, entry.rows, entry.ms, entry.error, entry.kind],
  );
}

/** A query that hands each row to `onRow` as it comes, keeping none. */
class StreamedQuery extends pg.Query {}

/**
 * Every row of one statement as the reader role, handed to `onRow` as it arrives, on a pooled
 * connection that is closed after (so nothing the statement leaves outlives it). Answers the
 * column names and how many rows there were.
 */
export async function streamAsReader(
  pool: pg.Pool,
  sql: string,
  opts: { timeoutMs: number },
  onRow: (row: unknown[], columns: string[]) => void,
): Promise<{ columns: string[]; rows: number }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(opts.timeoutMs))}`);
    await client.query(`SET LOCAL ROLE ${SQL_READER_ROLE}`);
    const config: pg.QueryArrayConfig & { queryMode: 'extended' } = {
      text: sql,
      rowMode: 'array',
      queryMode: 'extended',
    };
    const query = new StreamedQuery(config);
    let columns: string[] = [];
    let rows = 0;
    await new Promise<void>((resolve, reject) => {
      query.on('row', (row: unknown[], result?: pg.QueryResult) => {
        if (rows === 0) columns = (result?.fields ?? []).map((f) => f.name);
        rows++;
        onRow(row, columns);
      });
      query.on('end', () => resolve());
      query.on('error', reject);
      client.query(query);
    });
    await client.query('ROLLBACK');
    return { columns, rows };
  } finally {
    // Closed, not reused: a lock or setting the statement took goes with it.
    client.release(true);
  }
}
