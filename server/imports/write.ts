// Writes one chunk of prepared rows into its table inside the caller's transaction, with the
// checks of a save: row limits (a row written outside them fails), read-only fields (refuseLimitedChanges), the record schema,
// required fields and the table's checks (checkInput). New rows of a plain table go in one
// statement; when that statement fails (a unique value, a constraint), each row is written on
// its own so only the rows at fault fail. A table whose records do more on a save (numbering,
// a workflow, logged fields, records they belong to) is written a record at a time through the
// save's own functions. A dry run writes the same and rolls it back.
import type pg from 'pg';
import { columnType, IMPORT, type EffectiveField } from '../../definitions/language/index.ts';
import { ident } from '../db/sql.ts';
import { refuseLimitedChanges, refuseRowsOutsideLimits } from '../data/access.ts';
import { limited, reached } from '../data/table-sql.ts';
import { Params } from '../data/filters.ts';
import { translatePgError } from '../data/pg-errors.ts';
import { checkInput } from '../data/records.ts';
import { addComputed, writeIn } from '../data/write.ts';
import { hasWriteHooks } from '../data/write-hooks.ts';
import { updateRow } from '../data/rows.ts';
import { totalsFollow } from '../data/rollups.ts';
import { transitionsFollow } from '../data/automatic.ts';
import { selectColumns } from '../data/select.ts';
import { recordFromRow, sqlValue } from '../data/values.ts';
import { AppError } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import type { Problem } from './problems.ts';
import type { Prepared } from './rows.ts';

type Values = Map<EffectiveField | 'archive', unknown>;

export interface WriteOptions {
  model: TableModel;
  principal: Principal;
  overwrite: boolean;
  dryRun: boolean;
  tableOf(name: string): TableModel | undefined;
  /** IDs earlier rows of this import named: a second row for the same record fails. */
  seenIds: Set<number>;
}

/**
 * Whether a save of this table does more than write its row (then rows go one at a time, through
 * the write pipeline): numbering, a workflow, rows a read-only parent locks, logged fields, records
 * they belong to, the table's write hooks, a password to hash.
 */
export function writesOneByOne(model: TableModel): boolean {
  const t = model.table;
  return Boolean(
    t.numbering ||
    t.belongsTo ||
    model.workflow ||
    model.lockedBy.length ||
    hasWriteHooks(model) ||
    t.fields.some((f) => f.logChanges || f.type === 'password' || f.compute?.overridable || f.pick),
  );
}

function failed(p: Prepared, overwrite: boolean, problems: Problem[]): void {
  p.record = null;
  p.result = p.id !== null && overwrite ? IMPORT.RowResult.OverwriteFailed : IMPORT.RowResult.CreateFailed;
  p.problems.push(...problems);
}

/** A refused save as the row's problems: every message on every field, else the refusal itself. */
function failure(p: Prepared, err: AppError, overwrite: boolean): void {
  const fields = Object.entries(err.fields);
  failed(
    p,
    overwrite,
    fields.length
      ? fields.flatMap(([field, messages]) => messages.map((m) => ({ id: m.id, args: m.args, field })))
      : [{ id: err.id, args: err.args, field: null }],
  );
}

/** A row's own failure (its values, a constraint) as its result; anything else ends the batch. */
function rowFailure(p: Prepared, err: unknown, model: TableModel, overwrite: boolean): void {
  const translated = translatePgError(model, err);
  if (!(translated instanceof AppError)) throw err;
  failure(p, translated, overwrite);
}

async function storedRows(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  ids: number[],
): Promise<Map<number, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const params = new Params();
  const where = [`t.autoid = ANY(${params.add(ids)}::bigint[])`];
  const select = selectColumns(model, model.table.fields, principal, params);
  const rows = (
    await client.query(`${select} ${limited(model, principal, 't', params).from(where)} FOR UPDATE OF t`, params.values)
  ).rows;
  return new Map(rows.map((r) => [Number(r.autoid), recordFromRow(model, r)]));
}

/**
 * Inserts rows of checked values in one statement, a typed array per column (one statement of a
 * dozen parameters, however many rows); answers their AutoIDs.
 */
async function insertRows(
  client: pg.PoolClient,
  model: TableModel,
  rows: Values[],
  username: string,
): Promise<number[]> {
  const fields = model.table.fields.filter(
    (f) => rows.some((v) => v.has(f)) || (f.default !== undefined && f.default !== null),
  );
  const archive = rows.some((v) => v.has('archive'));
  const params: unknown[] = [username];
  const arrays = fields.map((f) => {
    params.push(rows.map((v) => sqlValue(f, v.has(f) ? v.get(f) : (f.default ?? null))));
    return `$${params.length}::${columnType(f)}[]`;
  });
  if (archive) {
    params.push(rows.map((v) => v.get('archive') ?? false));
    arrays.push(`$${params.length}::boolean[]`);
  }
  const cols = ['createdby', 'modifiedby', ...fields.map((f) => f.sqlName), ...(archive ? ['archive'] : [])].map(ident);
  const result = await client.query(
    `INSERT INTO ${reached(model)} (${cols.join(', ')}) SELECT $1, $1, * FROM unnest(${arrays.join(', ')}) RETURNING autoid`,
    params,
  );
  return result.rows.map((r) => Number(r.autoid));
}

/**
 * Inserts rows as insertRows does, refused as a whole when one lands outside the principal's row
 * limits; the totals they count in follow.
 */
async function insertChecked(
  client: pg.PoolClient,
  model: TableModel,
  principal: Principal,
  rows: Values[],
  tableOf: (name: string) => TableModel | undefined,
): Promise<number[]> {
  const ids = await insertRows(client, model, rows, principal.username);
  await refuseRowsOutsideLimits(client, model, principal, ids);
  for (const values of rows) await totalsFollow(client, model, recordOf(values, null), null, tableOf);
  for (const id of ids) await transitionsFollow(client, model, id, null, tableOf);
  return ids;
}

