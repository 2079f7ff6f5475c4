// Applying definitions to a database: schema sync and seed rows in one transaction.
import type pg from 'pg';
import { inTransaction } from '../db/pool.ts';
import { SYSTEM_PRINCIPAL } from '../security/principal.ts';
import { checkInput } from './records.ts';
import { addComputed } from './write.ts';
import { insertRow } from './rows.ts';
import { totalsFollow } from './rollups.ts';
import { engineTable } from './table-sql.ts';
import { ident } from '../db/sql.ts';
import { AppError } from '../errors.ts';
import type { ListJoin, TableModel } from '../metadata/model.ts';
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { applySchema, planSchema } from '../metadata/sync/apply.ts';
import type { Step } from '../metadata/sync/plan.ts';

export interface ApplyResult {
  applied: Step[];
  seeded: number;
}

type SeedDoc = Snapshot['effective']['seeds'][number];

/**
 * Seeds in an order where a table's rows come after the rows they refer to. Tables that refer to
 * each other (relations ↔ persons) cannot all wait: then the seed most others wait for goes
 * first, and its references into the cycle are filled in afterwards (see `seed`).
 */
function seedOrder(snapshot: Snapshot): SeedDoc[] {
  const tableOf = (s: SeedDoc) => s.value.table.toLowerCase();
  const pending = [...snapshot.effective.seeds];
  const needs = (s: SeedDoc) =>
    new Set(
      (snapshot.table(s.value.table)?.listJoins ?? [])
        .map((j) => j.ref.sqlName)
        .filter((t) => t !== tableOf(s) && pending.some((p) => tableOf(p) === t)),
    );
  const ordered: SeedDoc[] = [];
  while (pending.length) {
    let i = pending.findIndex((s) => needs(s).size === 0);
    if (i < 0) {
      const waitedFor = (s: SeedDoc) => pending.filter((p) => needs(p).has(tableOf(s))).length;
      i = pending.reduce((best, s, j) => (waitedFor(s) > waitedFor(pending[best]) ? j : best), 0);
    }
    ordered.push(...pending.splice(i, 1));
  }
  return ordered;
}

/** A list value of a seed: the referenced row's code (the list's code field), or an AutoID. */
async function resolveCode(
  client: pg.PoolClient,
  snapshot: Snapshot,
  join: ListJoin,
  value: string,
): Promise<number | undefined> {
  const list = snapshot.list(join.field.list!);
  const code = list?.codeField && snapshot.table(list.table)?.byName.get(list.codeField.toLowerCase());
  if (!code) throw new Error(`${join.field.name}: list ${join.field.list} has no code field to find ${value} by`);
  const found = (
    await client.query<{ autoid: number }>(
      `SELECT autoid FROM ${engineTable(join.ref)} WHERE ${ident(code.sqlName)} = $1 ORDER BY autoid LIMIT 1`,
      [value],
    )
  ).rows[0];
  return found ? Number(found.autoid) : undefined;
}

/** A reference of a seed row that waits until every seed is in: the code of a row seeded later. */
interface Deferred {
  model: TableModel;
  /** The seeded row's AutoID. */
  id: number;
  join: ListJoin;
  code: string;
  where: string;
}

/**
 * Seed rows are inserted when no row has their key (a field, or fields together: a grant is one
 * group's action on one right); rows already there are left as they are. A seed names list values
 * by code (AutoIDs differ between databases); a code of a row not seeded yet is filled in after
 * all seeds, so tables that refer to each other can be seeded.
 */
async function seed(client: pg.PoolClient, snapshot: Snapshot): Promise<number> {
  let inserted = 0;
  const deferred: Deferred[] = [];
  for (const { value: seedDef, origin } of seedOrder(snapshot)) {
    const model = snapshot.table(seedDef.table)!;
    const keyFields = [seedDef.key].flat().map((name) => model.byName.get(name.toLowerCase())!);
    for (const [i, original] of seedDef.rows.entries()) {
      const where = `${origin.file} /rows/${i}`;
      try {
        const row = { ...original };
        const waiting: Omit<Deferred, 'id'>[] = [];
        for (const join of model.listJoins) {
          const key = Object.keys(row).find((k) => k.toLowerCase() === join.field.name.toLowerCase());
          const value = key === undefined ? undefined : row[key];
          if (key === undefined || typeof value !== 'string') continue;
          const id = await resolveCode(client, snapshot, join, value);
          if (id !== undefined) {
            row[key] = id;
            continue;
          }
          delete row[key];
          waiting.push({ model, join, code: value, where });
        }
        const keyValue = (f: EffectiveField) =>
          Object.entries(row).find(([k]) => k.toLowerCase() === f.name.toLowerCase())?.[1] ?? null;
        const found = await client.query(
          `SELECT 1 FROM ${engineTable(model.table)} WHERE ${keyFields.map((f, n) => `${ident(f.sqlName)} IS NOT DISTINCT FROM $${n + 1}`).join(' AND ')}`,
          keyFields.map(keyValue),
        );
        // A row already there keeps its values: nothing of it waits.
        if (found.rowCount) continue;
        // Seeds are definitions: read-only fields take their values too, but what is derived is
        // computed as any write computes it, and the totals the row counts in follow.
        const values = checkInput(model, row, null, { byDefinition: true });
        const tableOf = (name: string) => snapshot.table(name);
        await addComputed(client, model, null, values, SYSTEM_PRINCIPAL, tableOf);
        const id = await insertRow(client, model, values, SYSTEM_PRINCIPAL.username);
        for (const w of waiting) deferred.push({ ...w, id });
        await totalsFollow(
          client,
          model,
          Object.fromEntries([...values].map(([f, v]) => [f === 'archive' ? 'Archive' : f.name, v])),
          null,
          tableOf,
        );
        inserted++;
      } catch (err) {
        const detail =
          err instanceof AppError ? JSON.stringify(err.fields) : String(err instanceof Error ? err.message : err);
        throw new Error(`${where}: seed row is invalid: ${detail}`);
      }
    }
  }
  for (const d of deferred) {
    const id = await resolveCode(client, snapshot, d.join, d.code);
    if (id === undefined)
      throw new Error(
        `${d.where}: seed row is invalid: ${d.join.field.name}: no ${d.join.ref.name} with code ${d.code}`,
      );
    await client.query(
      `UPDATE ${engineTable(d.model.table)} SET ${ident(d.join.field.sqlName)} = $1 WHERE autoid = $2`,
      [id, d.id],
    );
  }
  return inserted;
}

export async function applyDefinitions(
  pool: pg.Pool,
  snapshot: Snapshot,
  opts: { force?: boolean; by: string },
): Promise<ApplyResult> {
  return inTransaction(pool, async (client) => {
    // One applier at a time across processes.
    await client.query('SELECT pg_advisory_xact_lock(7405211)');
    // Building indexes on large tables may take longer than an API statement may.
    await client.query('SET LOCAL statement_timeout = 0');
    const steps = await planSchema(client, snapshot.effective);
    const applied = await applySchema(client, steps, opts);
    const seeded = await seed(client, snapshot);
    return { applied, seeded };
  });
}
