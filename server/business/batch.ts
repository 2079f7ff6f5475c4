// A batch: the same work on each of many records, each as if in its own transaction, so one
// failure undoes nothing else. Every item answers SUCCESS, FAILED (with its message) or IGNORED (nothing
// to do); records the user cannot see fail as not found without any work.
import type pg from 'pg';
import {
  formatMessage,
  message,
  type BatchAnswer,
  type BatchItem,
  type MessageId,
} from '../../definitions/language/index.ts';
import { inTransaction, type TransactionOptions } from '../db/pool.ts';
import { databaseFailure } from '../db/failures.ts';
import { ident } from '../db/sql.ts';
import { AppError, isRowToOpen, type RowToOpen } from '../errors.ts';
import { announceWrite, tableWritten } from '../data/cache.ts';
import { limited } from '../data/table-sql.ts';
import { Params } from '../data/filters.ts';
import { translatePgError } from '../data/pg-errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';

/** Thrown by an item's work when there is nothing to do: the item is IGNORED, not FAILED. */
export class Ignored extends Error {
  constructor(
    readonly id: MessageId,
    readonly args: unknown[] = [],
  ) {
    super(message(id, ...args));
  }
}

/** The code and description of each record the principal may see, by AutoID. */
async function described(pool: pg.Pool, model: TableModel, principal: Principal, ids: number[]) {
  const params = new Params();
  const idField = model.byName.get('id');
  const text = model.byName.get((model.table.displayFields?.[0] ?? 'descr').toLowerCase());
  const where = [`t.autoid = ANY(${params.add(ids)}::bigint[])`];
  const rows = (
    await pool.query<{ autoid: number; code: string | null; descr: string | null }>(
      `SELECT t.autoid, ${idField ? `t.${ident(idField.sqlName)}` : 'NULL'}::text AS code, ${text ? `t.${ident(text.sqlName)}` : 'NULL'}::text AS descr
       ${limited(model, principal, 't', params).from(where)}`,
      params.values,
    )
  ).rows;
  return new Map(rows.map((r) => [Number(r.autoid), { ID: r.code, Description: r.descr }]));
}

const isDone = (done: readonly string[] | Done): done is Done => !Array.isArray(done);

/** A message as said: a definition's own text (a check's) with its blanks filled. */
const said = (id: MessageId, args: readonly unknown[]) =>
  id === 'validation.check' ? formatMessage(String(args[0]), args.slice(1)) : message(id, ...args);

function failure(err: unknown): Pick<BatchItem, 'Error' | 'Key' | 'Args' | 'Open'> {
  // An item that lost to a concurrent write each time it ran fails alone: the items before it stay done.
  if (databaseFailure(err) === 'conflict') return failure(new AppError('TRANSACTION_CONFLICT'));
  if (err instanceof AppError) {
    // A per-field refusal says its first field's message: that is what went wrong for this item.
    const first = Object.values(err.fields)[0]?.[0];
    // A row to open and put right (a guard's `open`) goes with the item.
    const open = isRowToOpen(err.extra.Open) ? { Open: err.extra.Open } : {};
    return first
      ? { Error: said(first.id, first.args), Key: first.id, Args: first.args.map(String), ...open }
      : { Error: said(err.id, err.args), Key: err.id, Args: err.args.map(String), ...open };
  }
  throw err;
}

/** An item's work done: the tables it wrote, and a row it made for the user to open (an invoice made from an order). */
export interface Done {
  written: readonly string[];
  open?: RowToOpen;
}

/** The most items one transaction of a batch takes (see runBatch); a chunk holds its rows' locks until it commits. */
export const CHUNK_MAX = 64;

/** The same work for a chunk of ids at once (a set-based path), answering each id's Done in order. */
export type ManyWork = (client: pg.PoolClient, ids: readonly number[]) => Promise<(readonly string[] | Done)[]>;

/**
 * Runs `work` for each id (once each, in the given order) and answers the batch result. `work`
 * answers the tables it wrote: this process's counts of them are renewed after each item.
 * `opts.rerunnable`: an item's work may run again after a conflict (see inTransaction). Such
 * work runs for a chunk of items in one transaction: a reference row read for the first invoice
 * is known for the next, the totals of a parent are added up once, and the events go in one
 * statement. A chunk in which any item fails or has nothing to do is rolled back whole and each
 * of its items runs again in a transaction of its own, so every item is judged as if alone and
 * one failure undoes nothing else; the next chunk starts small again. `opts.many`, when given,
 * does a chunk's work at once (one insert of all its rows rather than one per item); it must do
 * what `work` does for each id, and a chunk it fails is run again item by item through `work`.
 */
export async function runBatch(
  pool: pg.Pool,
  model: TableModel,
  principal: Principal,
  ids: readonly number[],
  work: (client: pg.PoolClient, id: number) => Promise<readonly string[] | Done>,
  opts: TransactionOptions & { many?: ManyWork } = {},
): Promise<BatchAnswer> {
  const unique = [...new Set(ids)];
  const seen = await described(pool, model, principal, unique);
  const results = new Map<number, BatchItem>();
  const touched = new Set<string>();
  const itemOf = (id: number) => {
    const about = seen.get(id);
    return {
      AutoID: id,
      ID: about?.ID ?? null,
      Description: about?.Description ?? null,
      Error: null,
      Key: null,
      Args: [] as string[],
    };
  };
  const succeeded = (id: number, done: readonly string[] | Done) => {
    const { written, open } = isDone(done) ? done : { written: done, open: undefined };
    for (const table of written) {
      touched.add(table);
      tableWritten(table);
    }
    results.set(id, { ...itemOf(id), Result: 'SUCCESS', ...(open ? { Open: open } : {}) });
  };
  const alone = async (id: number) => {
    try {
      succeeded(id, await inTransaction(pool, (client) => work(client, id), opts));
    } catch (err) {
      const item = itemOf(id);
      if (err instanceof Ignored)
        results.set(id, { ...item, Result: 'IGNORED', Error: err.message, Key: err.id, Args: err.args.map(String) });
      else results.set(id, { ...item, Result: 'FAILED', ...failure(translatePgError(model, err)) });
    }
  };
  for (const id of unique)
    if (!seen.has(id)) results.set(id, { ...itemOf(id), Result: 'FAILED', ...failure(new AppError('ITEM_NOT_FOUND')) });
  const todo = unique.filter((id) => seen.has(id));
  for (let at = 0, size = 1; at < todo.length;) {
    const chunk = todo.slice(at, at + (opts.rerunnable ? size : 1));
    at += chunk.length;
    if (chunk.length === 1) {
      await alone(chunk[0]);
    } else {
      let dones: (readonly string[] | Done)[] | undefined;
      try {
        dones = await inTransaction(
          pool,
          async (client) => {
            if (opts.many) return opts.many(client, chunk);
            const out: (readonly string[] | Done)[] = [];
            for (const id of chunk) out.push(await work(client, id));
            return out;
          },
          opts,
        );
      } catch {
        for (const id of chunk) await alone(id);
        size = 1;
        continue;
      }
      chunk.forEach((id, i) => succeeded(id, dones[i]));
    }
    size = Math.min(size * 2, CHUNK_MAX);
  }
  // Other processes hear of the writes once, after the batch, rather than once per record.
  for (const table of touched) await announceWrite(pool, table);
  const answered = unique.flatMap((id) => results.get(id) ?? []);
  const count = (r: BatchItem['Result']) => answered.filter((x) => x.Result === r).length;
  return { Results: answered, Succeeded: count('SUCCESS'), Failed: count('FAILED'), Ignored: count('IGNORED') };
}
