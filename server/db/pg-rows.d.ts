// pg answers rows of `any` unless a query names their type. Here a row read without one is a
// record of unknown values, so a query names the columns it reads and their types, or its
// reader checks each value: `pool.query<{ n: number }>('SELECT count(*)::int AS n ...')`.
// (Queryable in pool.ts has the same default.)
import type { QueryConfig, QueryResult, QueryResultRow } from 'pg';

declare module 'pg' {
  interface ClientBase {
    query<R extends QueryResultRow = Record<string, unknown>>(
      text: string | QueryConfig,
      values?: unknown[],
    ): Promise<QueryResult<R>>;
  }
  interface Pool {
    query<R extends QueryResultRow = Record<string, unknown>>(
      text: string | QueryConfig,
      values?: unknown[],
    ): Promise<QueryResult<R>>;
  }
}
