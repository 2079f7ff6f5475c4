// The node-postgres pool every statement of the engine runs on: pack tables, whose shape is only
// known at run time, and the engine's own tables alike, in parameterized SQL (MikroORM only
// migrates the engine's tables: orm.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { databaseFailure } from './failures.ts';
import { gatedClient, ReconnectGate } from './reconnect-gate.ts';
import { watchTransaction } from './read-memo.ts';

export interface Queryable {
  /**
   * SQL text, or a named statement (prepared once per connection) for the engine's fixed queries.
   * `R` names the columns the caller reads; without it a row's values are unknown (pg-rows.d.ts).
   */
  query<R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string | pg.QueryConfig,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

// Dates and times of pack tables travel as the ISO-like text the API speaks, not as JS Dates
// that would shift them through the process time zone.
pg.types.setTypeParser(1082, (v) => v); // date
pg.types.setTypeParser(1083, (v) => v.slice(0, 8)); // time
pg.types.setTypeParser(1114, (v) => v.replace(' ', 'T')); // timestamp without time zone
pg.types.setTypeParser(20, (v) => Number(v)); // bigint: AutoIDs and counters stay below 2^53

/**
 * Every statement of the API runs under a time limit, so no request can hold a connection
 * for long; a request waits at most this long for a free connection. Schema changes and
 * tools that need longer say so with SET LOCAL statement_timeout in their transaction.
 */
export interface PoolLimits {
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  /**
   * False behind a pooler in transaction mode (PgBouncer before 1.21): a named prepared statement
   * would be kept on a server connection another client gets next, so statements go unnamed.
   */
  namedStatements?: boolean;
}
export const DEFAULT_POOL_LIMITS: PoolLimits = { statementTimeoutMs: 15_000, connectTimeoutMs: 10_000 };

export function createPool(connectionString: string, max = 10, limits: PoolLimits = DEFAULT_POOL_LIMITS): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30000,
    statement_timeout: limits.statementTimeoutMs,
    lock_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.statementTimeoutMs * 2,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // While the database is down, one reconnect at a time and after a growing wait, not one per call.
    Client: gatedClient(new ReconnectGate()),
  });
  if (limits.namedStatements === false) pool.on('connect', unnamedStatements);
  // An idle connection that the database drops (restart, shutdown) is discarded by the pool;
  // without a listener the error would end the process.
  // One line per outage, not one per pooled connection.
  let reported = 0;
  pool.on('error', (err) => {
    if (Date.now() - reported < 60_000) return;
    reported = Date.now();
    process.stderr.write(`database connection lost: ${err.message}\n`);
  });
  return pool;
}

/** Every statement of this client prepared unnamed: its `name` is left out. */
function unnamedStatements(client: pg.PoolClient): void {
  const query: (...args: unknown[]) => unknown = client.query.bind(client);
  const strip = (config: unknown) => {
    if (typeof config !== 'object' || config === null || !('name' in config)) return config;
    const rest: Record<string, unknown> = { ...config };
    delete rest.name;
    return rest;
  };
  Object.defineProperty(client, 'query', {
    value: (config: unknown, ...more: unknown[]) => query(strip(config), ...more),
    configurable: true,
    writable: true,
  });
}

/** Clients that report a lost connection to their next statement, not as an uncaught error. */
const heard = new WeakSet<pg.PoolClient>();

/** What the open transaction of a client does once, just before it commits, by key. */
const beforeCommit = new WeakMap<Queryable, Map<string, () => Promise<void>>>();

/** The keys of work that waits until the other work before the commit is done. */
const lastOfAll = new WeakMap<Queryable, Set<string>>();

/** The open transaction of `db` as a key (for what it gathers until its commit); undefined outside one. */
export const transactionOf = (db: Queryable): object | undefined => beforeCommit.get(db);

/**
 * Has `work` done once just before the open transaction of `db` commits (events of many writes
 * written as one statement); answers false when `db` is in no transaction of inTransaction, and
 * the caller does its work now. `last`: after all other work, also work registered meanwhile (the
 * events of totals added up at commit go out in the one statement of the transaction's events).
 */
export function atCommit(
  db: Queryable,
  key: string,
  work: () => Promise<void>,
  opts: { last?: boolean } = {},
): boolean {
  const pending = beforeCommit.get(db);
  if (!pending) return false;
  if (!pending.has(key)) pending.set(key, work);
  if (opts.last) lastOfAll.get(db)?.add(key);
  return true;
}

/** Rows marked by table for work before the commit, by the work's key, per open transaction. */
const marksOf = new WeakMap<object, Map<string, Map<string, Set<number>>>>();

/**
 * Rows of tables marked for `work` (totals to add up, values to compute again), gathered over the
 * open transaction of `db` and handed to `work` once just before it commits, each row once however
 * often it was marked; rows marked while that work runs are handed over again. Outside a
 * transaction `work` runs now.
 */
export async function markForCommit(
  db: Queryable,
  key: string,
  marks: Map<string, Set<number>>,
  work: (marked: Map<string, Set<number>>) => Promise<void>,
): Promise<void> {
  const transaction = transactionOf(db);
  if (!transaction) return work(marks);
  let byKey = marksOf.get(transaction);
  if (!byKey) marksOf.set(transaction, (byKey = new Map()));
  let gathered = byKey.get(key);
  if (!gathered) byKey.set(key, (gathered = new Map()));
  for (const [table, ids] of marks) {
    const known = gathered.get(table);
    if (known) for (const id of ids) known.add(id);
    else gathered.set(table, new Set(ids));
  }
  const all = byKey;
  atCommit(db, key, async () => {
    const marked = all.get(key) ?? new Map<string, Set<number>>();
    all.delete(key);
    await work(marked);
  });
}