/** A written row as a record: the stored one (if any) with the written values over it. */
function recordOf(values: Values, stored: Record<string, unknown> | null): Record<string, unknown> {
  const record: Record<string, unknown> = { ...(stored ?? {}) };
  for (const [f, v] of values) record[f === 'archive' ? 'Archive' : f.name] = v;
  return record;
}

async function inSavepoint<T>(client: pg.PoolClient, name: string, work: () => Promise<T>): Promise<T> {
  await client.query(`SAVEPOINT ${name}`);
  try {
    const out = await work();
    await client.query(`RELEASE SAVEPOINT ${name}`);
    return out;
  } catch (err) {
    await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw err;
  }
}

/** Writes the rows still pending; each ends with its result. Answers the AutoIDs written. */
export async function writeRows(client: pg.PoolClient, rows: Prepared[], opts: WriteOptions): Promise<number> {
  const { model, principal, overwrite } = opts;
  const pending = rows.filter((p) => p.record !== null);
  const named = pending.filter((p) => p.id !== null);
  for (const p of named) {
    if (opts.seenIds.has(p.id!)) failed(p, overwrite, [{ id: 'import.duplicate_id', args: [p.id], field: null }]);
    else opts.seenIds.add(p.id!);
  }
  const stored = await storedRows(
    client,
    model,
    principal,
    named.filter((p) => p.record).map((p) => p.id!),
  );
  for (const p of named) {
    if (!p.record) continue;
    if (overwrite && !stored.has(p.id!))
      failed(p, overwrite, [{ id: 'import.id_not_found', args: [p.id], field: null }]);
    else if (!overwrite && stored.has(p.id!)) {
      p.record = null;
      p.result = IMPORT.RowResult.Skipped;
      p.problems.push({ id: 'import.exists_skipped', args: [p.id], field: null });
    }
  }
  const updates = pending.filter((p) => p.record && p.id !== null && overwrite);
  const creates = pending.filter((p) => p.record && !(p.id !== null && overwrite));
  // An empty cell of a new record is the field's default, as a new record in a form starts with it.
  for (const p of creates) {
    for (const f of model.table.fields)
      if (p.record![f.name] === null && f.default !== undefined && f.default !== null) delete p.record![f.name];
  }

  const work = async () => {
    if (writesOneByOne(model)) {
      for (const p of [...updates, ...creates]) {
        try {
          await inSavepoint(client, 'import_row', async () => {
            if (p.id !== null && overwrite)
              await writeIn(client, {
                model,
                principal,
                id: p.id,
                record: p.record!,
                ctx: { tableOf: opts.tableOf },
                locked: stored.get(p.id),
              });
            else await writeIn(client, { model, principal, record: p.record!, ctx: { tableOf: opts.tableOf } });
          });
          p.result = p.id !== null && overwrite ? IMPORT.RowResult.OverwriteSuccess : IMPORT.RowResult.CreateSuccess;
        } catch (err) {
          rowFailure(p, err, model, overwrite);
        }
      }
      return;
    }
    const checked = new Map<Prepared, Values>();
    for (const p of [...updates, ...creates]) {
      const current = p.id !== null && overwrite ? stored.get(p.id)! : null;
      try {
        refuseLimitedChanges(model, principal, p.record!, current);
        const values = checkInput(model, p.record!, current, { principal });
        await addComputed(client, model, current, values, principal, opts.tableOf);
        checked.set(p, values);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failure(p, err, overwrite);
      }
    }
    for (const p of updates) {
      if (!checked.has(p)) continue;
      try {
        await inSavepoint(client, 'import_row', async () => {
          await updateRow(client, model, p.id!, checked.get(p)!, principal.username);
          await refuseRowsOutsideLimits(client, model, principal, [p.id!]);
          await totalsFollow(
            client,
            model,
            recordOf(checked.get(p)!, stored.get(p.id!)!),
            stored.get(p.id!)!,
            opts.tableOf,
          );
        });
        p.result = IMPORT.RowResult.OverwriteSuccess;
      } catch (err) {
        rowFailure(p, err, model, overwrite);
      }
    }
    const news = creates.filter((p) => checked.has(p));
    if (!news.length) return;
    try {
      await inSavepoint(client, 'import_batch', () =>
        insertChecked(
          client,
          model,
          principal,
          news.map((p) => checked.get(p)!),
          opts.tableOf,
        ),
      );
      for (const p of news) p.result = IMPORT.RowResult.CreateSuccess;
    } catch (err) {
      if (!(translatePgError(model, err) instanceof AppError)) throw err;
      // One row (or more) is at fault: each on its own, so the others still go in.
      for (const p of news) {
        try {
          await inSavepoint(client, 'import_row', () =>
            insertChecked(client, model, principal, [checked.get(p)!], opts.tableOf),
          );
          p.result = IMPORT.RowResult.CreateSuccess;
        } catch (rowErr) {
          rowFailure(p, rowErr, model, overwrite);
        }
      }
    }
  };
  if (opts.dryRun) {
    // The same writes, so a unique value or a constraint is found as it would be, then undone.
    await client.query('SAVEPOINT import_dry_run');
    try {
      await work();
    } finally {
      await client.query('ROLLBACK TO SAVEPOINT import_dry_run');
    }
  } else {
    await work();
  }
  return rows.filter(
    (p) => p.result === IMPORT.RowResult.CreateSuccess || p.result === IMPORT.RowResult.OverwriteSuccess,
  ).length;
}
