// Applying definitions to a database: schema sync and seed rows in one transaction.
import type pg from 'pg';
import { inTransaction } from '../db/pool.ts';
import { SYSTEM_PRINCIPAL } from '../security/principal.ts';
import { checkInput, insertRow } from './records.ts';
import { ident } from '../db/sql.ts';
import { AppError } from '../errors.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { applySchema, planSchema } from '../metadata/sync/apply.ts';
import type { Step } from '../metadata/sync/plan.ts';

export interface ApplyResult { applied: Step[]; seeded: number }

/** Seed rows are inserted when their key is missing; rows already there are left as they are. */
async function seed(client: pg.PoolClient, snapshot: Snapshot): Promise<number> {
  let inserted = 0;
  for (const { value: seedDef, origin } of snapshot.effective.seeds) {
    const model = snapshot.table(seedDef.table)!;
    const keyField = model.byName.get(seedDef.key.toLowerCase())!;
    for (const [i, row] of seedDef.rows.entries()) {
      const keyValue = Object.entries(row).find(([k]) => k.toLowerCase() === seedDef.key.toLowerCase())?.[1];
      const found = await client.query(`SELECT 1 FROM ${ident(model.table.sqlName)} WHERE ${ident(keyField.sqlName)} = $1`, [keyValue]);
      if (found.rowCount) continue;
      let values;
      try {
        values = checkInput(model, row, null);
      } catch (err) {
        const detail = err instanceof AppError ? JSON.stringify(err.fields) : String(err);
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

