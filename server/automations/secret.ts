// A webhook's secret is write-only. Its field is a password field, so no call, grid, export,
// import template, event or history ever answers it; unlike a user's password it is kept as
// given (the signature needs it), which this write hook does after the write's checks, and only
// the webhook transport reads it back (by the webhook's AutoID, never through the outbox).
import type pg from 'pg';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { engineTable } from '../data/table-sql.ts';
import type { WriteHook } from '../data/write-hooks.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { WEBHOOKS, roleTable } from './tables.ts';

export const WEBHOOK_SECRET_BEHAVIOUR = 'webhook-secret';

/** Secrets given to writes in flight, by the write's client, until the row is stored. */
const given = new WeakMap<pg.PoolClient, string>();

export const webhookSecretHook: WriteHook = {
  async beforeWrite(client, write) {
    for (const [field, value] of write.values) {
      if (field === 'archive' || field.type !== 'password') continue;
      // Taken out of the write: the pipeline would store a hash of it.
      write.values.delete(field);
      if (typeof value === 'string' && value !== '') given.set(client, value);
    }
  },
  async afterWrite(client, write) {
    const secret = given.get(client);
    if (secret === undefined) return;
    given.delete(client);
    const field = write.model.table.fields.find((f) => f.type === 'password');
    if (!field) return;
    await client.query(`UPDATE ${engineTable(write.model.table)} SET ${ident(field.sqlName)} = $1 WHERE autoid = $2`, [
      secret,
      write.after.AutoID,
    ]);
  },
};

/** The secret of a webhook row, for signing its calls. */
export async function webhookSecret(db: Queryable, snapshot: Snapshot, ref: number): Promise<string | null> {
  const model = roleTable(snapshot, WEBHOOKS);
  const field = model?.table.fields.find((f) => f.type === 'password');
  if (!model || !field) return null;
  const row = (
    await db.query(`SELECT ${ident(field.sqlName)} AS secret FROM ${engineTable(model.table)} WHERE autoid = $1`, [ref])
  ).rows[0];
  return typeof row?.secret === 'string' && row.secret ? row.secret : null;
}
