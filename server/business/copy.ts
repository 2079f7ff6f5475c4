// Child rows copied under a row an action makes from a record (`create.children`): an order's
// delivered lines become the lines of the invoice made from it. Every row is read through the
// access layer and written through the write pipeline, with the user's rights and checks, in the
// record's transaction: one refusal makes nothing for the record.
import type pg from 'pg';
import type { RulesLogic } from 'json-logic-js';
import type { CopyChildrenDef, EffectiveField } from '../../definitions/language/index.ts';
import { readStoredWhere } from '../data/records.ts';
import { createManyIn, writeIn, type WriteContext, type WriteRequest } from '../data/write.ts';
import { memoRead } from '../db/read-memo.ts';
import { ident } from '../db/sql.ts';
import { engineTable } from '../data/table-sql.ts';
import { notFound } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { childPathsOf, childRelated, valueOf, valuesOf } from './scopes.ts';

/** The list field of `model` naming rows of `table`: `name` when given, else its one such field. */
export function linkTo(model: TableModel, table: string, name?: string): EffectiveField | undefined {
  if (name) return model.byName.get(name.toLowerCase());
  const links = model.listJoins.filter((j) => j.ref.name.toLowerCase() === table.toLowerCase());
  return links.length === 1 ? links[0].field : undefined;
}

/**
 * Copies each entry's child rows of `record` under the row `made` of `into`; the rules may read the
 * action's prompts (`$prompt.InvoiceTill`). Answers how many rows were made and the tables written.
 */
export async function copyChildren(
  client: pg.PoolClient,
  principal: Principal,
  source: TableModel,
  record: Record<string, unknown>,
  made: { model: TableModel; id: number },
  entries: readonly CopyChildrenDef[],
  ctx: WriteContext,
  prompts: Record<string, unknown> = {},
): Promise<{ copied: number; written: string[] }> {
  let copied = 0;
  const written = new Set<string>();
  // Made with their parent: a read-only state it was made in (a posted journal) does not lock them.
  const along = { ...ctx, along: true };
  // The rows of every entry, by the table they go into, in the order the entries make them.
  const byTable = new Map<string, WriteRequest[]>();
  for (const entry of entries) {
    const into = ctx.tableOf(entry.table)!;
    const parent = linkTo(into, made.model.table.name, entry.parentField)!;
    const recordPaths = childPathsOf([entry.when, ...Object.values(entry.set)], '$record');
    const onRecord = await childRelated(client, source, record, recordPaths, ctx, '$record');
    const from = entry.from === undefined ? undefined : ctx.tableOf(entry.from)!;
    // Without `from`, one row for the record (a journal's line for the debtor).
    const rows = from ? await childRows(client, principal, source, record, from, entry.via) : [undefined];
    const paths = childPathsOf([entry.when, ...Object.values(entry.set)]);
    const requests = byTable.get(into.table.sqlName) ?? [];
    byTable.set(into.table.sqlName, requests);
    for (const row of rows) {
      const own = from && row ? await childRelated(client, from, row, paths, ctx) : undefined;
      const related = new Map([...(onRecord ?? []), ...(own ?? [])]);
      const scopes = {
        $record: record,
        $created: { AutoID: made.id },
        $prompt: prompts,
        ...(row ? { $child: row } : {}),
      };
      if (entry.when !== undefined && !valueOf(entry.when, scopes, related, principal)) continue;
      requests.push({
        model: into,
        principal,
        record: { ...valuesOf(entry.set, scopes, related, principal), [parent.name]: made.id },
        ctx: along,
      });
    }
  }
  // A table's rows in one insert where the table allows (createManyIn): a journal's revenue, VAT and debtor lines.
  for (const [table, requests] of byTable) {
    await createManyIn(client, requests);
    copied += requests.length;
    if (requests.length) written.add(table);
  }
  return { copied, written: [...written] };
}

/**
 * The record's child rows of `from`, in the order they were made. A child the user may not see is
 * not left out behind their back (an invoice short of a line): the record fails as not found.
 * Counted over every row; the count is never answered.
 */
async function childRows(
  client: pg.PoolClient,
  principal: Principal,
  source: TableModel,
  record: Record<string, unknown>,
  from: TableModel,
  viaName: string | undefined,
): Promise<Record<string, unknown>[]> {
  const via = linkTo(from, source.table.name, viaName)!;
  const rows = await readStoredWhere(client, from, principal, [[via, record.AutoID]]);
  const all = (
    await memoRead(
      client,
      `SELECT count(*)::int AS n FROM ${engineTable(from.table)} WHERE ${ident(via.sqlName)} = $1`,
      [record.AutoID],
    )
  ).rows[0].n;
  if (Number(all) !== rows.length) throw notFound();
  return rows.sort((a, b) => Number(a.AutoID) - Number(b.AutoID));
}

/**
 * Makes one row of `make.table` for the record (a transition's apply `make`: the journal of a
 * completed invoice) and copies rows under it. Answers the tables written.
 */
export async function makeFor(
  client: pg.PoolClient,
  principal: Principal,
  source: TableModel,
  record: Record<string, unknown>,
  make: { table: string; set: Record<string, unknown>; children?: CopyChildrenDef[]; when?: RulesLogic },
  ctx: WriteContext,
): Promise<{ id: number; written: string[] }> {
  const model = ctx.tableOf(make.table)!;
  const related = await childRelated(
    client,
    source,
    record,
    childPathsOf([make.when, ...Object.values(make.set)], '$record'),
    ctx,
    '$record',
  );
  if (make.when !== undefined && !valueOf(make.when, { $record: record }, related, principal))
    return { id: 0, written: [] };
  const made = await writeIn(client, {
    model,
    principal,
    record: valuesOf(make.set, { $record: record }, related, principal),
    ctx,
  });
  const copy = await copyChildren(client, principal, source, record, { model, id: made.id }, make.children ?? [], ctx);
  return { id: made.id, written: [model.table.sqlName, ...copy.written] };
}
