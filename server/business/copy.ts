// Child rows copied under a row an action makes from a record (`create.children`): an order's
// delivered lines become the lines of the invoice made from it. Every row is read through the
// access layer and written through the write pipeline, with the user's rights and checks, in the
// record's transaction: one refusal makes nothing for the record.
import type pg from 'pg';
import type { CopyChildrenDef, EffectiveField } from '../../definitions/language/index.ts';
import { readStoredWhere } from '../data/records.ts';
import { createManyIn, type WriteContext, type WriteRequest } from '../data/write.ts';
import { memoRead } from '../db/read-memo.ts';
import { readAheadRelated } from '../data/related.ts';
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
 * A record and the AutoID of the row made from it, under which its child rows are copied; `ctx`
 * the record's own context when it has one (a transition's rows say which record's it was).
 */
export interface CopyFrom {
  record: Record<string, unknown>;
  made: number;
  ctx?: WriteContext;
}

/** A child row an entry may copy for the record at `of` (none for an entry without `from`), with the values its rules read. */
interface Candidate {
  entry: number;
  of: number;
  row: Record<string, unknown> | undefined;
  related: Map<string, unknown>;
}

/**
 * Every entry's rows for every record, in the order the entries make them: each entry's child
 * rows of all the records in one read, and the rows their rules read read ahead for all of them.
 */
async function candidatesOf(
  client: pg.PoolClient,
  principal: Principal,
  source: TableModel,
  records: readonly Record<string, unknown>[],
  entries: readonly CopyChildrenDef[],
  ctx: WriteContext,
): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const [e, entry] of entries.entries()) {
    const recordPaths = childPathsOf([entry.when, ...Object.values(entry.set)], '$record');
    await readAheadRelated(client, source, records, recordPaths, ctx.tableOf);
    const child = entry.from === undefined ? undefined : ctx.tableOf(entry.from)!;
    // Without `from`, one row for the record (a journal's line for the debtor).
    const rowsOf = child ? await childRowsOf(client, principal, source, records, child, entry.via) : undefined;
    const paths = childPathsOf([entry.when, ...Object.values(entry.set)]);
    if (child && rowsOf) await readAheadRelated(client, child, [...rowsOf.values()].flat(), paths, ctx.tableOf);
    for (const [i, record] of records.entries()) {
      const onRecord = await childRelated(client, source, record, recordPaths, ctx, '$record');
      const rows = rowsOf ? (rowsOf.get(Number(record.AutoID)) ?? []) : [undefined];
      for (const row of rows) {
        const own = child && row ? await childRelated(client, child, row, paths, ctx) : undefined;
        out.push({ entry: e, of: i, row, related: new Map([...(onRecord ?? []), ...(own ?? [])]) });
      }
    }
  }
  return out;
}

const scopesOf = (
  c: Candidate,
  records: readonly Record<string, unknown>[],
  prompts: Record<string, unknown>,
  created?: number,
) => ({
  $record: records[c.of],
  ...(created === undefined ? {} : { $created: { AutoID: created } }),
  $prompt: prompts,
  ...(c.row ? { $child: c.row } : {}),
});

/**
 * The copies of the candidates under the rows made (`made[k]` for `picked[k]`), each table's rows
 * in one insert where the table allows (createManyIn): a journal's revenue, VAT and debtor lines.
 * Answers the tables written.
 */
async function writeCopies(
  client: pg.PoolClient,
  principal: Principal,
  made: TableModel,
  records: readonly Record<string, unknown>[],
  entries: readonly CopyChildrenDef[],
  picked: readonly { candidate: Candidate; id: number }[],
  ctx: WriteContext,
  prompts: Record<string, unknown>,
  ctxOf: (of: number) => WriteContext = () => ctx,
): Promise<string[]> {
  const targets = entries.map((entry) => {
    const into = ctx.tableOf(entry.table)!;
    const requests: WriteRequest[] = [];
    return { into, parent: linkTo(into, made.table.name, entry.parentField)!, requests };
  });
  for (const { candidate, id } of picked) {
    const { into, parent, requests } = targets[candidate.entry];
    requests.push({
      model: into,
      principal,
      record: {
        ...valuesOf(
          entries[candidate.entry].set,
          scopesOf(candidate, records, prompts, id),
          candidate.related,
          principal,
        ),
        [parent.name]: id,
      },
      // Made with their parent: a read-only state it was made in (a posted journal) does not lock them.
      ctx: { ...ctxOf(candidate.of), along: true },
    });
  }
  // The entries' rows by the table they go into, entries into the same table in one insert.
  const byTable = new Map<string, WriteRequest[]>();
  for (const { into, requests } of targets)
    byTable.set(into.table.sqlName, [...(byTable.get(into.table.sqlName) ?? []), ...requests]);
  const written: string[] = [];
  for (const [name, requests] of byTable) {
    await createManyIn(client, requests);
    if (requests.length) written.push(name);
  }
  return written;
}

/**
 * copyChildren for many records at once (the orders of a chunk of a batch): each table's rows of
 * every record go in one insert, and the rows the rules read are read ahead for all of them.
 * Answers how many rows were made for each record, in order, and the tables written.
 */