/**
 * Has the work that waits for a row of `table` with `id` done now (`keys`: the kinds of work that
 * may touch it, in the order they hand rows on; `first`: work that only marks rows for them, done
 * before they are looked at): a rule about to read that row's totals reads them added up (a
 * batch's second item checking a parent the first one changed). Answers whether any work ran.
 */
export async function settleMarked(
  db: Queryable,
  { first, keys }: { first: readonly string[]; keys: readonly string[] },
  table: string,
  id: number,
): Promise<boolean> {
  const transaction = transactionOf(db);
  const byKey = transaction && marksOf.get(transaction);
  const pending = beforeCommit.get(db);
  if (!byKey || !pending) return false;
  const run = async (key: string) => {
    const work = pending.get(key);
    if (!work) return false;
    pending.delete(key);
    await work();
    return true;
  };
  let ran = false;
  for (const key of first) if (byKey.get(key)?.size) ran = (await run(key)) || ran;
  // Totals that move another's totals mark that one in turn: until the row waits for nothing.
  for (let round = 0; round < 10; round++) {
    const waiting = keys.filter((key) => byKey.get(key)?.get(table)?.has(id));
    if (!waiting.length) break;
    for (const key of keys) ran = (await run(key)) || ran;
  }
  return ran;
}

/** The next work before the commit: work marked last only when no other is left. */
function nextBeforeCommit(db: Queryable, pending: Map<string, () => Promise<void>>): [string, () => Promise<void>] {
  const last = lastOfAll.get(db);
  for (const entry of pending) if (!last?.has(entry[0])) return entry;
  return pending.entries().next().value!;
}

/** Whether work under `key` waits to be done before the open transaction of `db` commits. */
export const atCommitPending = (db: Queryable, key: string): boolean => beforeCommit.get(db)?.has(key) === true;

/** What this process does once the open transaction of a client has committed (never after a rollback), by key. */
const afterCommitted = new WeakMap<Queryable, Map<string, () => void | Promise<void>>>();

/**
 * Has `work` done once right after the open transaction of `db` commits, in the order registered,
 * after the connection went back to the pool; inTransaction answers once it is done (a failure
 * reaches its caller, the transaction committed all the same). Answers false when `db` is in no
 * transaction of inTransaction.
 */
export function afterCommit(db: Queryable, key: string, work: () => void | Promise<void>): boolean {
  const then = afterCommitted.get(db);
  if (!then) return false;
  if (!then.has(key)) then.set(key, work);
  return true;
}

/** How many times a re-runnable transaction that lost to a concurrent one is run again before its caller hears of it. */
export const CONFLICT_RERUNS = 3;

/** A short, random wait before a re-run, longer each time, so two transactions that collided do not collide again in step. */
const rerunDelayMs = (rerun: number) => Math.round((10 + Math.random() * 20) * 2 ** rerun);

export interface TransactionOptions {
  /**
   * `work` does nothing but statements on the client, from arguments it does not change (it
   * copies what it adjusts): a transaction that lost to a concurrent one (serialization failure,
   * deadlock; rolled back whole) is then run again, up to CONFLICT_RERUNS times, before the
   * conflict reaches the caller. Work with effects outside the transaction (a job sent through
   * another connection, a file written) must not say so.
   */
  rerunnable?: boolean;
}

/** Runs `work` in one transaction: committed when it answers, rolled back when it throws. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  opts: TransactionOptions = {},
): Promise<T> {
  for (let rerun = 0; ; rerun++) {
    let committed: { result: T; then: Iterable<() => void | Promise<void>> };
    try {
      committed = await once(pool, work);
    } catch (err) {
      if (!opts.rerunnable || rerun >= CONFLICT_RERUNS || databaseFailure(err) !== 'conflict') throw err;
      await sleep(rerunDelayMs(rerun));
      continue;
    }
    // Outside the loop's reruns: what follows a commit never runs the committed work again.
    for (const done of committed.then) await done();
    return committed.result;
  }
}

async function once<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<{ result: T; then: Iterable<() => void | Promise<void>> }> {
  const client = await pool.connect();
  // A connection lost between two statements of the transaction (an outage) fails the next one;
  // reported on the client meanwhile, it would end the process.
  if (!heard.has(client)) {
    heard.add(client);
    client.on('error', () => undefined);
  }
  let broken: Error | undefined;
  let unwatch: (() => void) | undefined;
  try {
    await client.query('BEGIN');
    unwatch = watchTransaction(client);
    beforeCommit.set(client, new Map());
    lastOfAll.set(client, new Set());
    afterCommitted.set(client, new Map());
    const result = await work(client);
    // Work registered meanwhile may register more (an event of a log row): until none is left.
    for (let pending = beforeCommit.get(client)!; pending.size;) {
      const [key, work] = nextBeforeCommit(client, pending);
      pending.delete(key);
      await work();
    }
    beforeCommit.delete(client);
    lastOfAll.delete(client);
    const then = afterCommitted.get(client)!;
    afterCommitted.delete(client);
    await client.query('COMMIT');
    return { result, then: then.values() };
  } catch (err) {
    beforeCommit.delete(client);
    lastOfAll.delete(client);
    afterCommitted.delete(client);
    await client.query('ROLLBACK').catch((rollback: Error) => {
      broken = rollback;
    });
    throw err;
  } finally {
    unwatch?.();
    // A connection that cannot even roll back is closed, not handed out again.
    client.release(broken);
  }
}
