// Rows copied under a new record from the child rows of a row it names (a table's `childrenFrom`):
// a new inspection takes its plan's questions, whichever path made it (a save, an import, an
// action, the nightly run). The copies are read through the access layer and written through the
// write pipeline, with the writer's rights and checks, in the record's transaction.
import type pg from 'pg';
import type { TableDef } from '../../definitions/language/index.ts';
import { readStoredWhere } from '../data/records.ts';
import { createManyIn, type WriteRequest } from '../data/write.ts';
import type { AfterWrite, WriteHook } from '../data/write-hooks.ts';
import { linkTo } from './copy.ts';
import { childPathsOf, childRelated, valueOf, valuesOf } from './scopes.ts';

/** Copies one entry's rows under the record just made (`after`). */
async function copyEntry(
  client: pg.PoolClient,
  { model, principal, tableOf, after }: AfterWrite,
  entry: NonNullable<TableDef['childrenFrom']>[number],
): Promise<void> {
  // Made by the definitions with their parent: read-only fields take their values, and a read-only
  // state the parent was made in does not lock them.
  const ctx = { tableOf, along: true, byDefinition: true };
  const through = model.byName.get(entry.through.toLowerCase());
  const sourceId = through ? after[through.name] : null;
  if (sourceId === null || sourceId === undefined || !through?.list) return;
  const sourceModel = model.listJoins.find((j) => j.field === through)?.ref;
  const source = sourceModel ? tableOf(sourceModel.name) : undefined;
  const from = tableOf(entry.from);
  const into = tableOf(entry.table);
  if (!source || !from || !into) return;
  const via = linkTo(from, source.table.name, entry.via);
  const parent = linkTo(into, model.table.name, entry.parentField);
  if (!via || !parent) return;
  // The rows to copy first: a row that names none (a plan without questions) costs one read.
  const rows = await readStoredWhere(client, from, principal, [[via, sourceId]]);
  if (!rows.length) return;
  const [record] = await readStoredWhere(client, source, principal, [['AutoID', sourceId]]);
  if (!record) return;
  const values = [entry.when, ...Object.values(entry.set)];
  const onRecord = await childRelated(client, source, record, childPathsOf(values, '$record'), ctx, '$record');
  const onCreated = await childRelated(client, model, after, childPathsOf(values, '$created'), ctx, '$created');
  const childPaths = childPathsOf(values);
  const requests: WriteRequest[] = [];
  for (const row of rows) {
    const own = await childRelated(client, from, row, childPaths, ctx);
    const related = new Map([...(onRecord ?? []), ...(onCreated ?? []), ...(own ?? [])]);
    const scopes = { $record: record, $created: after, $child: row };
    if (entry.when !== undefined && !valueOf(entry.when, scopes, related, principal)) continue;
    requests.push({
      model: into,
      principal,
      record: { ...valuesOf(entry.set, scopes, related, principal), [parent.name]: after.AutoID },
      ctx,
    });
  }
  await createManyIn(client, requests);
}

/** The hook every table with `childrenFrom` runs: on a new record only. */
export const childrenFromHook: WriteHook = {
  async afterWrite(client, write) {
    if (write.before !== null) return;
    for (const entry of write.model.table.childrenFrom ?? []) await copyEntry(client, write, entry);
  },
};
