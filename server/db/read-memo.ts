// Reads of referenced rows answered again within one transaction without a round trip: the lines
// of one invoice read the same VAT code, ledger and administration many times over. A read is
// remembered by its statement and parameters until a statement of the same transaction writes a
// table it reads; a statement whose written table cannot be told forgets everything. Only plain
// row reads use it (memoRead), never a read that locks or counts.
import type pg from 'pg';
import type { Queryable } from './pool.ts';

interface Memo {
  answers: Map<string, { tables: string[]; result: pg.QueryResult }>;
}

const memos = new WeakMap<object, Memo>();

/** The tables a statement reads (FROM and JOIN of engine-made SQL, quoted or not). */
const readTables = (text: string) => [...text.matchAll(/\b(?:FROM|JOIN)\s+"?(\w+)"?/gi)].map((m) => m[1].toLowerCase());

const WRITES = /\b(?:INSERT\s+INTO|UPDATE|MERGE\s+INTO)\s+"?(\w+)"?/gi;
const PLAIN_READ = /^\s*(?:SELECT|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET|SHOW)\b/i;
const ANY_WRITE = /\b(?:INSERT|UPDATE|DELETE|MERGE|TRUNCATE|ALTER|CREATE|DROP|COPY|CALL|DO)\b/i;

/** Forgets what the statement may have changed: the answers reading a table it writes, or all. */
function heard(memo: Memo, text: string): void {
  if (!memo.answers.size) return;
  if (PLAIN_READ.test(text) && !ANY_WRITE.test(text)) return;
  // A delete may take rows of other tables with it (a foreign key's cascade): everything is forgotten.
  if (/\b(?:DELETE|TRUNCATE)\b/i.test(text)) {
    memo.answers.clear();
    return;
  }
  const written = new Set([...text.matchAll(WRITES)].map((m) => m[1].toLowerCase()));
  // `SELECT … FOR UPDATE` writes nothing; any other statement with a write in it that names no table forgets all.
  written.delete('of');
  if (!written.size && !/^\s*SELECT\b[\s\S]*\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b/i.test(text)) {
    memo.answers.clear();
    return;
  }
  for (const [key, answer] of memo.answers) if (answer.tables.some((t) => written.has(t))) memo.answers.delete(key);
}

/** The SQL text of a statement as the client takes it: a string, or a config with its text. */
const textOf = (config: unknown): string =>
  typeof config === 'string'
    ? config
    : typeof config === 'object' && config !== null && 'text' in config && typeof config.text === 'string'
      ? config.text
      : '';

/**
 * Watches every statement of the client's transaction from now on; answers the function that
 * stops watching (at commit or rollback). The client's own `query` (or, as a rule, its class's,
 * looked up at each call) runs every statement, and is what the client has again afterwards.
 */
export function watchTransaction(client: pg.PoolClient): () => void {
  const memo: Memo = { answers: new Map() };
  memos.set(client, memo);
  const own = Object.getOwnPropertyDescriptor(client, 'query');
  const watched = (config: unknown, ...rest: unknown[]): unknown => {
    heard(memo, textOf(config));
    const query: unknown = own ? own.value : Reflect.get(Object.getPrototypeOf(client), 'query');
    if (typeof query !== 'function') throw new TypeError('a database client without query');
    return Reflect.apply(query, client, [config, ...rest]);
  };
  Object.defineProperty(client, 'query', { value: watched, configurable: true, writable: true });
  return () => {
    memos.delete(client);
    if (own) Object.defineProperty(client, 'query', own);
    else Reflect.deleteProperty(client, 'query');
  };
}

/** A row read answered from the transaction's memo when nothing it reads was written since; else run and remembered. */
export async function memoRead(db: Queryable, text: string, values: unknown[]): Promise<pg.QueryResult> {
  const memo = memos.get(db);
  if (!memo) return db.query(text, values);
  const key = `${text}\u0000${JSON.stringify(values)}`;
  const known = memo.answers.get(key);
  if (known) return known.result;
  const result = await db.query(text, values);
  memo.answers.set(key, { tables: readTables(text), result });
  return result;
}

/**
 * Many row reads answered by one statement (the rows a batch of writes references): each read's
 * answer is remembered as if it had run, so the reads that follow in the transaction find it.
 * `reads` are the statements as memoRead would run them; `rowsOf(i)` the rows answering the i-th.
 */
export function memoKnown(
  db: Queryable,
  reads: readonly [text: string, values: unknown[]][],
  rowsOf: (i: number) => Record<string, unknown>[],
): void {
  const memo = memos.get(db);
  if (!memo) return;
  reads.forEach(([text, values], i) => {
    const rows = rowsOf(i);
    const result: pg.QueryResult = { rows, rowCount: rows.length, command: 'SELECT', oid: 0, fields: [] };
    memo.answers.set(`${text}\u0000${JSON.stringify(values)}`, { tables: readTables(text), result });
  });
}

/** Whether the client's transaction remembers reads (memoKnown is worth a statement). */
export const remembers = (db: Queryable): boolean => memos.has(db);
