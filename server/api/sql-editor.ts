// The SQL editor (spec 3 §2, §8, §9): administrators with its right (12.60) run one read-only
// query at a time as the SQL reader role (server/data/sql-reader.ts); what the role may not do
// (write, read files, run programs, change role) the database refuses. At most 1,000 rows are
// answered; all of them go to a spreadsheet through a download request. Every query is logged
// with who ran it and when (the table sqlquerylogs, read on its own screen).
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { AppError, forbidden, refused } from '../errors.ts';
import { databaseFailure } from '../db/failures.ts';
import { grantSqlReader, logQuery, runAsReader, SQL_EDITOR_ROWS } from '../data/sql-reader.ts';
import { newDownloadRequest, type SqlExportJob } from '../jobs/index.ts';
import type { Principal } from '../security/index.ts';
import { principalOf } from './context.ts';

export const SQL_EDITOR_RIGHT = '12.60';
const DEFAULT_TIMEOUT_MS = 30_000;

/** The definitions version the reader role was last granted for, per engine. */
const grantedFor = new WeakMap<Engine, number>();

/** Grants the reader role the tables of the definitions of the moment, once per version of them. */
export async function readerReady(engine: Engine): Promise<void> {
  const snapshot = engine.registry.snapshot;
  if (grantedFor.get(engine) === snapshot.version) return;
  await grantSqlReader(engine.pool, snapshot.effective.tables.values());
  grantedFor.set(engine, snapshot.version);
}

const sqlStateOf = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

/** A refusal of the database as the editor says it: the timeout, else the database's own words. */
export function sqlRefusal(err: unknown, timeoutMs: number): AppError {
  if (sqlStateOf(err) === '57014') return refused('sql.timeout', Math.round(timeoutMs / 1000));
  return refused('sql.refused', err instanceof Error ? err.message : String(err));
}

export function mayUseSqlEditor(principal: Principal): void {
  if (!principal.can(SQL_EDITOR_RIGHT, 'execute')) throw forbidden();
}

/** The longest a spreadsheet's query may run. */
const EXPORT_TIMEOUT_MS = 10 * 60 * 1000;

/** Queues the spreadsheet of every row of a query; answers its download request. */
function requestSqlExport(engine: Engine, principal: Principal, sql: string) {
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const descr = `SQL (${stamp})`;
  return newDownloadRequest(engine.pool, engine.registry.snapshot, principal, { descr, tableName: 'sql' }, (id) => {
    const job: SqlExportJob = {
      requestId: id,
      userId: principal.userId,
      username: principal.username,
      sql,
      fileName: `SQL ${stamp.replace(':', '.')}.xlsx`,
      descr,
      timeoutMs: EXPORT_TIMEOUT_MS,
    };
    return engine.jobs.send('sql-export', { ...job });
  });
}

export function sqlEditorRoutes(app: FastifyInstance, engine: Engine): void {
  app.post<{ Body: { Sql: string } }>('/mvc/sqleditor/Export', async (request) => {
    const principal = principalOf(request);
    mayUseSqlEditor(principal);
    const sql = request.body.Sql;
    if (!sql.trim()) throw refused('sql.empty');
    await readerReady(engine);
    return requestSqlExport(engine, principal, sql);
  });
  const timeoutMs = engine.config.sqlEditorTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  app.post<{ Body: { Sql: string } }>('/mvc/sqleditor/Run', async (request) => {
    const principal = principalOf(request);
    mayUseSqlEditor(principal);
    const sql = request.body.Sql;
    if (!sql.trim()) throw refused('sql.empty');
    await readerReady(engine);
    const started = performance.now();
    try {
      const answer = await runAsReader(engine.databaseUrl, sql, { timeoutMs, maxRows: SQL_EDITOR_ROWS });
      await logQuery(engine.pool, {
        username: principal.username,
        sql,
        rows: answer.rows.length,
        ms: answer.ms,
        error: null,
        kind: 'editor',
      });
      return {
        Columns: answer.columns.map((c) => ({ Name: c.name, Type: c.type })),
        Rows: answer.rows,
        Truncated: answer.truncated,
        MaxRows: SQL_EDITOR_ROWS,
        DurationMs: answer.ms,
      };
    } catch (err) {
      // The database not answering is an outage, not the query's fault.
      if (databaseFailure(err) === 'unavailable') throw err;
      const ms = Math.round(performance.now() - started);
      const refusal = sqlRefusal(err, timeoutMs);
      await logQuery(engine.pool, {
        username: principal.username,
        sql,
        rows: null,
        ms,
        error: refusal.message,
        kind: 'editor',
      });
      throw refusal;
    }
  });
}
