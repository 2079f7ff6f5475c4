// Applying definitions to a database: schema sync and seed rows in one transaction.
import type pg from 'pg';
import { inTransaction } from '../db/pool.ts';
import { SYSTEM_PRINCIPAL } from '../security/principal.ts';
import { checkInput, insertRow } from './records.ts';
import { ident } from '../db/sql.ts';
import { AppError } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { applySchema, planSchema } from '../metadata/sync/apply.ts';
import type { Step } from '../metadata/sync/plan.ts';

export interface ApplyResult { applied: Step[]; seeded: number }

/**
 * Seeds in an order where a table's rows come after the rows they refer to: a seed whose list
 * fields point at another seeded table goes after that table's seed (the file order otherwise).
 */
function seedOrder(snapshot: Snapshot): Snapshot['effective']['seeds'] {
  const seeds = snapshot.effective.seeds;
  const tableOf = (s: (typeof seeds)[number]) => s.value.table.toLowerCase();
  const seeded = new Set(seeds.map(tableOf));
  const needs = (s: (typeof seeds)[number]) => new Set((snapshot.table(s.value.table)?.listJoins ?? [])
    .map((j) => j.ref.sqlName).filter((t) => t !== tableOf(s) && seeded.has(t)));
  const ordered: typeof seeds = [];
  const done = new Set<string>();
  const pending = [...seeds];
  while (pending.length) {
    // A seed whose referenced tables are all seeded goes next; a cycle keeps the file order.
    const i = Math.max(0, pending.findIndex((s) => [...needs(s)].every((t) => done.has(t) || !pending.some((p) => tableOf(p) === t))));
    const [next] = pending.splice(i, 1);
    ordered.push(next);
    if (!pending.some((p) => tableOf(p) === tableOf(next))) done.add(tableOf(next));
  }
  return ordered;
}

/**
 * A seed names a list value by the referenced row's code (the list's code field), since AutoIDs
 * differ between databases; a number is taken as an AutoID.
 */
async function byCode(client: pg.PoolClient, snapshot: Snapshot, model: TableModel, row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out = { ...row };
  for (const join of model.listJoins) {
    const key = Object.keys(out).find((k) => k.toLowerCase() === join.field.name.toLowerCase());
    const value = key === undefined ? undefined : out[key];
    if (key === undefined || typeof value !== 'string') continue;
    const list = snapshot.list(join.field.list!);
    const code = list?.codeField && snapshot.table(list.table)?.byName.get(list.codeField.toLowerCase());
    if (!code) throw new Error(`${join.field.name}: list ${join.field.list} has no code field to find ${value} by`);
    const found = (await client.query(`SELECT autoid FROM ${ident(join.ref.sqlName)} WHERE ${ident(code.sqlName)} = $1 ORDER BY autoid LIMIT 1`, [value])).rows[0];
    if (!found) throw new Error(`${join.field.name}: no ${join.ref.name} with code ${value}`);
    out[key] = Number(found.autoid);
  }
  return out;
}

/** Seed rows are inserted when their key is missing; rows already there are left as they are. */
async function seed(client: pg.PoolClient, snapshot: Snapshot): Promise<number> {
  let inserted = 0;
  for (const { value: seedDef, origin } of seedOrder(snapshot)) {
    const model = snapshot.table(seedDef.table)!;
    const keyField = model.byName.get(seedDef.key.toLowerCase())!;
    for (const [i, row] of seedDef.rows.entries()) {
      const keyValue = Object.entries(row).find(([k]) => k.toLowerCase() === seedDef.key.toLowerCase())?.[1];
      const found = await client.query(`SELECT 1 FROM ${ident(model.table.sqlName)} WHERE ${ident(keyField.sqlName)} = $1`, [keyValue]);
      if (found.rowCount) continue;
      let values;
      try {
        // Seeds are definitions: read-only fields take their values too.
        values = checkInput(model, await byCode(client, snapshot, model, row), null, { byDefinition: true });
      } catch (err) {
        const detail = err instanceof AppError ? JSON.stringify(err.fields) : String(err instanceof Error ? err.message : err);
        throw new Error(`${origin.file} /rows/${i}: seed row is invalid: ${detail}`);
      }
      await insertRow(client, model, values, SYSTEM_PRINCIPAL.username);
      inserted++;
    }
  }
  return inserted;
}

export async function applyDefinitions(pool: pg.Pool, snapshot: Snapshot, opts: { force?: boolean; by: string }): Promise<ApplyResult> {
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