export async function copyChildrenOfMany(
  client: pg.PoolClient,
  principal: Principal,
  source: TableModel,
  made: TableModel,
  from: readonly CopyFrom[],
  entries: readonly CopyChildrenDef[],
  ctx: WriteContext,
  prompts: Record<string, unknown> = {},
): Promise<{ copied: number[]; written: string[] }> {
  const copied = from.map(() => 0);
  if (!from.length) return { copied, written: [] };
  const records = from.map((f) => f.record);
  const picked = (await candidatesOf(client, principal, source, records, entries, ctx))
    .map((candidate) => ({ candidate, id: from[candidate.of].made }))
    .filter(({ candidate: c, id }) => {
      const when = entries[c.entry].when;
      return when === undefined || !!valueOf(when, scopesOf(c, records, prompts, id), c.related, principal);
    });
  for (const { candidate } of picked) copied[candidate.of]++;
  const written = await writeCopies(
    client,
    principal,
    made,
    records,
    entries,
    picked,
    ctx,
    prompts,
    (of) => from[of].ctx ?? ctx,
  );
  return { copied, written };
}

/** A row a grouped create made: for the record at `of`, with its group's key values. */
export interface GroupMade {
  of: number;
  id: number;
}

/**
 * A grouped create (`create.groupBy`): for each record, one row of `made` per group of the child
 * rows its entries copy (those `when` lets through, judged before the row is made) that share the
 * values of the grouping fields: `groupBy` names for each field of the new row the child rows'
 * field whose value it takes; a child row whose field is empty falls in the group of the value
 * `base` (the create's own `set`) gives. The rows made in one insert, in record order, then the
 * copies under them. A record with nothing to copy has no row.
 */
export async function createGrouped(
  client: pg.PoolClient,
  principal: Principal,
  source: TableModel,
  made: TableModel,
  records: readonly Record<string, unknown>[],
  base: readonly Record<string, unknown>[],
  entries: readonly CopyChildrenDef[],
  groupBy: Record<string, string>,
  ctx: WriteContext,
  prompts: Record<string, unknown> = {},
): Promise<{ made: GroupMade[]; written: string[] }> {
  if (!records.length) return { made: [], written: [] };
  const keys = Object.entries(groupBy);
  const groups = new Map<string, { of: number; values: Record<string, unknown>; members: Candidate[] }>();
  for (const c of await candidatesOf(client, principal, source, records, entries, ctx)) {
    const when = entries[c.entry].when;
    if (when !== undefined && !valueOf(when, scopesOf(c, records, prompts), c.related, principal)) continue;
    const values = Object.fromEntries(keys.map(([into, field]) => [into, c.row?.[field] ?? base[c.of][into] ?? null]));
    const key = JSON.stringify([c.of, ...keys.map(([into]) => values[into])]);
    const group = groups.get(key) ?? { of: c.of, values, members: [] };
    groups.set(key, group);
    group.members.push(c);
  }
  const ordered = [...groups.values()].sort((a, b) => a.of - b.of);
  const rows = await createManyIn(
    client,
    ordered.map((g) => ({ model: made, principal, record: { ...base[g.of], ...g.values }, ctx })),
  );
  const picked = ordered.flatMap((g, k) => g.members.map((candidate) => ({ candidate, id: rows[k].id })));
  const written = await writeCopies(client, principal, made, records, entries, picked, ctx, prompts);
  return {
    made: ordered.map((g, k) => ({ of: g.of, id: rows[k].id })),
    written: rows.length ? [made.table.sqlName, ...written] : written,
  };
}

/**
 * The records' child rows of `from` by the record's AutoID, in the order they were made. A child
 * the user may not see is not left out behind their back (an invoice short of a line): the
 * record fails as not found. Counted over every row; the count is never answered.
 */
async function childRowsOf(
  client: pg.PoolClient,
  principal: Principal,
  source: TableModel,
  records: readonly Record<string, unknown>[],
  from: TableModel,
  viaName: string | undefined,
): Promise<Map<number, Record<string, unknown>[]>> {
  const via = linkTo(from, source.table.name, viaName)!;
  const ids = records.map((r) => Number(r.AutoID));
  // One record reads as before (`= $1`): the transaction's other reads of its rows share the memo.
  const rows = await readStoredWhere(client, from, principal, [[via, ids.length === 1 ? ids[0] : ids]]);
  const counts = (
    await memoRead(
      client,
      `SELECT ${ident(via.sqlName)} AS parent, count(*)::int AS n FROM ${engineTable(from.table)} WHERE ${ident(via.sqlName)} = ANY($1::bigint[]) GROUP BY 1`,
      [ids],
    )
  ).rows;
  const byParent = new Map<number, Record<string, unknown>[]>(ids.map((id) => [id, []]));
  for (const row of rows) byParent.get(Number(row[via.name]))?.push(row);
  for (const { parent, n } of counts) if (Number(n) !== (byParent.get(Number(parent))?.length ?? 0)) throw notFound();
  for (const list of byParent.values()) list.sort((a, b) => Number(a.AutoID) - Number(b.AutoID));
  return byParent;
}
